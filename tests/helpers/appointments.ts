import { randomUUID } from 'node:crypto';
import type { StaffRole } from '../../src/shared/shops.ts';
import type { User } from '../../src/shared/auth.ts';
import type { Database } from '../../src/server/db/index.ts';
import { createUser } from './factories.ts';

/** An active service center with unique name. */
export async function createCenter(db: Database, name = `Shop ${randomUUID().slice(0, 6)}`): Promise<string> {
  const row = await db
    .insertInto('service_centers')
    .values({ name, address: '1 Main St', city: 'Springfield', state: 'IL' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user made staff of a center with a role (membership is the only access to shop data). */
export async function addStaff(db: Database, serviceCenterId: string, role: StaffRole = 'technician', user?: User): Promise<User> {
  const member = user ?? (await createUser(db, { role: 'tech' }));
  await db.insertInto('shop_staff').values({ service_center_id: serviceCenterId, user_id: member.id, role }).execute();
  return member;
}

/** A shop's customer record, linked to an account when `user` is given. */
export async function addCustomer(db: Database, serviceCenterId: string, user?: User | null, name = `Customer ${randomUUID().slice(0, 6)}`): Promise<string> {
  const row = await db
    .insertInto('shop_customers')
    .values({ service_center_id: serviceCenterId, user_id: user?.id ?? null, name, email: user?.email ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A stored vehicle (manual selection, no VIN) for tests that need one. */
export async function createVehicle(db: Database, model = `Model ${randomUUID().slice(0, 4)}`): Promise<string> {
  const row = await db.insertInto('vehicles').values({ year: 2019, make: 'Honda', model }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A customer's vehicle record (optionally tied to the account's garage vehicle). */
export async function addCustomerVehicle(db: Database, customerId: string, vehicleId: string, garageVehicleId: string | null = null): Promise<string> {
  const row = await db
    .insertInto('shop_customer_vehicles')
    .values({ customer_id: customerId, vehicle_id: vehicleId, garage_vehicle_id: garageVehicleId, plate: 'ABC-123' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A garage entry of the user for a vehicle. */
export async function addToGarage(db: Database, user: User, vehicleId: string): Promise<string> {
  const row = await db
    .insertInto('garage_vehicles')
    .values({ user_id: user.id, vehicle_id: vehicleId, nickname: 'Daily', odometer: 30_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Two shops, each with an owner, a manager and a technician, plus an outside customer account. */
export async function twoShops(db: Database) {
  const a = await createCenter(db);
  const b = await createCenter(db);
  return {
    a,
    b,
    ownerA: await addStaff(db, a, 'owner'),
    managerA: await addStaff(db, a, 'manager'),
    techA: await addStaff(db, a, 'technician'),
    techB: await addStaff(db, b, 'technician'),
    ownerB: await addStaff(db, b, 'owner'),
  };
}
