import { sql } from 'kysely';
import { createContextInner } from '../../context.ts';
import type { Database } from '../../db/index.ts';
import { createCallerFactory, router } from '../../trpc.ts';
import { createVehiclesRouter } from './router.ts';
import type { DecoderSource } from './service.ts';
import { getVinDecoder, type VinDecoder } from './vin-decoder.ts';

/** Decoders that count their calls, a caller with a chosen decoder, and row counts for the vehicles tests. */

export const LOAD = 60_000;

/** The real decoder behind a counter, so a test can tell whether the service asked it at all. */
export function countingDecoders(): { source: DecoderSource; decodes: () => number } {
  let decodes = 0;
  const source: DecoderSource = async () => {
    const real = await getVinDecoder();
    const counting: VinDecoder = {
      decode(vin) {
        decodes += 1;
        return real.decode(vin);
      },
      modelsFor: (make, year) => real.modelsFor(make, year),
      loadInfo: real.loadInfo,
      close: () => undefined,
    };
    return counting;
  };
  return { source, decodes: () => decodes };
}

export function vehiclesCaller(db: Database, source: DecoderSource) {
  const factory = createCallerFactory(router({ vehicles: createVehiclesRouter(source) }));
  return factory(createContextInner({ db, user: null })).vehicles;
}


export async function vehicleCount(db: Database): Promise<number> {
  const row = await db.selectFrom('vehicles').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

export async function partsOf(db: Database, vehicleId: string): Promise<{ components: number; videos: number }> {
  const components = await db
    .selectFrom('vehicle_components')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  const videos = await db
    .selectFrom('video_walkthroughs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirstOrThrow();
  return { components: components.n, videos: videos.n };
}

export { rejection } from '../../../../tests/helpers/factories.ts';
