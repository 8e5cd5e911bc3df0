import { sql, type SqlBool } from 'kysely';
import type { CustomerOption } from '../../../shared/customers.ts';
import type { Executor } from '../../db/index.ts';
import { containsPattern } from '../../lib/paging.ts';
import { MAX_CUSTOMER_VEHICLES } from './repository.ts';

/**
 * A shop's customers by name (A to Z) with their vehicles, for the pickers of the "New Inquiry" and
 * booking forms: at most `limit` customers and, for each, the vehicles the shop keeps (at most 50).
 */
export async function customerOptions(db: Executor, serviceCenterId: string, search: string | undefined, limit: number): Promise<CustomerOption[]> {
  let query = db
    .selectFrom('shop_customers')
    .select(['id', 'name', 'email'])
    .where('service_center_id', '=', serviceCenterId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit);
  // The same trigram-indexed text the customer list searches (name, e-mail, phone).
  if (search) query = query.where(sql<SqlBool>`search_text LIKE lower(${containsPattern(search)})`);
  const customers = await query.execute();
  if (customers.length === 0) return [];
  const vehicles = await db
    .selectFrom('shop_customer_vehicles as cv')
    .innerJoin('vehicles as v', 'v.id', 'cv.vehicle_id')
    .select(['cv.id', 'cv.customer_id', 'cv.plate', 'v.year', 'v.make', 'v.model'])
    .where('cv.customer_id', 'in', customers.map((c) => c.id))
    .orderBy('cv.created_at')
    .orderBy('cv.id')
    .limit(customers.length * MAX_CUSTOMER_VEHICLES)
    .execute();
  return customers.map((customer) => ({
    ...customer,
    vehicles: vehicles
      .filter((v) => v.customer_id === customer.id)
      .map((v) => ({ id: v.id, label: `${v.year} ${v.make} ${v.model}${v.plate ? ` (${v.plate})` : ''}` })),
  }));
}
