import { sql, type SqlBool } from 'kysely';
import { sharedHistoryOf } from './garage-access.ts';

/**
 * Who may read a service record (docs/garage.md#records-written-by-shops), as a condition on a
 * `service_records` row aliased `r`: its owner; staff of the shop that wrote it; and staff of a
 * shop whose customer, linked to the record's owner, has the record's vehicle. Nothing comes from
 * the user's mode. Household members read the history of a vehicle shared with them
 * (lib/garage-access.ts). Other domains (files) use this to follow records' read rule without reaching
 * into the service-records domain.
 */
export function recordVisibleTo(userId: string) {
  const me = sql`${userId}::uuid`;
  const myShops = sql`(SELECT service_center_id FROM shop_staff WHERE user_id = ${me})`;
  return sql<SqlBool>`(r.user_id = ${me}
    OR r.service_center_id IN ${myShops}
    OR (r.user_id IS NOT NULL AND ${sharedHistoryOf(userId, 'r')})
    OR (r.user_id IS NOT NULL AND EXISTS (
      SELECT 1 FROM shop_customer_vehicles cv JOIN shop_customers c ON c.id = cv.customer_id
      WHERE c.user_id = r.user_id AND cv.vehicle_id = r.vehicle_id AND c.service_center_id IN ${myShops})))`;
}
