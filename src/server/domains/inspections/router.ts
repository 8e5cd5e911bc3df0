import { z } from 'zod';
import {
  completeInspectionSchema,
  createInspectionSchema,
  decideSchema,
  inspectionIdSchema,
  itemPhotoSchema,
  listInspectionsSchema,
  shareTokenSchema,
  updateInspectionSchema,
} from '../../../shared/inspections.ts';
import { uuid } from '../../../shared/garage.ts';
import { findGarageAccess } from '../../lib/garage-access.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { shopVehiclesOf } from '../../lib/vehicle-owner.ts';
import { latestConditions } from './parties.ts';
import { listVisible } from './repository.ts';
import {
  attachPhoto,
  completeInspection,
  createInspection,
  decideRecommendation,
  detachPhoto,
  getInspection,
  updateInspection,
} from './service.ts';
import { publicInspection, revokeLink, shareInspection } from './sharing.ts';

const byId = z.object({ id: inspectionIdSchema }).strict();

/** Vehicle inspections (docs/inspections.md): a shop's for its customers, and owners' self-checks. */
export const inspectionsRouter = router({
  /** Newest first: a shop's (serviceCenterId), or the caller's own vehicle's (vehicleId). */
  list: authedProcedure.input(listInspectionsSchema).query(async ({ ctx, input }) => {
    if (input.serviceCenterId) await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    const shared = input.vehicleId && !input.serviceCenterId ? await findGarageAccess(ctx.db, ctx.user.id, { vehicleId: input.vehicleId }) : null;
    return listVisible(ctx.db, ctx.user.id, { ...input, ownerId: shared?.ownerId }, input.limit);
  }),
  get: authedProcedure.input(byId).query(({ ctx, input }) => getInspection(ctx.db, ctx.user, input.id)),
  create: authedProcedure.input(createInspectionSchema).mutation(({ ctx, input }) => createInspection(ctx.db, ctx.user, input)),
  update: authedProcedure.input(updateInspectionSchema).mutation(({ ctx, input }) => updateInspection(ctx.db, ctx.user, input)),
  complete: authedProcedure.input(completeInspectionSchema).mutation(({ ctx, input }) => completeInspection(ctx.db, ctx.user, input.id, input.signature)),
  share: authedProcedure.input(byId).mutation(({ ctx, input }) => shareInspection(ctx.db, ctx.user, input.id)),
  revokeLink: authedProcedure.input(byId).mutation(({ ctx, input }) => revokeLink(ctx.db, ctx.user, input.id)),
  decide: authedProcedure.input(decideSchema).mutation(({ ctx, input }) => decideRecommendation(ctx.db, ctx.user, input)),
  attachPhoto: authedProcedure.input(itemPhotoSchema).mutation(({ ctx, input }) => attachPhoto(ctx.db, ctx.user, input)),
  detachPhoto: authedProcedure.input(itemPhotoSchema).mutation(({ ctx, input }) => detachPhoto(ctx.db, ctx.user, input)),
  /** Each component's colour on the diagram of the caller's garage vehicle (their own, or one shared with them). */
  conditions: authedProcedure
    .input(z.object({ vehicleId: uuid('vehicle') }).strict())
    .query(async ({ ctx, input }) => {
      // A household member sees the owner's garage vehicle as the owner does.
      const access = await findGarageAccess(ctx.db, ctx.user.id, { vehicleId: input.vehicleId });
      return latestConditions(ctx.db, access?.ownerId ?? ctx.user.id, input.vehicleId);
    }),
  /** The shop's customers' vehicles of this catalogue vehicle: whom a new inspection may be for. */
  targets: authedProcedure
    .input(z.object({ vehicleId: uuid('vehicle'), serviceCenterId: uuid('service center') }).strict())
    .query(async ({ ctx, input }) => {
      await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'work');
      const rows = await shopVehiclesOf(ctx.db, input.serviceCenterId, input.vehicleId);
      return rows.map((row) => ({ customerVehicleId: row.id, customerName: row.name, plate: row.plate }));
    }),
  /** The report behind a public link, for anyone holding it. */
  shared: publicProcedure.input(z.object({ token: shareTokenSchema }).strict()).query(async ({ ctx, input }) => {
    const { linkHash: _hash, ...report } = await publicInspection(ctx.db, input.token);
    return report;
  }),
});
