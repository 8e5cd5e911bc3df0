import { sql } from 'kysely';
import type { CustomerVehicle } from '../../../shared/service-records.ts';
import type { Executor } from '../../db/index.ts';
import { containsPattern } from '../../lib/paging.ts';
import { recordVisibleTo } from '../../lib/record-reach.ts';
import { vehiclesById } from '../../lib/vehicles.ts';

// ---- Who may reach whose records (docs/garage.md#records-written-by-shops) ---------------------

/**
 * The records a user sees: their own history; the records their shops wrote; and, for a vehicle of
 * a shop customer linked to an account, that account's own history of the vehicle (the shop
 * services it). Nothing comes from the user's mode. The rule lives in lib/record-reach.ts, where
 * files (attachments) read it too.
 */
export function visibleTo(userId: string) {
  return recordVisibleTo(userId);
}

/** A shop customer's vehicle of any of the user's shops (to filter a history by it). */
export async function customerVehicleOfMyShops(db: Executor, userId: string, customerVehicleId: string) {
  return db
    .selectFrom('shop_customer_vehicles as cv')
    .innerJoin('shop_customers as c', 'c.id', 'cv.customer_id')
    .select(['cv.id', 'cv.vehicle_id as vehicleId', 'c.user_id as userId'])
    .where('cv.id', '=', customerVehicleId)
    .where('c.service_center_id', 'in', db.selectFrom('shop_staff').select('service_center_id').where('user_id', '=', userId))
    .executeTakeFirst();
}

/** The vehicles of the shop's customers, by customer name (bounded): what staff keep records for. */
export async function listCustomerVehicles(
  db: Executor,
  serviceCenterId: string,
  filter: { customerId?: string; search?: string },
): Promise<CustomerVehicle[]> {
  let query = db
    .selectFrom('shop_customer_vehicles as cv')
    .innerJoin('shop_customers as c', 'c.id', 'cv.customer_id')
    .select(['cv.id', 'cv.vehicle_id', 'cv.plate', 'c.id as customer_id', 'c.name', 'c.email'])
    .where('c.service_center_id', '=', serviceCenterId)
    .orderBy(sql`lower(c.name)`)
    .orderBy('cv.created_at')
    .limit(200);
  if (filter.customerId) query = query.where('c.id', '=', filter.customerId);
  if (filter.search) query = query.where('c.search_text', 'like', containsPattern(filter.search.toLowerCase()));
  const rows = await query.execute();
  const vehicles = await vehiclesById(
    db,
    rows.map((row) => row.vehicle_id),
  );
  return rows.flatMap((row) => {
    const vehicle = vehicles.get(row.vehicle_id);
    if (!vehicle) return [];
    return [{ customerVehicleId: row.id, customerId: row.customer_id, plate: row.plate, customerName: row.name, customerEmail: row.email, vehicle }];
  });
}
