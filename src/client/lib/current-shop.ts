import type { ShopMembership, StaffRole } from '../../shared/shops.ts';
import { trpc } from './trpc.ts';

export interface CurrentShop {
  /** The shop the Tech shell works in; null when the user is staff of none. */
  shop: ShopMembership | null;
  shopId: string | null;
  role: StaffRole | null;
  /** Managers and owners manage staff, customers, the center and read the audit log. */
  canManage: boolean;
  memberships: ShopMembership[];
  isPending: boolean;
  isError: boolean;
}

/** The current shop of the signed-in user (docs/shops.md#current-shop), for every shop screen. */
export function useCurrentShop(): CurrentShop {
  const mine = trpc.shops.mine.useQuery(undefined, { staleTime: 30_000 });
  const shop = mine.data?.current ?? null;
  return {
    shop,
    shopId: shop?.serviceCenterId ?? null,
    role: shop?.role ?? null,
    canManage: shop?.role === 'owner' || shop?.role === 'manager',
    memberships: mine.data?.memberships ?? [],
    isPending: mine.isPending,
    isError: mine.isError,
  };
}
