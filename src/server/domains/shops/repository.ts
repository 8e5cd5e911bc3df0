import type { ShopMembership } from '../../../shared/shops.ts';
import type { Executor } from '../../db/index.ts';

/** The shops a user is staff of, by name. */
export async function listMemberships(db: Executor, userId: string): Promise<ShopMembership[]> {
  const rows = await db
    .selectFrom('shop_staff as s')
    .innerJoin('service_centers as c', 'c.id', 's.service_center_id')
    .where('s.user_id', '=', userId)
    .select(['c.id', 'c.name', 'c.city', 'c.state', 'c.is_active', 's.role'])
    .orderBy('c.name')
    .orderBy('c.id')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    serviceCenterId: row.id,
    name: row.name,
    city: row.city,
    state: row.state,
    isActive: row.is_active,
    role: row.role,
  }));
}

export async function setCurrentShop(db: Executor, userId: string, serviceCenterId: string | null): Promise<void> {
  await db.updateTable('users').set({ current_shop_id: serviceCenterId }).where('id', '=', userId).execute();
}
