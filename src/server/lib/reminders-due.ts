import { sql } from 'kysely';
import { reminderDue, type Reminder } from '../../shared/reminders.ts';
import { URGENCIES } from '../../shared/garage.ts';
import type { Executor } from '../db/index.ts';

/**
 * An owner's custom reminders with how urgent each is: the garage's due list, the crossing scan
 * and the calendar feed read them here. A reminder shows while its vehicle is in the garage.
 */

/** Whose reminders: one user's (optionally of one stored vehicle), or those of a batch of garage entries. */
export type ReminderScope = { userId: string; vehicleId?: string } | { garageVehicleIds: readonly string[] };

/** Enough for every vehicle's 50 reminders of a large garage; beyond it the soonest are kept. */
const MAX_LISTED = 2000;

export async function activeReminders(db: Executor, scope: ReminderScope, today: string): Promise<Reminder[]> {
  if ('garageVehicleIds' in scope && scope.garageVehicleIds.length === 0) return [];
  let query = db
    .selectFrom('custom_reminders as r')
    .innerJoin('garage_vehicles as g', (join) => join.onRef('g.user_id', '=', 'r.user_id').onRef('g.vehicle_id', '=', 'r.vehicle_id'))
    .select([
      'r.id',
      'r.vehicle_id',
      'g.id as garage_vehicle_id',
      'g.odometer',
      'r.title',
      'r.notes',
      sql<string | null>`to_char(r.due_date, 'YYYY-MM-DD')`.as('due_date'),
      'r.due_mileage',
      'r.every_months',
      'r.every_miles',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.done_at', 'is', null)
    .orderBy(sql`r.due_date asc nulls last`)
    .orderBy('r.id')
    .limit(MAX_LISTED);
  if ('userId' in scope) {
    query = query.where('r.user_id', '=', scope.userId);
    if (scope.vehicleId) query = query.where('r.vehicle_id', '=', scope.vehicleId);
  } else {
    query = query.where('g.id', 'in', [...scope.garageVehicleIds]);
  }
  const rows = await query.execute();
  const reminders = rows.map(
    (row): Reminder => ({
      id: row.id,
      vehicleId: row.vehicle_id,
      garageVehicleId: row.garage_vehicle_id,
      title: row.title,
      notes: row.notes,
      dueDate: row.due_date,
      dueMileage: row.due_mileage,
      everyMonths: row.every_months,
      everyMiles: row.every_miles,
      recurring: row.every_months !== null || row.every_miles !== null,
      ...reminderDue({ dueDate: row.due_date, dueMileage: row.due_mileage }, today, row.odometer),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  );
  const rank = (r: Reminder) => URGENCIES.indexOf(r.urgency);
  return reminders.sort((a, b) => rank(a) - rank(b));
}
