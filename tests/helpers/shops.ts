import { randomUUID } from 'node:crypto';
import type { User } from '../../src/shared/auth.ts';
import type { StaffRole } from '../../src/shared/shops.ts';
import type { Database } from '../../src/server/db/index.ts';
import { createUser } from './factories.ts';

/**
 * Fixtures for shop rights: a service center with its owner, staff of a given role. They write the
 * rows directly (no procedure), so any suite can set up membership in one line.
 */

export interface TestShop {
  id: string;
  name: string;
  city: string;
}

/** Makes `userId` staff of `centerId` with `role` (or changes the role of an existing member). */
export async function makeStaff(db: Database, userId: string, centerId: string, role: StaffRole): Promise<void> {
  await db
    .insertInto('shop_staff')
    .values({ service_center_id: centerId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['service_center_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** A new active service center owned by `owner` (as `shops.register` leaves it). */
export async function registerShop(db: Database, owner: User, overrides: { name?: string; city?: string; state?: string; isActive?: boolean } = {}): Promise<TestShop> {
  const tag = randomUUID().slice(0, 8);
  const row = await db
    .insertInto('service_centers')
    .values({
      name: overrides.name ?? `Shop ${tag}`,
      address: '1 Main St',
      city: overrides.city ?? `City${tag}`,
      state: overrides.state ?? 'TX',
      manager_id: owner.id,
      is_active: overrides.isActive ?? true,
    })
    .returning(['id', 'name', 'city'])
    .executeTakeFirstOrThrow();
  await makeStaff(db, owner.id, row.id, 'owner');
  return row;
}

/** A new user who is staff of `centerId` with `role`; their mode stays Simple (modes grant nothing). */
export async function createStaff(db: Database, centerId: string, role: StaffRole, opts: { email?: string } = {}): Promise<User> {
  const user = await createUser(db, { role: 'simple', ...opts });
  await makeStaff(db, user.id, centerId, role);
  return user;
}

/** A shop with one member of each role. */
export async function shopWithStaff(db: Database): Promise<{ shop: TestShop; owner: User; manager: User; technician: User }> {
  const owner = await createUser(db, { role: 'simple' });
  const shop = await registerShop(db, owner);
  const manager = await createStaff(db, shop.id, 'manager');
  const technician = await createStaff(db, shop.id, 'technician');
  return { shop, owner, manager, technician };
}

/** An administrator (as ADMIN_EMAILS or the first account makes one). */
export async function makeAdmin(db: Database, user: User): Promise<User> {
  await db.updateTable('users').set({ is_admin: true }).where('id', '=', user.id).execute();
  return { ...user, isAdmin: true };
}
