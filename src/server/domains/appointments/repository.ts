import { sql, type RawBuilder, type Selectable } from 'kysely';
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
import type { Viewer } from '../../lib/viewer.ts';

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
  'created_at',
  'updated_at',
] as const;

type AppointmentRow = Pick<Selectable<ServiceAppointmentsTable>, (typeof appointmentColumns)[number]>;

function toAppointment(row: AppointmentRow): ServiceAppointment {
  return {
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

function visible(db: Executor, viewer: Viewer) {
  const query = db.selectFrom('service_appointments');
  return viewer.isTech ? query : query.where('customer_id', '=', viewer.userId);
}

/**
 * Midnight `days` after the start of `now`'s day in `timeZone`, as an instant. PostgreSQL's zone
 * rules do the work, so days of 23 or 25 hours (DST changes) come out right. The expression is
 * stable, so the planner still uses the date indexes.
 */
export function localMidnight(now: Date, timeZone: string, days: number): RawBuilder<Date> {
  return sql<Date>`((date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone}) + make_interval(days => ${days}::int)) AT TIME ZONE ${timeZone})`;
}

export async function insertAppointment(
  db: Executor,
  people: { customerId: string; technicianId: string | null },
  values: CreateAppointmentValues,
): Promise<ServiceAppointment> {
  const row = await db
    .insertInto('service_appointments')
    .values({
      customer_id: people.customerId,
      technician_id: people.technicianId,
      appointment_date: values.appointmentDate,
      duration: values.duration,
      service_type: values.serviceType,
      description: values.description,
      status: values.status,
      service_center_id: values.serviceCenterId ?? null,
      vehicle_id: values.vehicleId ?? null,
      estimated_cost: values.estimatedCost ?? null,
      notes: values.notes,
    })
    .returning(appointmentColumns)
    .executeTakeFirstOrThrow();
  return toAppointment(row);
}

export async function findAppointment(db: Executor, viewer: Viewer, id: string): Promise<ServiceAppointment | null> {
  const row = await visible(db, viewer).select(appointmentColumns).where('id', '=', id).executeTakeFirst();
  return row ? toAppointment(row) : null;
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
  viewer: Viewer,
  filters: AppointmentFilters,
  page: { cursor?: string | null; limit: number },
): Promise<AppointmentPage> {
  const { now, timeZone } = filters;
  const direction = ascending(filters.date) ? 'asc' : 'desc';
  let query = visible(db, viewer)
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
  return pageOf(rows, page.limit, toAppointment, (row) => encodeCursor(row.sort_key, row.id));
}

export async function listAllAppointments(db: Executor, viewer: Viewer): Promise<ServiceAppointment[]> {
  const rows = await visible(db, viewer)
    .select(appointmentColumns)
    .orderBy('appointment_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAppointment);
}

export async function updateAppointmentStatus(db: Executor, id: string, status: AppointmentStatus): Promise<ServiceAppointment | null> {
  const row = await db
    .updateTable('service_appointments')
    .set({ status })
    .where('id', '=', id)
    .returning(appointmentColumns)
    .executeTakeFirst();
  return row ? toAppointment(row) : null;
}

/**
 * The four cards in one query. Technicians: totals by status from the trigger-kept counters plus
 * today's count through the date index; owners: their own rows through the customer index.
 */
export async function appointmentStats(db: Executor, viewer: Viewer, timeZone: string, now: Date): Promise<AppointmentStats> {
  const dayStart = localMidnight(now, timeZone, 0);
  const dayEnd = localMidnight(now, timeZone, 1);
  const row = viewer.isTech
    ? await db
        .selectFrom('crm_counts')
        .where('entity', '=', 'appointment')
        .select((eb) => [
          sql<number>`coalesce(sum(n), 0)::int`.as('total'),
          sql<number>`coalesce(sum(n) FILTER (WHERE status = 'scheduled'), 0)::int`.as('scheduled'),
          sql<number>`coalesce(sum(n) FILTER (WHERE status = 'completed'), 0)::int`.as('completed'),
          eb
            .selectFrom('service_appointments')
            .select(sql<number>`count(*)::int`.as('today'))
            .where('appointment_date', '>=', dayStart)
            .where('appointment_date', '<', dayEnd)
            .as('today'),
        ])
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('service_appointments')
        .where('customer_id', '=', viewer.userId)
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) FILTER (WHERE status = 'scheduled'))::int`.as('scheduled'),
          sql<number>`(count(*) FILTER (WHERE status = 'completed'))::int`.as('completed'),
          sql<number>`(count(*) FILTER (WHERE appointment_date >= ${dayStart} AND appointment_date < ${dayEnd}))::int`.as('today'),
        ])
        .executeTakeFirstOrThrow();
  return { total: row.total, today: Number(row.today ?? 0), scheduled: row.scheduled, completed: row.completed };
}
