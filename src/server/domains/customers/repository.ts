import { sql, type Selectable, type SqlBool } from 'kysely';
import {
  CUSTOMER_DETAIL_ROWS,
  type CreateCustomerValues,
  type CustomerAppointmentRow,
  type CustomerInquiryRow,
  type CustomerListItem,
  type CustomerPage,
  type CustomerPatchValues,
  type CustomerRecordRow,
  type CustomerSummary,
  type CustomerVehicle,
} from '../../../shared/customers.ts';
import type { Executor } from '../../db/index.ts';
import type { ShopCustomersTable, ShopCustomerVehiclesTable } from '../../db/schema.ts';
import { containsPattern, decodeCursor, encodeCursor, pageOf } from '../../lib/paging.ts';
import { vehiclesById } from '../../lib/vehicles.ts';

const customerColumns = ['id', 'service_center_id', 'user_id', 'name', 'email', 'phone', 'notes', 'tags', 'created_at', 'updated_at'] as const;
export type CustomerRow = Pick<Selectable<ShopCustomersTable>, (typeof customerColumns)[number]>;

export function toCustomer(row: CustomerRow): CustomerSummary {
  return {
    id: row.id,
    serviceCenterId: row.service_center_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    tags: row.tags,
    linked: row.user_id !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findCustomerRow(db: Executor, id: string, forUpdate = false): Promise<CustomerRow | null> {
  let query = db.selectFrom('shop_customers').select(customerColumns).where('id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export async function insertCustomer(db: Executor, values: CreateCustomerValues): Promise<CustomerRow> {
  return db
    .insertInto('shop_customers')
    .values({
      service_center_id: values.serviceCenterId,
      name: values.name,
      email: values.email,
      phone: values.phone,
      notes: values.notes,
      tags: values.tags,
    })
    .returning(customerColumns)
    .executeTakeFirstOrThrow();
}

export async function updateCustomerRow(db: Executor, id: string, patch: CustomerPatchValues): Promise<CustomerRow> {
  return db
    .updateTable('shop_customers')
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.email !== undefined ? { email: patch.email } : {}),
      ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
      ...(patch.tags !== undefined ? { tags: patch.tags } : {}),
    })
    .where('id', '=', id)
    .returning(customerColumns)
    .executeTakeFirstOrThrow();
}

export interface CustomerFilters {
  search?: string;
  tag?: string;
}

/** By name (A to Z), a keyset page at a time; the counts of the page's rows in one bounded second query. */
export async function listCustomerPage(
  db: Executor,
  serviceCenterId: string,
  filters: CustomerFilters,
  page: { cursor?: string | null; limit: number },
): Promise<CustomerPage> {
  let query = db
    .selectFrom('shop_customers')
    .select(customerColumns)
    .select(sql<string>`lower(name)`.as('sort_key'))
    .where('service_center_id', '=', serviceCenterId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(page.limit + 1);
  // search_text is lower(name || '\n' || email || '\n' || phone) with a trigram index (migration 0009).
  if (filters.search) query = query.where(sql<SqlBool>`search_text LIKE lower(${containsPattern(filters.search)})`);
  if (filters.tag) {
    // Tags match whatever their case: the tag filter is a word the staff typed or clicked.
    const tag = filters.tag.toLowerCase();
    query = query.where(sql<SqlBool>`EXISTS (SELECT 1 FROM unnest(tags) AS t WHERE lower(t) = ${tag})`);
  }
  if (page.cursor) {
    const { key, id } = decodeCursor(page.cursor);
    query = query.where(sql<SqlBool>`(lower(name), id) > (${key}, ${id}::uuid)`);
  }
  const rows = await query.execute();
  const result = pageOf(rows, page.limit, (row) => row, (row) => encodeCursor(row.sort_key, row.id));
  const counts = await countsOf(db, result.items.map((row) => row.id));
  return {
    items: result.items.map((row): CustomerListItem => ({
      ...toCustomer(row),
      vehicleCount: counts.get(row.id)?.vehicles ?? 0,
      openInquiryCount: counts.get(row.id)?.inquiries ?? 0,
      upcomingAppointmentCount: counts.get(row.id)?.appointments ?? 0,
    })),
    nextCursor: result.nextCursor,
  };
}

async function countsOf(db: Executor, ids: string[]): Promise<Map<string, { vehicles: number; inquiries: number; appointments: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('shop_customers as c')
    .where('c.id', 'in', ids)
    .select([
      'c.id',
      sql<number>`(SELECT count(*) FROM shop_customer_vehicles v WHERE v.customer_id = c.id)::int`.as('vehicles'),
      sql<number>`(SELECT count(*) FROM customer_inquiries i WHERE i.shop_customer_id = c.id AND i.status IN ('open', 'in_progress'))::int`.as('inquiries'),
      sql<number>`(SELECT count(*) FROM service_appointments a WHERE a.shop_customer_id = c.id
          AND a.status IN ('scheduled', 'confirmed') AND a.appointment_date >= now())::int`.as('appointments'),
    ])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

// ---- Vehicles -------------------------------------------------------------------------------

const vehicleLinkColumns = ['id', 'customer_id', 'vehicle_id', 'plate', 'odometer', 'garage_vehicle_id', 'created_at', 'updated_at'] as const;
export type CustomerVehicleRow = Pick<Selectable<ShopCustomerVehiclesTable>, (typeof vehicleLinkColumns)[number]>;

export async function customerVehicles(db: Executor, customerId: string): Promise<CustomerVehicle[]> {
  const rows = await db
    .selectFrom('shop_customer_vehicles')
    .select(vehicleLinkColumns)
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(MAX_CUSTOMER_VEHICLES)
    .execute();
  return withVehicles(db, rows);
}

export async function withVehicles(db: Executor, rows: CustomerVehicleRow[]): Promise<CustomerVehicle[]> {
  const vehicles = await vehiclesById(db, rows.map((row) => row.vehicle_id));
  return rows.flatMap((row) => {
    const vehicle = vehicles.get(row.vehicle_id);
    if (!vehicle) return [];
    return [{
      id: row.id,
      customerId: row.customer_id,
      vehicle,
      plate: row.plate,
      odometer: row.odometer,
      garageVehicleId: row.garage_vehicle_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }];
  });
}

/** A customer keeps at most this many vehicles: the detail page lists them all. */
export const MAX_CUSTOMER_VEHICLES = 50;

export async function countCustomerVehicles(db: Executor, customerId: string): Promise<number> {
  const row = await db
    .selectFrom('shop_customer_vehicles')
    .where('customer_id', '=', customerId)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function hasVehicle(db: Executor, customerId: string, vehicleId: string): Promise<boolean> {
  const row = await db.selectFrom('shop_customer_vehicles').select('id').where('customer_id', '=', customerId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  return row !== undefined;
}

export async function insertCustomerVehicle(
  db: Executor,
  values: { customerId: string; vehicleId: string; plate: string | null; odometer: number | null },
): Promise<CustomerVehicleRow> {
  return db
    .insertInto('shop_customer_vehicles')
    .values({ customer_id: values.customerId, vehicle_id: values.vehicleId, plate: values.plate, odometer: values.odometer })
    .returning(vehicleLinkColumns)
    .executeTakeFirstOrThrow();
}

export async function findCustomerVehicleRow(db: Executor, id: string, forUpdate = false): Promise<(CustomerVehicleRow & { service_center_id: string }) | null> {
  let query = db
    .selectFrom('shop_customer_vehicles as v')
    .innerJoin('shop_customers as c', 'c.id', 'v.customer_id')
    .select(vehicleLinkColumns.map((column) => `v.${column}` as const))
    .select('c.service_center_id')
    .where('v.id', '=', id);
  if (forUpdate) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

export async function updateCustomerVehicleRow(db: Executor, id: string, patch: { plate?: string | null; odometer?: number | null }): Promise<CustomerVehicleRow> {
  return db
    .updateTable('shop_customer_vehicles')
    .set({
      ...(patch.plate !== undefined ? { plate: patch.plate } : {}),
      ...(patch.odometer !== undefined ? { odometer: patch.odometer } : {}),
    })
    .where('id', '=', id)
    .returning(vehicleLinkColumns)
    .executeTakeFirstOrThrow();
}

export async function deleteCustomerVehicleRow(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('shop_customer_vehicles').where('id', '=', id).execute();
}

// ---- History at this shop -----------------------------------------------------------------

export async function customerInquiries(db: Executor, customer: CustomerRow): Promise<CustomerInquiryRow[]> {
  const rows = await db
    .selectFrom('customer_inquiries')
    .select(['id', 'subject', 'inquiry_type', 'status', 'priority', 'created_at'])
    .where('shop_customer_id', '=', customer.id)
    .where('service_center_id', '=', customer.service_center_id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(CUSTOMER_DETAIL_ROWS)
    .execute();
  return rows.map((row) => ({ id: row.id, subject: row.subject, inquiryType: row.inquiry_type, status: row.status, priority: row.priority, createdAt: row.created_at }));
}

export async function customerAppointments(db: Executor, customer: CustomerRow): Promise<CustomerAppointmentRow[]> {
  const rows = await db
    .selectFrom('service_appointments')
    .select(['id', 'service_type', 'status', 'appointment_date', 'duration'])
    .where('shop_customer_id', '=', customer.id)
    .where('service_center_id', '=', customer.service_center_id)
    .orderBy('appointment_date', 'desc')
    .orderBy('id', 'desc')
    .limit(CUSTOMER_DETAIL_ROWS)
    .execute();
  return rows.map((row) => ({ id: row.id, serviceType: row.service_type, status: row.status, appointmentDate: row.appointment_date, duration: row.duration }));
}

/**
 * Records this shop wrote for the customer's vehicles (docs/customers.md#the-detail): never what
 * the owner keeps in their own garage. A linked customer's are those in their account's history;
 * an unlinked customer's are the shop's records of the vehicle kept in no account's history.
 */
export async function customerRecords(db: Executor, customer: CustomerRow, vehicleIds: string[]): Promise<CustomerRecordRow[]> {
  if (vehicleIds.length === 0) return [];
  let query = db
    .selectFrom('service_records')
    .select(['id', 'vehicle_id', 'service_type', 'status', 'date', 'mileage_value', 'cost'])
    .where('service_center_id', '=', customer.service_center_id)
    .where('vehicle_id', 'in', vehicleIds);
  query = customer.user_id === null ? query.where('user_id', 'is', null) : query.where('user_id', '=', customer.user_id);
  const rows = await query.orderBy('date', 'desc').orderBy('id', 'desc').limit(CUSTOMER_DETAIL_ROWS).execute();
  return rows.map((row) => ({
    id: row.id,
    vehicleId: row.vehicle_id,
    serviceType: row.service_type,
    status: row.status,
    date: row.date,
    mileage: row.mileage_value,
    cost: row.cost,
  }));
}
