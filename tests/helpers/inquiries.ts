import { randomUUID } from 'node:crypto';
import type { StaffRole } from '../../src/shared/shops.ts';
import type { Database } from '../../src/server/db/index.ts';

/** A service center stored directly, with the given users as its staff. */
export async function createShop(
  db: Database,
  staff: { userId: string; role: StaffRole }[] = [],
  opts: { name?: string; city?: string; state?: string; services?: string[]; isActive?: boolean } = {},
): Promise<{ id: string; name: string }> {
  const name = opts.name ?? `Shop ${randomUUID().slice(0, 8)}`;
  const row = await db
    .insertInto('service_centers')
    .values({
      name,
      address: '1 Test Street',
      city: opts.city ?? 'Springfield',
      state: opts.state ?? 'IL',
      services: opts.services ?? [],
      is_active: opts.isActive ?? true,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  for (const member of staff) await addStaff(db, row.id, member.userId, member.role);
  return row;
}

export async function addStaff(db: Database, serviceCenterId: string, userId: string, role: StaffRole): Promise<void> {
  await db
    .insertInto('shop_staff')
    .values({ service_center_id: serviceCenterId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['service_center_id', 'user_id']).doUpdateSet({ role }))
    .execute();
}

/** A shop's customer record, optionally linked to an account. */
export async function createShopCustomer(db: Database, serviceCenterId: string, opts: { userId?: string; name?: string; email?: string } = {}): Promise<string> {
  const row = await db
    .insertInto('shop_customers')
    .values({ service_center_id: serviceCenterId, user_id: opts.userId ?? null, name: opts.name ?? 'Pat Customer', email: opts.email ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A stored vehicle in a user's garage (written directly, no VIN decoding). */
export async function createGarageVehicle(
  db: Database,
  userId: string,
  opts: { year?: number; make?: string; model?: string; nickname?: string } = {},
): Promise<{ garageVehicleId: string; vehicleId: string }> {
  const vehicle = await db
    .insertInto('vehicles')
    .values({ year: opts.year ?? 2019, make: opts.make ?? 'Honda', model: opts.model ?? `Civic ${randomUUID().slice(0, 4)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const garage = await db
    .insertInto('garage_vehicles')
    .values({ user_id: userId, vehicle_id: vehicle.id, nickname: opts.nickname ?? 'Daily driver', odometer: 42_000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { garageVehicleId: garage.id, vehicleId: vehicle.id };
}
