import { z } from 'zod';
import {
  serviceCenterIdSchema,
  serviceCenterInputSchema,
  serviceCenterListSchema,
  serviceCenterPatchSchema,
  type ServiceCenter,
} from '../../../shared/service-centers.ts';
import type { User } from '../../../shared/auth.ts';
import type { ShopAccess } from '../../../shared/shops.ts';
import type { Database } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { auditable, recordAudit } from '../../lib/audit.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { findCenter, insertCenterWithOwner, listAllCenters, listCenterPage, updateCenter } from './repository.ts';

const byId = z.object({ id: serviceCenterIdSchema }).strict();

function found(center: ServiceCenter | null): ServiceCenter {
  if (!center) throw domainError('NOT_FOUND', 'Service center not found');
  return center;
}

const SCOPE = 'service-centers';

/** Admins edit every center (the directory); others need `access` in that shop (404 for non-staff). */
async function requireCenterRight(db: Database, user: User, id: string, access: ShopAccess): Promise<void> {
  if (user.isAdmin) return;
  await requireShopAccess(db, user, id, access);
}

/**
 * Any signed-in user registers a shop and becomes its owner, in one transaction; it becomes their
 * current shop. Served as `serviceCenters.create` and `shops.register`.
 */
const registerShop = authedProcedure.input(serviceCenterInputSchema).mutation(async ({ ctx, input }) => {
  const center = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertCenterWithOwner(trx, ctx.user.id, input);
    await recordAudit(trx, { serviceCenterId: created.id, actorId: ctx.user.id, entity: 'center', entityId: created.id, action: 'create', after: auditable(created) });
    return created;
  });
  ctx.authCache.setUser({ ...ctx.user, currentShopId: center.id });
  ctx.readCache.invalidate(SCOPE);
  return center;
});

/** Mounted under `shops` (src/server/router.ts). */
export const shopRegistrationRouter = router({ register: registerShop });

// Anyone reads active centers, signed-in users all of them; staff managers/owners edit their
// center, its owner deactivates it, admins both (docs/service-centers.md#who-may-do-what).
export const serviceCentersRouter = router({
  list: publicProcedure
    .input(serviceCenterListSchema)
    .query(({ ctx, input }) =>
      ctx.readCache.get(SCOPE, `page:${ctx.user !== null}:${JSON.stringify(input)}`, () => listCenterPage(ctx.db, ctx.user !== null, input)),
    ),
  all: publicProcedure.query(({ ctx }) => ctx.readCache.get(SCOPE, `all:${ctx.user !== null}`, () => listAllCenters(ctx.db, ctx.user !== null))),
  get: publicProcedure.input(byId).query(async ({ ctx, input }) => found(await findCenter(ctx.db, ctx.user !== null, input.id))),
  create: registerShop,
  update: authedProcedure
    .input(serviceCenterPatchSchema.extend({ id: serviceCenterIdSchema }))
    .mutation(async ({ ctx, input: { id, ...patch } }) => {
      await requireCenterRight(ctx.db, ctx.user, id, patch.isActive === false ? 'own' : 'manage');
      const center = await updateCenter(ctx.db, id, patch);
      ctx.readCache.invalidate(SCOPE);
      return found(center);
    }),
  /**
   * "Delete" keeps the row: an inactive center stays listed with its badge
   * (docs/service-centers.md#who-may-do-what).
   */
  deactivate: authedProcedure
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      await requireCenterRight(ctx.db, ctx.user, input.id, 'own');
      const center = await updateCenter(ctx.db, input.id, { isActive: false });
      ctx.readCache.invalidate(SCOPE);
      return found(center);
    }),
});
