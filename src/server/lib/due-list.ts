import { sql } from 'kysely';
import { computeDue, serviceName } from '../../shared/due.ts';
import { URGENCIES, type DueItem } from '../../shared/garage.ts';
import type { Executor } from '../db/index.ts';

/**
 * What is due in a garage: the garage's own list and the assistant's most urgent tip both read it.
 */

interface DueRow {
  garage_vehicle_id: string;
  vehicle_id: string;
  nickname: string;
  odometer: number;
  odometer_offset: number;
  tracking_date: string;
  tracking_mileage: number;
  component_id: string;
  component_name: string;
  label: string;
  interval_text: string;
  miles: number | null;
  months: number | null;
  last_date: string | null;
  last_mileage: number | null;
  /** The record's mileage on the total scale (plus earlier odometers' miles when read on a newer one). */
  last_total_mileage: number | null;
  known_date: string | null;
  known_mileage: number | null;
  today: string;
}

/**
 * Everything the due list needs for a whole garage, in one query: every interval of every
 * component of every saved vehicle, with the latest completed service of that kind.
 */
/** Whose garage: one user's (optionally one stored vehicle), or a batch of garage entries (the crossing scan). */
export type DueScope = { userId: string; vehicleId?: string } | { garageVehicleIds: readonly string[] };

async function dueRows(db: Executor, scope: DueScope, timeZone: string, today?: string): Promise<DueRow[]> {
  const where =
    'userId' in scope
      ? sql`g.user_id = ${scope.userId}::uuid AND (${scope.vehicleId ?? null}::uuid IS NULL OR g.vehicle_id = ${scope.vehicleId ?? null}::uuid)`
      : scope.garageVehicleIds.length === 0
        ? sql`false`
        : sql`g.id IN (${sql.join(scope.garageVehicleIds.map((id) => sql`${id}::uuid`))})`;
  const result = await sql<DueRow>`
    SELECT g.id AS garage_vehicle_id, g.vehicle_id, g.nickname, g.odometer, g.odometer_offset,
           to_char((g.created_at AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS tracking_date,
           coalesce(g.tracking_odometer, g.odometer) AS tracking_mileage,
           c.id AS component_id, c.name AS component_name, e.key AS label,
           coalesce(e.value->>'text', '') AS interval_text,
           (e.value->>'miles')::int AS miles, (e.value->>'months')::int AS months,
           to_char((last.date AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS last_date,
           last.mileage_value AS last_mileage,
           CASE WHEN g.odometer_replaced_at IS NOT NULL AND last.date >= g.odometer_replaced_at
                THEN last.mileage_value + g.odometer_offset ELSE last.mileage_value END AS last_total_mileage,
           known.value->>'date' AS known_date, (known.value->>'mileage')::int AS known_mileage,
           to_char(coalesce(${today ?? null}::date, (now() AT TIME ZONE ${timeZone})::date), 'YYYY-MM-DD') AS today
    FROM garage_vehicles g
    JOIN vehicle_components c ON c.vehicle_id = g.vehicle_id
    CROSS JOIN LATERAL jsonb_each(c.service_intervals) e
    LEFT JOIN LATERAL (
      SELECT r.date, r.mileage_value FROM service_records r
      WHERE r.user_id = g.user_id AND r.vehicle_id = g.vehicle_id AND r.component_id = c.id
        AND r.status = 'completed'
        AND lower(r.service_type) = lower(regexp_replace(e.key, '\\s*\\(generic\\)\\s*$', '', 'i'))
      ORDER BY r.date DESC, r.id DESC
      LIMIT 1
    ) last ON true
    LEFT JOIN LATERAL (
      SELECT k.value FROM jsonb_array_elements(g.known_services) k
      WHERE lower(k.value->>'service') = lower(regexp_replace(e.key, '\\s*\\(generic\\)\\s*$', '', 'i'))
      LIMIT 1
    ) known ON true
    WHERE ${where}
      AND jsonb_typeof(e.value) = 'object'
    ORDER BY g.created_at, g.id, c.sort_order, e.key`.execute(db);
  return result.rows;
}

/** What is due for each garage vehicle, most urgent first, from one query for the whole garage. */
export async function dueList(db: Executor, userId: string, timeZone: string, vehicleId?: string): Promise<DueItem[]> {
  return dueItems(db, { userId, vehicleId }, timeZone);
}

/** The due items of a scope on `today` (default: today in `timeZone`), most urgent first. */
export async function dueItems(db: Executor, scope: DueScope, timeZone: string, today?: string): Promise<DueItem[]> {
  const rows = await dueRows(db, scope, timeZone, today);
  const items = rows.map((row): DueItem => ({
    garageVehicleId: row.garage_vehicle_id,
    vehicleId: row.vehicle_id,
    nickname: row.nickname,
    componentId: row.component_id,
    componentName: row.component_name,
    service: serviceName(row.label),
    intervalText: row.interval_text,
    lastServiceDate: row.last_date ?? row.known_date,
    lastServiceMileage: row.last_date ? row.last_mileage : row.known_mileage,
    trackingDate: row.tracking_date,
    trackingMileage: row.tracking_mileage,
    ...computeDue({
      miles: row.miles,
      months: row.months,
      lastDate: row.last_date,
      lastMileage: row.last_total_mileage,
      known: row.known_date !== null || row.known_mileage !== null ? { date: row.known_date, mileage: row.known_mileage } : null,
      trackingDate: row.tracking_date,
      trackingMileage: row.tracking_mileage,
      odometer: row.odometer,
      odometerOffset: row.odometer_offset,
      today: row.today,
    }),
  }));
  const rank = (item: DueItem) => URGENCIES.indexOf(item.urgency);
  // Within an urgency: the fewest days (or miles) left first.
  const left = (item: DueItem) => Math.min(item.daysLeft ?? Infinity, item.milesLeft === null ? Infinity : item.milesLeft / 30);
  return items.sort((a, b) => rank(a) - rank(b) || left(a) - left(b));
}
