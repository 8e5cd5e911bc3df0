import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type {
  AppointmentPage,
  AppointmentStats,
  AppointmentStatus,
  CreateAppointmentValues,
  DateFilter,
  ServiceAppointment,
} from '../../../shared/appointments.ts';
import type { Executor } from '../../db/index.ts';
import type { ServiceAppointmentsTable } from '../../db/schema.ts';
import { containsPattern, decodeCursor, encodeCursor, pageOf, timestampFromKey, timestampKey } from '../../lib/paging.ts';
import { namesOf, NO_NAMES } from './names.ts';
import { linkedCustomerIds, staffShopIds } from '../../lib/shop-access.ts';
import { countWhere, shopCounts } from '../../lib/shop-counts.ts';

const appointmentColumns = [
  'id',
  'inquiry_id',
  'customer_id',
  'service_center_id',
  'vehicle_id',
  'technician_id',
  'appointment_date',
  'duration',
  'service_type',
  'description',
  'status',
  'estimated_cost',
  'actual_cost',
  'notes',
  'reminder_sent',
  'shop_customer_id',
  'customer_vehicle_id',
  'garage_vehicle_id',
  'created_at',
  'updated_at',
] as const;

type AppointmentRow = Pick<Selectable<ServiceAppointmentsTable>, (typeof appointmentColumns)[number]>;

async function named(db: Executor, rows: AppointmentRow[]): Promise<ServiceAppointment[]> {
  const names = await namesOf(db, rows.map((row) => row.id));
  return rows.map((row) => toAppointment(row, names.get(row.id) ?? NO_NAMES));
}

function toAppointment(row: AppointmentRow, names = NO_NAMES): ServiceAppointment {
  return {
    ...names,
    shopCustomerId: row.shop_customer_id,
    customerVehicleId: row.customer_vehicle_id,
    garageVehicleId: row.garage_vehicle_id,
    id: row.id,
    inquiryId: row.inquiry_id,
    customerId: row.customer_id,
    serviceCenterId: row.service_center_id,
    vehicleId: row.vehicle_id,
    technicianId: row.technician_id,
    appointmentDate: row.appointment_date,
    duration: row.duration,
    serviceType: row.service_type,
    description: row.description,
    status: row.status,
    estimatedCost: row.estimated_cost,
    actualCost: row.actual_cost,
    notes: row.notes,
    reminderSent: row.reminder_sent,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Whose appointments a query reaches (docs/appointments.md#who-may-do-what):
 * - viewer: what the caller may see at all: their own requests (as the account or a linked shop
 *   customer) and every appointment of the shops they are staff of; `isAdmin`: every one (an admin reading one by id);
 * - shop: one shop's appointments (the caller's access to it is checked before);
 * - mine: the caller's own requests.
 */
export type AppointmentScope =
  | { kind: 'viewer'; userId: string; isAdmin: boolean }
  | { kind: 'shop'; serviceCenterId: string }
  | { kind: 'mine'; userId: string };

function visible(db: Executor, scope: AppointmentScope) {
  const query = db.selectFrom('service_appointments');
  if (scope.kind === 'shop') return query.where('service_center_id', '=', scope.serviceCenterId);
  if (scope.kind === 'viewer' && scope.isAdmin) return query;
  return query.where((eb) =>
    eb.or([
      eb('customer_id', '=', scope.userId),
      eb('shop_customer_id', 'in', linkedCustomerIds(db, scope.userId)),
      ...(scope.kind === 'viewer' ? [eb('service_center_id', 'in', staffShopIds(db, scope.userId))] : []),
    ]),
  );
}

/**
 * Midnight `days` after the start of `now`'s day in `timeZone`, as an instant. PostgreSQL's zone
 * rules do the work, so days of 23 or 25 hours (DST changes) come out right. The expression is
 * stable, so the planner still uses the date indexes.
 */
export function localMidnight(now: Date, timeZone: string, days: number): RawBuilder<Date> {
  return sql<Date>`((date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) + make_interval(days => ${days}::int)) AT TIME ZONE ${timeZone})`;
}

/** Who an appointment is for and who wrote it, resolved by the service before the insert. */
export interface AppointmentParties {
  customerId: string | null;
  shopCustomerId: string | null;
  customerVehicleId: string | null;
  garageVehicleId: string | null;
  vehicleId: string | null;
  technicianId: string | null;
  inquiryId: string | null;
  createdBy: string;
}

export async function insertAppointment(db: Executor, parties: AppointmentParties, values: CreateAppointmentValues): Promise<ServiceAppointment> {
  const row = await db
    .insertInto('service_appointments')
    .values({
      customer_id: parties.customerId,
      shop_customer_id: parties.shopCustomerId,
      customer_vehicle_id: parties.customerVehicleId,
      garage_vehicle_id: parties.garageVehicleId,
      vehicle_id: parties.vehicleId,
      technician_id: parties.technicianId,
      inquiry_id: parties.inquiryId,
      created_by: parties.createdBy,
      appointment_date: values.appointmentDate,
      duration: values.duration,
      service_type: values.serviceType,
      description: values.description,
      status: values.status,
      service_center_id: values.serviceCenterId,
      estimated_cost: values.estimatedCost ?? null,
      notes: values.notes,
    })
    .returning(appointmentColumns)
    .executeTakeFirstOrThrow();
  return (await named(db, [row]))[0]!;
}

export async function findAppointment(db: Executor, scope: AppointmentScope, id: string): Promise<ServiceAppointment | null> {
  const row = await visible(db, scope).select(appointmentColumns).where('id', '=', id).executeTakeFirst();
  return row ? (await named(db, [row]))[0]! : null;
}

/** The raw row a change starts from, locked against a concurrent change in the same transaction. */
export async function appointmentForChange(db: Executor, id: string) {
  return db.selectFrom('service_appointments').select(appointmentColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The account to tell about a change: the linked customer's, else the account that booked. */
export async function customerAccountOf(db: Executor, appointment: { shopCustomerId: string | null; customerId: string | null }): Promise<string | null> {
  if (appointment.shopCustomerId) {
    const row = await db.selectFrom('shop_customers').select('user_id').where('id', '=', appointment.shopCustomerId).executeTakeFirst();
    if (row?.user_id) return row.user_id;
  }
  return appointment.customerId;
}

export interface AppointmentFilters {
  search?: string;
  status?: AppointmentStatus;
  date: DateFilter;
  timeZone: string;
  now: Date;
}

/** Upcoming windows read forwards in time; everything else newest first. */
function ascending(filter: DateFilter): boolean {
  return filter === 'today' || filter === 'tomorrow' || filter === 'week';
}

export async function listAppointmentPage(
  db: Executor,
  scope: AppointmentScope,
  filters: AppointmentFilters,
  page: { cursor?: string | null; limit: number },
): Promise<AppointmentPage> {
  const { now, timeZone } = filters;
  const direction = ascending(filters.date) ? 'asc' : 'desc';
  let query = visible(db, scope)
    .select(appointmentColumns)
    .select(timestampKey('appointment_date').as('sort_key'))
    .orderBy('appointment_date', direction)
    .orderBy('id', direction)
    .limit(page.limit + 1);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    query = query.where((eb) => eb.or([eb('service_type', 'ilike', pattern), eb('description', 'ilike', pattern)]));
  }
  switch (filters.date) {
    case 'today':
      query = query
        .where('appointment_date', '>=', localMidnight(now, timeZone, 0))
        .where('appointment_date', '<', localMidnight(now, timeZone, 1));
      break;
    case 'tomorrow':
      query = query
        .where('appointment_date', '>=', localMidnight(now, timeZone, 1))
        .where('appointment_date', '<', localMidnight(now, timeZone, 2));
      break;
    case 'week':
      query = query
        .where('appointment_date', '>=', now)
        .where('appointment_date', '<=', new Date(now.getTime() + 7 * 24 * 60 * 60_000));
      break;
    case 'overdue':
      query = query.where('appointment_date', '<', now).where('status', '=', 'scheduled');
      break;
    case 'all':
      break;
  }
  if (page.cursor) {
    const { key, id } = decodeCursor(page.cursor);
    query = query.where(({ eb, refTuple, tuple }) =>
      eb(refTuple('appointment_date', 'id'), direction === 'asc' ? '>' : '<', tuple(timestampFromKey(key), id)),
    );
  }
  const rows = await query.execute();
  const named_ = await named(db, rows);
  const byId = new Map(named_.map((a) => [a.id, a]));
  return pageOf(rows, page.limit, (row) => byId.get(row.id)!, (row) => encodeCursor(row.sort_key, row.id));
}

/** SPEC's full-list answer; bounded like every list. */
export const ALL_APPOINTMENTS_MAX = 1000;

export async function listAllAppointments(db: Executor, scope: AppointmentScope): Promise<ServiceAppointment[]> {
  const rows = await visible(db, scope)
    .select(appointmentColumns)
    .orderBy('appointment_date', 'desc')
    .orderBy('id', 'desc')
    .limit(ALL_APPOINTMENTS_MAX)
    .execute();
  return named(db, rows);
}

export interface AppointmentChanges {
  appointmentDate?: Date;
  duration?: number;
  serviceType?: string;
  description?: string | null;
  technicianId?: string | null;
  estimatedCost?: string | null;
  actualCost?: string | null;
  notes?: string | null;
  status?: AppointmentStatus;
}

export async function updateAppointment(db: Executor, id: string, changes: AppointmentChanges): Promise<ServiceAppointment> {
  const row = await db
    .updateTable('service_appointments')
    .set({
      ...(changes.appointmentDate !== undefined && { appointment_date: changes.appointmentDate }),
      ...(changes.duration !== undefined && { duration: changes.duration }),
      ...(changes.serviceType !== undefined && { service_type: changes.serviceType }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.technicianId !== undefined && { technician_id: changes.technicianId }),
      ...(changes.estimatedCost !== undefined && { estimated_cost: changes.estimatedCost }),
      ...(changes.actualCost !== undefined && { actual_cost: changes.actualCost }),
      ...(changes.notes !== undefined && { notes: changes.notes }),
      ...(changes.status !== undefined && { status: changes.status }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning(appointmentColumns)
    .executeTakeFirstOrThrow();
  return (await named(db, [row]))[0]!;
}

/**
 * The four cards: one shop's from its counters (migration 0031) with today's rows through its
 * (center, date) index; the caller's own in one query through the customer indexes.
 */
export async function appointmentStats(db: Executor, scope: AppointmentScope, timeZone: string, now: Date): Promise<AppointmentStats> {
  const isToday = sql<SqlBool>`appointment_date >= ${localMidnight(now, timeZone, 0)} AND appointment_date < ${localMidnight(now, timeZone, 1)}`;
  if (scope.kind === 'shop') {
    const counts = await shopCounts(db, scope.serviceCenterId, 'appointment');
    const { today } = await visible(db, scope).select(sql<number>`count(*)::int`.as('today')).where(isToday).executeTakeFirstOrThrow();
    const scheduled = countWhere(counts, (c) => c.status === 'scheduled');
    return { total: countWhere(counts), today, scheduled, completed: countWhere(counts, (c) => c.status === 'completed') };
  }
  const row = await visible(db, scope)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE status = 'scheduled'))::int`.as('scheduled'),
      sql<number>`(count(*) FILTER (WHERE status = 'completed'))::int`.as('completed'),
      sql<number>`(count(*) FILTER (WHERE ${isToday}))::int`.as('today'),
    ])
    .executeTakeFirstOrThrow();
  return { total: row.total, today: row.today, scheduled: row.scheduled, completed: row.completed };
}
