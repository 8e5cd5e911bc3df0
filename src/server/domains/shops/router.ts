import { z } from 'zod';
import { shopIdSchema, type ShopMembership } from '../../../shared/shops.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { listMemberships, setCurrentShop } from './repository.ts';

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
});
