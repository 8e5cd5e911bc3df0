import { randomUUID } from 'node:crypto';
import type { User } from '../../src/shared/auth.ts';
import type { StaffRole } from '../../src/shared/shops.ts';
import type { Database } from '../../src/server/db/index.ts';
import { createUser } from './factories.ts';

/** A service center with a unique name. */
export async function createCenter(db: Database, name = `Shop ${randomUUID().slice(0, 8)}`): Promise<string> {
  const row = await db
    .insertInto('service_centers')
    .values({ name, address: '1 Main St', city: 'Austin', state: 'TX' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes `user` staff of the center in `role` (a membership row, as an accepted invite leaves it). */
export async function addStaff(db: Database, centerId: string, user: User, role: StaffRole): Promise<void> {
  await db.insertInto('shop_staff').values({ service_center_id: centerId, user_id: user.id, role }).execute();
}

/** A new account that is staff of the center in `role`. */
export async function createStaff(db: Database, centerId: string, role: StaffRole): Promise<User> {
  const user = await createUser(db, { role: 'tech' });
  await addStaff(db, centerId, user, role);
  return user;
}

/** A center with one member of each role. */
export async function createShop(db: Database): Promise<{ centerId: string; owner: User; manager: User; technician: User }> {
  const centerId = await createCenter(db);
  const [owner, manager, technician] = [
    await createStaff(db, centerId, 'owner'),
    await createStaff(db, centerId, 'manager'),
    await createStaff(db, centerId, 'technician'),
  ];
  return { centerId, owner, manager, technician };
}

/** A stored vehicle (what a VIN decode or a year/make/model choice leaves). */
export async function createVehicle(db: Database, values: { year?: number; make?: string; model?: string; vin?: string | null } = {}): Promise<string> {
  const row = await db
    .insertInto('vehicles')
    .values({ year: values.year ?? 2019, make: values.make ?? 'Toyota', model: values.model ?? `Camry ${randomUUID().slice(0, 6)}`, vin: values.vin ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
