import { sql } from 'kysely';
import { ROLE_RANK, type ShopMembership, type StaffMember, type StaffRole } from '../../../shared/shops.ts';
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

/** A shop's staff, owners first, then by name; a shop has few members (bounded at 500). */
export async function listStaff(db: Executor, serviceCenterId: string): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('shop_staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.service_center_id', '=', serviceCenterId)
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name', 's.role', 's.created_at'])
    .orderBy(sql`CASE s.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END`)
    .orderBy(sql`lower(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') || u.email)`)
    .orderBy('u.id')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    name: fullName(row.first_name, row.last_name),
    email: row.email,
    role: row.role,
    since: row.created_at,
  }));
}

export function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? null : name;
}

/**
 * The shop's owners, locked until the transaction ends: two owners demoting or removing each
 * other at once wait for one another, so a shop never ends up without one.
 */
export async function lockOwners(db: Executor, serviceCenterId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('shop_staff')
    .select('user_id')
    .where('service_center_id', '=', serviceCenterId)
    .where('role', '=', 'owner')
    .forUpdate()
    .execute();
  return rows.map((row) => row.user_id);
}

export async function memberRole(db: Executor, serviceCenterId: string, userId: string): Promise<StaffRole | null> {
  const row = await db
    .selectFrom('shop_staff')
    .select('role')
    .where('service_center_id', '=', serviceCenterId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function setMemberRole(db: Executor, serviceCenterId: string, userId: string, role: StaffRole): Promise<void> {
  await db.updateTable('shop_staff').set({ role }).where('service_center_id', '=', serviceCenterId).where('user_id', '=', userId).execute();
}

/** Ends a membership; the user's current-shop choice falls back to their next shop. */
export async function deleteMember(db: Executor, serviceCenterId: string, userId: string): Promise<void> {
  await db.deleteFrom('shop_staff').where('service_center_id', '=', serviceCenterId).where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ current_shop_id: null }).where('id', '=', userId).where('current_shop_id', '=', serviceCenterId).execute();
}

/** Adds a member, or raises an existing member to `role`; a higher role is kept. Returns the role held now. */
export async function joinShop(db: Executor, serviceCenterId: string, userId: string, role: StaffRole): Promise<{ role: StaffRole; before: StaffRole | null }> {
  const before = await memberRole(db, serviceCenterId, userId);
  if (before === null) {
    await db.insertInto('shop_staff').values({ service_center_id: serviceCenterId, user_id: userId, role }).execute();
    return { role, before };
  }
  if (ROLE_RANK[role] > ROLE_RANK[before]) {
    await setMemberRole(db, serviceCenterId, userId, role);
    return { role, before };
  }
  return { role: before, before };
}
