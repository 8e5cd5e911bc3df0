import { TRPCError } from '@trpc/server';
import type { ShopAccess, StaffRole } from '../../shared/shops.ts';
import type { User } from '../../shared/auth.ts';
import type { Executor } from '../db/index.ts';
import { domainError } from '../http/errors.ts';

/**
 * Who may do what in a shop (docs/shops.md#who-may-do-what). Access comes only from staff
 * membership of the service center, never from the user's mode:
 * - read: any staff role; admins too (support)
 * - work: any staff role (status changes, records, inspections)
 * - manage: managers and owners (staff, customers, the center's profile, audit)
 * - own: owners (delete the shop)
 */
const GRANTS: Record<ShopAccess, readonly StaffRole[]> = {
  read: ['owner', 'manager', 'technician'],
  work: ['owner', 'manager', 'technician'],
  manage: ['owner', 'manager'],
  own: ['owner'],
};

export function roleGrants(role: StaffRole, access: ShopAccess): boolean {
  return GRANTS[access].includes(role);
}

export async function staffRole(db: Executor, userId: string, serviceCenterId: string): Promise<StaffRole | null> {
  const row = await db
    .selectFrom('shop_staff')
    .select('role')
    .where('service_center_id', '=', serviceCenterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export interface ShopActor {
  userId: string;
  serviceCenterId: string;
  /** null for an admin reading a shop they are not staff of. */
  role: StaffRole | null;
}

/**
 * The caller's standing in a shop, or an error: 404 when they are not staff (the shop's data is
 * not revealed), 403 when their role does not reach `access`.
 */
export async function requireShopAccess(db: Executor, user: User, serviceCenterId: string, access: ShopAccess): Promise<ShopActor> {
  const role = await staffRole(db, user.id, serviceCenterId);
  if (role === null) {
    if (access === 'read' && user.isAdmin) return { userId: user.id, serviceCenterId, role: null };
    throw domainError('NOT_FOUND', 'Service center not found');
  }
  if (!roleGrants(role, access)) {
    throw domainError('FORBIDDEN', access === 'own' ? 'Only the shop owner can do this' : 'Only the shop\u2019s managers and owners can do this');
  }
  return { userId: user.id, serviceCenterId, role };
}

/**
 * requireShopAccess for a row of the shop: someone who is not its staff gets the row's own 404
 * (`notFound`, e.g. "Purchase order not found") rather than the shop's; a role too small still 403.
 */
export async function requireRowAccess(db: Executor, user: User, serviceCenterId: string, access: ShopAccess, notFound: () => TRPCError): Promise<ShopActor> {
  try {
    return await requireShopAccess(db, user, serviceCenterId, access);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND') throw notFound();
    throw error;
  }
}

/** The ids of the shops a user is staff of: what their shop views may read. */
export function staffShopIds(db: Executor, userId: string) {
  return db.selectFrom('shop_staff').select('service_center_id').where('user_id', '=', userId);
}

/** The shop customer records linked to a user's account: how a customer sees staff-made rows. */
export function linkedCustomerIds(db: Executor, userId: string) {
  return db.selectFrom('shop_customers').select('id').where('user_id', '=', userId);
}
