import { sql } from 'kysely';
import type { AppointmentCustomerOption, AppointmentTechnicianOption } from '../../../shared/appointments.ts';
import type { Executor } from '../../db/index.ts';
import { containsPattern } from '../../lib/paging.ts';
import { personName } from './names.ts';

// The rows a new appointment may name: the shop's customers and their vehicles, its staff, and an
// inquiry of the shop being converted.

/** Converting an inquiry to an appointment puts the inquiry in progress (docs/appointments.md#rules). */
export async function markInquiryInProgress(db: Executor, inquiryId: string): Promise<void> {
  await db.updateTable('customer_inquiries').set({ status: 'in_progress' }).where('id', '=', inquiryId).execute();
}

/** An inquiry of the shop an appointment converts: its customer and vehicle come along. */
export async function inquiryOfShop(db: Executor, serviceCenterId: string, inquiryId: string) {
  return db
    .selectFrom('customer_inquiries')
    .select(['id', 'status', 'customer_id', 'shop_customer_id', 'customer_vehicle_id', 'garage_vehicle_id', 'vehicle_id'])
    .where('id', '=', inquiryId)
    .where('service_center_id', '=', serviceCenterId)
    .executeTakeFirst();
}

export async function shopCustomer(db: Executor, serviceCenterId: string, customerId: string) {
  return db
    .selectFrom('shop_customers')
    .select(['id', 'user_id'])
    .where('id', '=', customerId)
    .where('service_center_id', '=', serviceCenterId)
    .executeTakeFirst();
}

export async function customerVehicle(db: Executor, customerId: string, customerVehicleId: string) {
  return db
    .selectFrom('shop_customer_vehicles')
    .select(['id', 'vehicle_id', 'garage_vehicle_id'])
    .where('id', '=', customerVehicleId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export async function isStaffOf(db: Executor, serviceCenterId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('shop_staff').select('user_id').where('service_center_id', '=', serviceCenterId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The shop's customers by name with their vehicles, for the booking form (bounded). */
export async function shopCustomerOptions(db: Executor, serviceCenterId: string, search: string | undefined, limit: number): Promise<AppointmentCustomerOption[]> {
  let query = db
    .selectFrom('shop_customers')
    .select(['id', 'name', 'email'])
    .where('service_center_id', '=', serviceCenterId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit);
  if (search) query = query.where('search_text', 'like', containsPattern(search.toLowerCase()));
  const customers = await query.execute();
  if (customers.length === 0) return [];
  const vehicles = await db
    .selectFrom('shop_customer_vehicles as cv')
    .innerJoin('vehicles as v', 'v.id', 'cv.vehicle_id')
    .select(['cv.id', 'cv.customer_id', 'cv.plate', 'v.year', 'v.make', 'v.model'])
    .where('cv.customer_id', 'in', customers.map((c) => c.id))
    .orderBy('cv.created_at')
    .limit(500)
    .execute();
  return customers.map((customer) => ({
    ...customer,
    vehicles: vehicles
      .filter((v) => v.customer_id === customer.id)
      .map((v) => ({ id: v.id, label: `${v.year} ${v.make} ${v.model}${v.plate ? ` (${v.plate})` : ''}` })),
  }));
}

/** The shop's staff, for the technician picker. */
export async function shopStaffOptions(db: Executor, serviceCenterId: string): Promise<AppointmentTechnicianOption[]> {
  const rows = await db
    .selectFrom('shop_staff as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 's.role', 'u.first_name', 'u.last_name', 'u.email'])
    .where('s.service_center_id', '=', serviceCenterId)
    .orderBy('u.email')
    .limit(200)
    .execute();
  return rows.map((row) => ({ userId: row.user_id, role: row.role, name: personName(row.first_name, row.last_name, row.email) ?? row.email }));
}

