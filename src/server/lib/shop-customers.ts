import type { User } from '../../shared/auth.ts';
import type { Executor } from '../db/index.ts';
import { findGarageAccess, requireGarageRole } from './garage-access.ts';

/**
 * The shop's customer record of an account that contacts the shop (docs/shops.md#customers): the
 * record already linked to the account, else an unlinked record with the account's address (the
 * shop entered this customer before they had an account: it gets linked), else a new one.
 */
export async function customerForAccount(db: Executor, serviceCenterId: string, user: User): Promise<string> {
  const linked = await db
    .selectFrom('shop_customers')
    .select('id')
    .where('service_center_id', '=', serviceCenterId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (linked) return linked.id;
  const byEmail = await db
    .updateTable('shop_customers')
    .set({ user_id: user.id })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('shop_customers')
        .select('id')
        .where('service_center_id', '=', serviceCenterId)
        .where('user_id', 'is', null)
        .where('email', '=', user.email)
        .orderBy('created_at')
        .limit(1),
    )
    .returning('id')
    .executeTakeFirst();
  if (byEmail) return byEmail.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email.split('@')[0]!.slice(0, 120);
  const created = await db
    .insertInto('shop_customers')
    .values({ service_center_id: serviceCenterId, user_id: user.id, name, email: user.email })
    // Two first requests at once: the unique (center, account) index keeps one record.
    .onConflict((oc) => oc.columns(['service_center_id', 'user_id']).where('user_id', 'is not', null).doUpdateSet({ updated_at: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/**
 * The customer's vehicle record for one of the account's garage vehicles, made on first contact;
 * null when the garage vehicle is not the account's. Only the owner brings a vehicle to a shop (the
 * records a shop writes join the owner's history); a household member gets 403 (lib/garage-access.ts).
 */
export async function customerVehicleForGarage(
  db: Executor,
  customerId: string,
  userId: string,
  garageVehicleId: string,
): Promise<{ customerVehicleId: string; vehicleId: string } | null> {
  const access = await findGarageAccess(db, userId, { id: garageVehicleId });
  if (!access) return null;
  requireGarageRole(access, 'own');
  const garage = await db.selectFrom('garage_vehicles').select(['id', 'vehicle_id', 'odometer']).where('id', '=', access.garageVehicleId).executeTakeFirst();
  if (!garage) return null;
  const row = await db
    .insertInto('shop_customer_vehicles')
    .values({ customer_id: customerId, vehicle_id: garage.vehicle_id, garage_vehicle_id: garage.id, odometer: garage.odometer })
    .onConflict((oc) => oc.columns(['customer_id', 'vehicle_id']).doUpdateSet({ garage_vehicle_id: garage.id, odometer: garage.odometer }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customerVehicleId: row.id, vehicleId: garage.vehicle_id };
}
