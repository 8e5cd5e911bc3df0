import { TRPCError } from '@trpc/server';
import {
  decodeVinInputSchema,
  modelsInputSchema,
  serviceRecordsInputSchema,
  vehicleIdInputSchema,
  vehicleSelectionSchema,
} from '../../../shared/vehicles.ts';
import type { Executor } from '../../db/index.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import {
  findVehicleById,
  listComponents,
  listWalkthroughs,
  searchVehicles,
} from './repository.ts';
import { componentBelongsTo, listRecords } from '../garage/repository.ts';
import { recordViewer } from '../garage/service.ts';
import { catalog, catalogModels, chooseVehicle, identifyByVin, type DecoderSource } from './service.ts';
import { getVinDecoder } from './vin-decoder.ts';

async function requireVehicle(db: Executor, vehicleId: string) {
  const vehicle = await findVehicleById(db, vehicleId);
  if (!vehicle) throw new TRPCError({ code: 'NOT_FOUND', message: 'Vehicle not found' });
  return vehicle;
}

/** Every procedure is open to anonymous callers (PRODUCT "Who may do what"), except service history. */
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
    components: publicProcedure.input(vehicleIdInputSchema).query(async ({ ctx, input }) => {
      await requireVehicle(ctx.db, input.vehicleId);
      return listComponents(ctx.db, input.vehicleId);
    }),
    videos: publicProcedure.input(vehicleIdInputSchema).query(async ({ ctx, input }) => {
      await requireVehicle(ctx.db, input.vehicleId);
      return listWalkthroughs(ctx.db, input.vehicleId);
    }),
    /** The component's history the caller may see (their garage's, or customers' for technicians). */
    serviceRecords: authedProcedure.input(serviceRecordsInputSchema).query(async ({ ctx, input }) => {
      if (!(await componentBelongsTo(ctx.db, input.componentId, input.vehicleId))) {
        throw new TRPCError({ code: 'NOT_FOUND', message: 'Component not found' });
      }
      const { items } = await listRecords(
        ctx.db,
        recordViewer(ctx.user),
        { vehicleId: input.vehicleId, componentId: input.componentId, timeZone: 'UTC' },
        { limit: 100, offset: 0 },
      );
      return items.map(({ id, serviceType, description, mileage, date }) => ({ id, serviceType, description, mileage, date }));
    }),
  });
}

export const vehiclesRouter = createVehiclesRouter();
