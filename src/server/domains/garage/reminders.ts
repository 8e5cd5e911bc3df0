import { sql } from 'kysely';
import { todayIn } from '../../../shared/dates.ts';
import { MAX_ODOMETER } from '../../../shared/garage.ts';
import {
  nextAfterDone,
  REMINDER_LIMITS,
  type Reminder,
  type ReminderSchedule,
  type ReminderValues,
} from '../../../shared/reminders.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { activeReminders } from '../../lib/reminders-due.ts';

/**
 * Custom reminders of the owner's garage vehicles (docs/reminders.md). Owner-only, as fuel is: a
 * vehicle not in the caller's garage, or another user's reminder, answers 404.
 */

export const reminderNotFound = () => domainError('NOT_FOUND', 'Reminder not found');
const vehicleNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');

async function ownGarageEntry(db: Executor, userId: string, vehicleId: string) {
  const entry = await db.selectFrom('garage_vehicles').select(['id', 'odometer']).where('user_id', '=', userId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  if (!entry) throw vehicleNotFound();
  return entry;
}

/** The caller's active reminder, while its vehicle is in their garage. */
async function findReminder(db: Executor, userId: string, id: string, today: string): Promise<Reminder> {
  const row = await db.selectFrom('custom_reminders').select('vehicle_id').where('id', '=', id).where('user_id', '=', userId).where('done_at', 'is', null).executeTakeFirst();
  const reminder = row ? (await activeReminders(db, { userId, vehicleId: row.vehicle_id }, today)).find((r) => r.id === id) : undefined;
  if (!reminder) throw reminderNotFound();
  return reminder;
}

export async function listReminders(db: Executor, userId: string, input: { vehicleId?: string; timeZone: string }): Promise<Reminder[]> {
  if (input.vehicleId) await ownGarageEntry(db, userId, input.vehicleId);
  return activeReminders(db, { userId, vehicleId: input.vehicleId }, todayIn(input.timeZone));
}

export async function createReminder(db: Database, userId: string, vehicleId: string, values: ReminderValues): Promise<Reminder> {
  const id = await db.transaction().execute(async (trx) => {
    await ownGarageEntry(trx, userId, vehicleId);
    // Serializes creates of one owner's vehicle, so the limit holds under concurrent requests.
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`reminders:${userId}:${vehicleId}`}))`.execute(trx);
    const { n } = await trx
      .selectFrom('custom_reminders')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('vehicle_id', '=', vehicleId)
      .where('done_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (n >= REMINDER_LIMITS.perVehicle) throw domainError('CONFLICT', `A vehicle has at most ${REMINDER_LIMITS.perVehicle} reminders: delete one first`);
    const row = await trx
      .insertInto('custom_reminders')
      .values({
        user_id: userId,
        vehicle_id: vehicleId,
        title: values.title,
        notes: values.notes,
        due_date: values.dueDate,
        due_mileage: values.dueMileage,
        every_months: values.everyMonths,
        every_miles: values.everyMiles,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return findReminder(db, userId, id, todayIn('UTC'));
}

/** The schedule rules of a change, checked against what it leaves stored. */
function checkSchedule(after: ReminderSchedule): void {
  if (after.dueDate === null && after.dueMileage === null) throw domainError('BAD_REQUEST', 'Give the day or the mileage it is due at', { field: 'dueDate' });
  if (after.everyMonths !== null && after.dueDate === null) throw domainError('BAD_REQUEST', 'A reminder repeated by months needs the day it is next due', { field: 'dueDate' });
  if (after.everyMiles !== null && after.dueMileage === null) throw domainError('BAD_REQUEST', 'A reminder repeated by miles needs the mileage it is next due at', { field: 'dueMileage' });
}

export async function updateReminder(db: Executor, userId: string, id: string, patch: Partial<ReminderValues>, timeZone = 'UTC'): Promise<Reminder> {
  const current = await findReminder(db, userId, id, todayIn(timeZone));
  const pick = <K extends keyof ReminderSchedule>(key: K): ReminderSchedule[K] => (patch[key] !== undefined ? (patch[key] as ReminderSchedule[K]) : current[key]);
  checkSchedule({ dueDate: pick('dueDate'), dueMileage: pick('dueMileage'), everyMonths: pick('everyMonths'), everyMiles: pick('everyMiles') });
  await db
    .updateTable('custom_reminders')
    .set({
      ...(patch.title !== undefined && { title: patch.title }),
      ...(patch.notes !== undefined && { notes: patch.notes }),
      ...(patch.dueDate !== undefined && { due_date: patch.dueDate }),
      ...(patch.dueMileage !== undefined && { due_mileage: patch.dueMileage }),
      ...(patch.everyMonths !== undefined && { every_months: patch.everyMonths }),
      ...(patch.everyMiles !== undefined && { every_miles: patch.everyMiles }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute();
  return findReminder(db, userId, id, todayIn(timeZone));
}

export async function removeReminder(db: Executor, userId: string, id: string): Promise<void> {
  await findReminder(db, userId, id, todayIn('UTC'));
  await db.deleteFrom('custom_reminders').where('id', '=', id).where('user_id', '=', userId).execute();
}

/**
 * Marks a reminder done on a day at a reading (today and the garage odometer by default): a
 * recurring one moves on by its months and miles from then; a one-time one is finished (null).
 */
export async function markReminderDone(
  db: Executor,
  userId: string,
  input: { id: string; date?: string; mileage?: number; timeZone: string },
): Promise<{ next: Reminder | null }> {
  const today = todayIn(input.timeZone);
  const current = await findReminder(db, userId, input.id, today);
  const day = input.date ?? today;
  if (day > today) throw domainError('BAD_REQUEST', 'The day it was done cannot be in the future', { field: 'date' });
  const { odometer } = await ownGarageEntry(db, userId, current.vehicleId);
  const next = nextAfterDone(current, day, input.mileage ?? odometer);
  if (next?.dueMileage !== undefined && next.dueMileage !== null && next.dueMileage > MAX_ODOMETER) {
    throw domainError('BAD_REQUEST', `The next mileage would be above ${MAX_ODOMETER.toLocaleString('en-US')}`, { field: 'mileage' });
  }
  await db
    .updateTable('custom_reminders')
    .set(next ? { due_date: next.dueDate, due_mileage: next.dueMileage, updated_at: sql<Date>`now()` } : { done_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('user_id', '=', userId)
    .execute();
  return { next: next ? await findReminder(db, userId, input.id, today) : null };
}
