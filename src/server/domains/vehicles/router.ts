import { TRPCError } from '@trpc/server';
import {
  decodeVinInputSchema,
  modelsInputSchema,
  vehicleIdInputSchema,
  vehicleSelectionSchema,
} from '../../../shared/vehicles.ts';
import type { Executor } from '../../db/index.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { publicProcedure, router } from '../../trpc.ts';
import { listComponents, listWalkthroughs, searchVehicles } from './repository.ts';
import { catalog, catalogModels, chooseVehicle, identifyByVin, type DecoderSource } from './service.ts';
import { getVinDecoder } from './vin-decoder.ts';

async function requireVehicle(db: Executor, vehicleId: string) {
  const vehicle = await findVehicleById(db, vehicleId);
  if (!vehicle) throw new TRPCError({ code: 'NOT_FOUND', message: 'Vehicle not found' });
  return vehicle;
}

/**
 * Every procedure is open to anonymous callers (docs/vehicles.md, docs/api.md#who-may-call-what). A
 * component's service history, `vehicles.serviceRecords`, is signed-in only and served by the
 * service-records domain.
 */
export function createVehiclesRouter(decoders: DecoderSource = getVinDecoder) {
  return router({
    decodeVin: publicProcedure
      .input(decodeVinInputSchema)
      .mutation(({ ctx, input }) => identifyByVin(ctx.db, decoders, input.vin)),
    search: publicProcedure.input(vehicleSelectionSchema).query(({ ctx, input }) => searchVehicles(ctx.db, input)),
    catalog: publicProcedure.query(() => catalog()),
    models: publicProcedure.input(modelsInputSchema).query(({ input }) => catalogModels(decoders, input)),
    choose: publicProcedure
      .input(vehicleSelectionSchema)
      .mutation(({ ctx, input }) => chooseVehicle(ctx.db, decoders, input)),
    /** A stored vehicle by id: what a page address (`/?vehicle=<id>`) names. */
    get: publicProcedure.input(vehicleIdInputSchema).query(({ ctx, input }) => requireVehicle(ctx.db, input.vehicleId)),
    components: publicProcedure.input(vehicleIdInputSchema).query(async ({ ctx, input }) => {
      await requireVehicle(ctx.db, input.vehicleId);
      return listComponents(ctx.db, input.vehicleId);
    }),
    videos: publicProcedure.input(vehicleIdInputSchema).query(async ({ ctx, input }) => {
      await requireVehicle(ctx.db, input.vehicleId);
      return listWalkthroughs(ctx.db, input.vehicleId);
    }),
  });
}

export const vehiclesRouter = createVehiclesRouter();
