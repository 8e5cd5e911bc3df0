import { z } from 'zod';
import { createSessionSchema, listSessionsSchema, sessionIdSchema, updateSessionSchema } from '../../../shared/diagnostics.ts';
import { uuid } from '../../../shared/garage.ts';
import { findGarageAccess } from '../../lib/garage-access.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { shopVehiclesOf } from '../../lib/vehicle-owner.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { listVisibleSessions } from './sessions-repository.ts';
import { createSession, getSession, sessionCsv, updateSession } from './sessions-service.ts';

/** Stored diagnostic sessions (docs/diagnostics.md): a shop's scans of its customers' cars and owners' own. */
export const diagnosticSessionsRouter = router({
  list: authedProcedure.input(listSessionsSchema).query(async ({ ctx, input }) => {
    if (input.serviceCenterId) await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'read');
    // A household member sees the owner's garage vehicle as the owner does.
    const shared = input.vehicleId && !input.serviceCenterId ? await findGarageAccess(ctx.db, ctx.user.id, { vehicleId: input.vehicleId }) : null;
    return listVisibleSessions(ctx.db, ctx.user.id, { ...input, ownerId: shared?.ownerId }, input.limit);
  }),
  get: authedProcedure.input(z.object({ id: sessionIdSchema }).strict()).query(({ ctx, input }) => getSession(ctx.db, ctx.user, input.id)),
  csv: authedProcedure.input(z.object({ id: sessionIdSchema }).strict()).query(({ ctx, input }) => sessionCsv(ctx.db, ctx.user, input.id)),
  create: authedProcedure.input(createSessionSchema).mutation(({ ctx, input }) => createSession(ctx.db, ctx.user, input)),
  update: authedProcedure.input(updateSessionSchema).mutation(({ ctx, input }) => updateSession(ctx.db, ctx.user, input)),
  /** The shop's customers' vehicles of this catalogue vehicle: whose car a scan may be saved to. */
  targets: authedProcedure.input(z.object({ vehicleId: uuid('vehicle'), serviceCenterId: uuid('service center') }).strict()).query(async ({ ctx, input }) => {
    await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'work');
    const rows = await shopVehiclesOf(ctx.db, input.serviceCenterId, input.vehicleId);
    return rows.map((row) => ({ customerVehicleId: row.id, customerName: row.name, plate: row.plate }));
  }),
});
