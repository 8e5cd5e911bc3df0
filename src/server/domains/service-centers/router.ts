import { z } from 'zod';
import {
  serviceCenterIdSchema,
  serviceCenterInputSchema,
  serviceCenterListSchema,
  serviceCenterPatchSchema,
  type ServiceCenter,
} from '../../../shared/service-centers.ts';
import { domainError } from '../../http/errors.ts';
import { publicProcedure, router, techProcedure } from '../../trpc.ts';
import { findCenter, insertCenter, listAllCenters, listCenterPage, updateCenter } from './repository.ts';

const byId = z.object({ id: serviceCenterIdSchema }).strict();

function found(center: ServiceCenter | null): ServiceCenter {
  if (!center) throw domainError('NOT_FOUND', 'Service center not found');
  return center;
}

const SCOPE = 'service-centers';

// Anyone reads active centers, signed-in users all of them, technicians manage them
// (docs/service-centers.md#who-may-do-what).
export const serviceCentersRouter = router({
  list: publicProcedure
    .input(serviceCenterListSchema)
    .query(({ ctx, input }) =>
      ctx.readCache.get(SCOPE, `page:${ctx.user !== null}:${JSON.stringify(input)}`, () => listCenterPage(ctx.db, ctx.user !== null, input)),
    ),
  all: publicProcedure.query(({ ctx }) => ctx.readCache.get(SCOPE, `all:${ctx.user !== null}`, () => listAllCenters(ctx.db, ctx.user !== null))),
  get: publicProcedure.input(byId).query(async ({ ctx, input }) => found(await findCenter(ctx.db, ctx.user !== null, input.id))),
  create: techProcedure
    .input(serviceCenterInputSchema)
    .mutation(async ({ ctx, input }) => {
      const center = await insertCenter(ctx.db, ctx.user.id, input);
      ctx.readCache.invalidate(SCOPE);
      return center;
    }),
  update: techProcedure
    .input(serviceCenterPatchSchema.extend({ id: serviceCenterIdSchema }))
    .mutation(async ({ ctx, input: { id, ...patch } }) => {
      const center = await updateCenter(ctx.db, id, patch);
      ctx.readCache.invalidate(SCOPE);
      return found(center);
    }),
  /**
   * "Delete" keeps the row: an inactive center stays listed with its badge
   * (docs/service-centers.md#who-may-do-what).
   */
  deactivate: techProcedure
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const center = await updateCenter(ctx.db, input.id, { isActive: false });
      ctx.readCache.invalidate(SCOPE);
      return found(center);
    }),
});
