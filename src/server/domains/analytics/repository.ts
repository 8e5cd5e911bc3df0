import { sql, type RawBuilder } from 'kysely';
import {
  ANALYTICS_TOP_SERVICE_TYPES,
  type AnalyticsInput,
  type AnalyticsOverview,
  type AnalyticsPerformance,
  type AnalyticsRange,
  type AnalyticsServices,
  type CenterFigures,
  type PriorityResolution,
  type ServiceTypeFigures,
} from '../../../shared/analytics.ts';
import type { Executor } from '../../db/index.ts';

/** More centers than this would not fit a chart or a table; the busiest ones come first. */
export const MAX_CENTERS = 100;
export const NO_CENTER_NAME = 'No service center';

/** Local midnight at the start of `from` and after `to`, as instants: the period is [start, end). */
export function bounds(range: AnalyticsInput): { start: RawBuilder<Date>; end: RawBuilder<Date>; shop: RawBuilder<boolean> } {
  return {
    // Every figure counts the named shop's rows only, through the center indexes (migration 0009).
    shop: sql<boolean>`service_center_id = ${range.serviceCenterId}::uuid`,
    start: sql<Date>`((${range.from}::date)::timestamp AT TIME ZONE ${range.timeZone})`,
    end: sql<Date>`((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.timeZone})`,
  };
}

// An inquiry counts as resolved once its status is resolved or closed. The moment it was resolved
// is its completed date when staff recorded one, otherwise its last update: nothing else changes an
// inquiry after it is closed, so updated_at is when the status was set.
const resolvedAt = sql<Date>`coalesce(completed_date, updated_at)`;
const isResolved = sql<boolean>`status IN ('resolved', 'closed')`;

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function nullableNumber(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

function money(value: string | null): number {
  return value === null ? 0 : Number(value);
}

/** The period as the report states it (without the shop). */
export function periodOf(input: AnalyticsInput): AnalyticsRange {
  return { from: input.from, to: input.to, timeZone: input.timeZone };
}

export async function overviewFigures(db: Executor, input: AnalyticsInput): Promise<AnalyticsOverview> {
  const range = periodOf(input);
  const { start, end, shop } = bounds(input);
  const tz = range.timeZone;

  const totals = await sql<{
    opened: number;
    resolved: number;
    appointments: number;
    completed: number;
    no_shows: number;
    cancelled: number;
  }>`
    SELECT
      (SELECT count(*)::int FROM customer_inquiries
        WHERE ${shop} AND created_at >= ${start} AND created_at < ${end}) AS opened,
      (SELECT count(*)::int FROM customer_inquiries
        WHERE ${shop} AND ${isResolved} AND ${resolvedAt} >= ${start} AND ${resolvedAt} < ${end}) AS resolved,
      count(*)::int AS appointments,
      (count(*) FILTER (WHERE status = 'completed'))::int AS completed,
      (count(*) FILTER (WHERE status = 'no_show'))::int AS no_shows,
      (count(*) FILTER (WHERE status = 'cancelled'))::int AS cancelled
    FROM service_appointments
    WHERE ${shop} AND appointment_date >= ${start} AND appointment_date < ${end}
  `.execute(db);

  // Weeks start on Monday (date_trunc's ISO weeks); the first and last week may reach outside the
  // period, but only rows inside it are counted.
  const weeks = await sql<{ week_start: string; opened: number; resolved: number }>`
    WITH weeks AS (
      SELECT generate_series(date_trunc('week', ${range.from}::date::timestamp), ${range.to}::date::timestamp, interval '1 week') AS week_start
    ),
    opened AS (
      SELECT date_trunc('week', created_at AT TIME ZONE ${tz}) AS week_start, count(*)::int AS n
      FROM customer_inquiries
      WHERE ${shop} AND created_at >= ${start} AND created_at < ${end}
      GROUP BY 1
    ),
    resolved AS (
      SELECT date_trunc('week', ${resolvedAt} AT TIME ZONE ${tz}) AS week_start, count(*)::int AS n
      FROM customer_inquiries
      WHERE ${shop} AND ${isResolved} AND ${resolvedAt} >= ${start} AND ${resolvedAt} < ${end}
      GROUP BY 1
    )
    SELECT weeks.week_start::date::text AS week_start, coalesce(opened.n, 0) AS opened, coalesce(resolved.n, 0) AS resolved
    FROM weeks
    LEFT JOIN opened ON opened.week_start = weeks.week_start
    LEFT JOIN resolved ON resolved.week_start = weeks.week_start
    ORDER BY weeks.week_start
  `.execute(db);

  const days = await sql<{ day: string; appointments: number; completed: number }>`
    WITH days AS (
      SELECT generate_series(${range.from}::date::timestamp, ${range.to}::date::timestamp, interval '1 day') AS day
    ),
    counts AS (
      SELECT date_trunc('day', appointment_date AT TIME ZONE ${tz}) AS day,
        count(*)::int AS appointments,
        (count(*) FILTER (WHERE status = 'completed'))::int AS completed
      FROM service_appointments
      WHERE ${shop} AND appointment_date >= ${start} AND appointment_date < ${end}
      GROUP BY 1
    )
    SELECT days.day::date::text AS day, coalesce(counts.appointments, 0) AS appointments, coalesce(counts.completed, 0) AS completed
    FROM days
    LEFT JOIN counts ON counts.day = days.day
    ORDER BY days.day
  `.execute(db);

  const t = totals.rows[0] ?? { opened: 0, resolved: 0, appointments: 0, completed: 0, no_shows: 0, cancelled: 0 };
  const concluded = t.completed + t.no_shows + t.cancelled;
  return {
    range,
    inquiriesOpened: t.opened,
    inquiriesResolved: t.resolved,
    appointments: t.appointments,
    completed: t.completed,
    noShows: t.no_shows,
    cancelled: t.cancelled,
    completionRate: concluded === 0 ? null : t.completed / concluded,
    noShowRate: concluded === 0 ? null : t.no_shows / concluded,
    inquiriesPerWeek: weeks.rows.map((row) => ({ weekStart: row.week_start, opened: row.opened, resolved: row.resolved })),
    appointmentsPerDay: days.rows.map((row) => ({ date: row.day, appointments: row.appointments, completed: row.completed })),
  };
}

interface ServiceTypeRow {
  service_type: string;
  appointments: number;
  completed: number;
  revenue: string | null;
  average_duration: number;
}

function serviceTypeFromRow(row: ServiceTypeRow): ServiceTypeFigures {
  return {
    serviceType: row.service_type,
    appointments: row.appointments,
    completed: row.completed,
    revenue: money(row.revenue),
    averageDurationMinutes: round(Number(row.average_duration), 1),
  };
}

export async function servicesFigures(db: Executor, input: AnalyticsInput): Promise<AnalyticsServices> {
  const range = periodOf(input);
  const { start, end, shop } = bounds(input);
  const inRange = sql<boolean>`${shop} AND appointment_date >= ${start} AND appointment_date < ${end}`;

  // Service types are free text: 'Oil change' and 'oil change ' are one type, shown with the
  // spelling used most often.
  const perType = (order: 'count' | 'revenue') => sql<ServiceTypeRow>`
    SELECT
      mode() WITHIN GROUP (ORDER BY btrim(service_type)) AS service_type,
      count(*)::int AS appointments,
      (count(*) FILTER (WHERE status = 'completed'))::int AS completed,
      sum(actual_cost)::text AS revenue,
      avg(duration)::float8 AS average_duration
    FROM service_appointments
    WHERE ${inRange}
    GROUP BY lower(btrim(service_type))
    ${order === 'revenue' ? sql`HAVING sum(actual_cost) > 0 ORDER BY sum(actual_cost) DESC, count(*) DESC` : sql`ORDER BY count(*) DESC, sum(actual_cost) DESC NULLS LAST`},
      lower(btrim(service_type))
    LIMIT ${ANALYTICS_TOP_SERVICE_TYPES}
  `;

  const [summary, byCount, byRevenue] = await Promise.all([
    sql<{ service_types: number; total_revenue: string | null; average_duration: number | null }>`
      SELECT
        count(DISTINCT lower(btrim(service_type)))::int AS service_types,
        sum(actual_cost)::text AS total_revenue,
        avg(duration)::float8 AS average_duration
      FROM service_appointments
      WHERE ${inRange}
    `.execute(db),
    perType('count').execute(db),
    perType('revenue').execute(db),
  ]);
  const s = summary.rows[0];
  const averageDuration = nullableNumber(s?.average_duration ?? null);
  return {
    range,
    serviceTypes: s?.service_types ?? 0,
    totalRevenue: money(s?.total_revenue ?? null),
    averageDurationMinutes: averageDuration === null ? null : round(averageDuration, 1),
    byCount: byCount.rows.map(serviceTypeFromRow),
    byRevenue: byRevenue.rows.map(serviceTypeFromRow),
  };
}

const PRIORITY_ORDER: PriorityResolution['priority'][] = ['urgent', 'high', 'medium', 'low'];

export async function performanceFigures(db: Executor, input: AnalyticsInput): Promise<AnalyticsPerformance> {
  const range = periodOf(input);
  const { start, end, shop } = bounds(input);

  // A completed date recorded before the inquiry was created is a data-entry slip: it counts as 0 h.
  const resolutions = sql`
    SELECT priority, greatest(0, extract(epoch FROM ${resolvedAt} - created_at))::float8 / 3600 AS hours
    FROM customer_inquiries
    WHERE ${shop} AND ${isResolved} AND ${resolvedAt} >= ${start} AND ${resolvedAt} < ${end}
  `;

  const [summary, byPriority, centers] = await Promise.all([
    sql<{ resolved: number; average_hours: number | null; median_hours: number | null }>`
      SELECT count(*)::int AS resolved, avg(hours)::float8 AS average_hours,
        (percentile_cont(0.5) WITHIN GROUP (ORDER BY hours))::float8 AS median_hours
      FROM (${resolutions}) r
    `.execute(db),
    sql<{ priority: PriorityResolution['priority']; resolved: number; average_hours: number }>`
      SELECT priority, count(*)::int AS resolved, avg(hours)::float8 AS average_hours
      FROM (${resolutions}) r
      GROUP BY priority
    `.execute(db),
    sql<{
      service_center_id: string | null;
      name: string | null;
      city: string | null;
      appointments: number;
      completed: number;
      no_shows: number;
      revenue: string | null;
    }>`
      SELECT a.service_center_id, c.name, c.city,
        count(*)::int AS appointments,
        (count(*) FILTER (WHERE a.status = 'completed'))::int AS completed,
        (count(*) FILTER (WHERE a.status = 'no_show'))::int AS no_shows,
        sum(a.actual_cost)::text AS revenue
      FROM service_appointments a
      LEFT JOIN service_centers c ON c.id = a.service_center_id
      WHERE a.service_center_id = ${input.serviceCenterId}::uuid AND a.appointment_date >= ${start} AND a.appointment_date < ${end}
      GROUP BY a.service_center_id, c.name, c.city
      ORDER BY count(*) DESC, c.name NULLS LAST, a.service_center_id
      LIMIT ${MAX_CENTERS}
    `.execute(db),
  ]);

  const s = summary.rows[0];
  const average = nullableNumber(s?.average_hours ?? null);
  const median = nullableNumber(s?.median_hours ?? null);
  const priorityRows = new Map(byPriority.rows.map((row) => [row.priority, row]));
  return {
    range,
    resolved: s?.resolved ?? 0,
    averageResolutionHours: average === null ? null : round(average, 1),
    medianResolutionHours: median === null ? null : round(median, 1),
    resolutionByPriority: PRIORITY_ORDER.flatMap((priority) => {
      const row = priorityRows.get(priority);
      return row ? [{ priority, resolved: row.resolved, averageHours: round(Number(row.average_hours), 1) }] : [];
    }),
    centers: centers.rows.map(
      (row): CenterFigures => ({
        serviceCenterId: row.service_center_id,
        name: row.name ?? NO_CENTER_NAME,
        city: row.city,
        appointments: row.appointments,
        completed: row.completed,
        noShows: row.no_shows,
        revenue: money(row.revenue),
      }),
    ),
  };
}
