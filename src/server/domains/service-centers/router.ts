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

// PRODUCT.md: anyone reads active centers, signed-in users all of them, technicians manage them.
export const serviceCentersRouter = router({
  list: publicProcedure
    .input(serviceCenterListSchema)
    .query(({ ctx, input }) => listCenterPage(ctx.db, ctx.user !== null, input)),
  all: publicProcedure.query(({ ctx }) => listAllCenters(ctx.db, ctx.user !== null)),
  get: publicProcedure.input(byId).query(async ({ ctx, input }) => found(await findCenter(ctx.db, ctx.user !== null, input.id))),
  create: techProcedure
    .input(serviceCenterInputSchema)
    .mutation(({ ctx, input }) => insertCenter(ctx.db, ctx.user.id, input)),
  update: techProcedure
    .input(serviceCenterPatchSchema.extend({ id: serviceCenterIdSchema }))
    .mutation(async ({ ctx, input: { id, ...patch } }) => found(await updateCenter(ctx.db, id, patch))),
  /** "Delete" keeps the row: an inactive center stays listed with its badge (PRODUCT.md). */
  deactivate: techProcedure
    .input(byId)
    .mutation(async ({ ctx, input }) => found(await updateCenter(ctx.db, input.id, { isActive: false }))),
});
