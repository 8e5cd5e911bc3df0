import { z } from 'zod';
import {
  inviteCodeInputSchema,
  inviteCreateSchema,
  inviteRevokeSchema,
  shopIdSchema,
  shopScopeSchema,
  staffRemoveSchema,
  staffSetRoleSchema,
  type ShopMembership,
} from '../../../shared/shops.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { acceptInvite, createInvite, listInvites, previewInvite, revokeInvite } from './invites.ts';
import { listMemberships, setCurrentShop } from './repository.ts';
import { leaveShop, removeStaff, setStaffRole, staffOf } from './staff.ts';

export interface MyShops {
  memberships: ShopMembership[];
  /** The shop the Tech shell shows: the kept choice while it is still a membership, else the first. */
  current: ShopMembership | null;
}

export const shopsRouter = router({
  /** The shops I am staff of and the one I work in now. */
  mine: authedProcedure.query(async ({ ctx }): Promise<MyShops> => {
    const memberships = await listMemberships(ctx.db, ctx.user.id);
    const current = memberships.find((m) => m.serviceCenterId === ctx.user.currentShopId) ?? memberships[0] ?? null;
    return { memberships, current };
  }),
  /** Picks the shop the Tech shell shows; kept per user. */
  setCurrent: authedProcedure
    .input(z.object({ serviceCenterId: shopIdSchema }).strict())
    .mutation(async ({ ctx, input }) => {
      await requireShopAccess(ctx.db, ctx.user, input.serviceCenterId, 'work');
      await setCurrentShop(ctx.db, ctx.user.id, input.serviceCenterId);
      // This process's memory of the user sees the choice at once; others within their short TTL.
      ctx.authCache.setUser({ ...ctx.user, currentShopId: input.serviceCenterId });
      return { serviceCenterId: input.serviceCenterId };
    }),
  /** Any member leaves, except the last owner (409). */
  leave: authedProcedure.input(shopScopeSchema).mutation(async ({ ctx, input }) => {
    await leaveShop(ctx.db, ctx.user, input.serviceCenterId);
    if (ctx.user.currentShopId === input.serviceCenterId) ctx.authCache.setUser({ ...ctx.user, currentShopId: null });
    return { serviceCenterId: input.serviceCenterId };
  }),
  // Read: any staff (admins for support); changes: managers and owners (docs/shops.md#who-may-do-what).
  staff: router({
    list: authedProcedure.input(shopScopeSchema).query(({ ctx, input }) => staffOf(ctx.db, ctx.user, input.serviceCenterId)),
    setRole: authedProcedure.input(staffSetRoleSchema).mutation(({ ctx, input }) => setStaffRole(ctx.db, ctx.user, input)),
    remove: authedProcedure.input(staffRemoveSchema).mutation(async ({ ctx, input }) => {
      await removeStaff(ctx.db, ctx.user, input);
      return { userId: input.userId };
    }),
  }),
  invites: router({
    create: authedProcedure.input(inviteCreateSchema).mutation(({ ctx, input }) => createInvite(ctx.db, ctx.user, input)),
    list: authedProcedure.input(shopScopeSchema).query(({ ctx, input }) => listInvites(ctx.db, ctx.user, input.serviceCenterId)),
    revoke: authedProcedure.input(inviteRevokeSchema).mutation(async ({ ctx, input }) => {
      await revokeInvite(ctx.db, ctx.user, input);
      return { inviteId: input.inviteId };
    }),
    /** Public: whoever holds the link sees the shop and role, or why it cannot be used. */
    preview: publicProcedure.input(inviteCodeInputSchema).query(({ ctx, input }) => previewInvite(ctx.db, input.code)),
    accept: authedProcedure.input(inviteCodeInputSchema).mutation(async ({ ctx, input }) => {
      const accepted = await acceptInvite(ctx.db, ctx.user, input.code);
      ctx.authCache.setUser({ ...ctx.user, currentShopId: accepted.serviceCenterId });
      return accepted;
    }),
  }),
});
