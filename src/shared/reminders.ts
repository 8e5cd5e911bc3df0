import { z } from 'zod';
import { addMonths, daysBetween, timeZoneSchema } from './dates.ts';
import { urgencyOf } from './due.ts';
import { garageDaySchema, mileageSchema, uuid, type Urgency } from './garage.ts';

/** Reminders an owner sets ("Renew registration", "Rotate tyres every 6,000 mi"), once or recurring. */

export const REMINDER_LIMITS = { title: 120, notes: 2000, everyMonths: 120, everyMiles: 1_000_000, perVehicle: 50 } as const;

export const reminderIdSchema = uuid('reminder');

const titleSchema = z
  .string({ error: 'Reminder is required' })
  .trim()
  .min(1, 'Reminder is required')
  .max(REMINDER_LIMITS.title, `Reminder must be at most ${REMINDER_LIMITS.title} characters`);
const notesSchema = z
  .string({ error: 'Notes must be text' })
  .trim()
  .max(REMINDER_LIMITS.notes, `Notes must be at most ${REMINDER_LIMITS.notes} characters`)
  .transform((notes) => (notes === '' ? null : notes));
const everyMonthsSchema = z
  .number({ error: 'Months must be a whole number' })
  .int('Months must be a whole number')
  .min(1, 'Repeat every at least 1 month')
  .max(REMINDER_LIMITS.everyMonths, `Repeat every at most ${REMINDER_LIMITS.everyMonths} months`);
const everyMilesSchema = z
  .number({ error: 'Miles must be a whole number' })
  .int('Miles must be a whole number')
  .min(1, 'Repeat every at least 1 mile')
  .max(REMINDER_LIMITS.everyMiles, `Repeat every at most ${REMINDER_LIMITS.everyMiles.toLocaleString('en-US')} miles`);

const reminderFields = {
  title: titleSchema,
  notes: notesSchema.nullable(),
  /** The next due day and/or odometer reading (whichever comes first). */
  dueDate: garageDaySchema.nullable(),
  dueMileage: mileageSchema.nullable(),
  /** Recurring: after "mark done", the next one is this far from the day or reading it was done. */
  everyMonths: everyMonthsSchema.nullable(),
  everyMiles: everyMilesSchema.nullable(),
};

interface ReminderWhen {
  dueDate?: string | null;
  dueMileage?: number | null;
  everyMonths?: number | null;
  everyMiles?: number | null;
}

/** The rules a reminder's schedule keeps, as issues on the fields they are about. */
function checkSchedule(values: ReminderWhen, ctx: z.RefinementCtx): void {
  if ((values.dueDate ?? null) === null && (values.dueMileage ?? null) === null) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Give the day or the mileage it is due at' });
  }
  if ((values.everyMonths ?? null) !== null && (values.dueDate ?? null) === null) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'A reminder repeated by months needs the day it is next due' });
  }
  if ((values.everyMiles ?? null) !== null && (values.dueMileage ?? null) === null) {
    ctx.addIssue({ code: 'custom', path: ['dueMileage'], message: 'A reminder repeated by miles needs the mileage it is next due at' });
  }
}

const reminderObject = z
  .object({
    title: reminderFields.title,
    notes: reminderFields.notes.default(null),
    dueDate: reminderFields.dueDate.default(null),
    dueMileage: reminderFields.dueMileage.default(null),
    everyMonths: reminderFields.everyMonths.default(null),
    everyMiles: reminderFields.everyMiles.default(null),
  })
  .strict();

/** The form's and the API's reminder. */
export const reminderValuesSchema = reminderObject.superRefine(checkSchedule);
export type ReminderFormInput = z.input<typeof reminderValuesSchema>;
export type ReminderValues = z.output<typeof reminderValuesSchema>;

/** `vehicleId`: the stored vehicle of the caller's garage. */
export const createReminderSchema = reminderObject.extend({ vehicleId: uuid('vehicle') }).superRefine(checkSchedule);
export type CreateReminderInput = z.input<typeof createReminderSchema>;

/** A change: only the fields given; the schedule rules are checked against the stored reminder too. */
export const updateReminderSchema = z
  .object({
    title: reminderFields.title.optional(),
    notes: reminderFields.notes.optional(),
    dueDate: reminderFields.dueDate.optional(),
    dueMileage: reminderFields.dueMileage.optional(),
    everyMonths: reminderFields.everyMonths.optional(),
    everyMiles: reminderFields.everyMiles.optional(),
  })
  .strict();
export type ReminderPatch = z.input<typeof updateReminderSchema>;

export const listRemindersSchema = z.object({ vehicleId: uuid('vehicle').optional(), timeZone: timeZoneSchema.default('UTC') }).strict();

/** Done on a day at a reading: today and the garage odometer when not given. */
export const markReminderDoneSchema = z
  .object({ id: reminderIdSchema, date: garageDaySchema.optional(), mileage: mileageSchema.optional(), timeZone: timeZoneSchema.default('UTC') })
  .strict();
export type MarkReminderDoneInput = z.input<typeof markReminderDoneSchema>;

export interface Reminder {
  id: string;
  /** The stored vehicle and the caller's garage entry of it. */
  vehicleId: string;
  garageVehicleId: string;
  title: string;
  notes: string | null;
  dueDate: string | null;
  dueMileage: number | null;
  everyMonths: number | null;
  everyMiles: number | null;
  recurring: boolean;
  daysLeft: number | null;
  milesLeft: number | null;
  urgency: Urgency;
  createdAt: Date;
  updatedAt: Date;
}

export type ReminderSchedule = Pick<Reminder, 'dueDate' | 'dueMileage' | 'everyMonths' | 'everyMiles'>;

/** How far off a reminder is on `today` at this odometer reading, and how urgent. */
export function reminderDue(schedule: Pick<Reminder, 'dueDate' | 'dueMileage'>, today: string, odometer: number): Pick<Reminder, 'daysLeft' | 'milesLeft' | 'urgency'> {
  const daysLeft = schedule.dueDate ? daysBetween(today, schedule.dueDate) : null;
  const milesLeft = schedule.dueMileage !== null ? schedule.dueMileage - odometer : null;
  return { daysLeft, milesLeft, urgency: urgencyOf(daysLeft, milesLeft) };
}

/**
 * The next schedule after "mark done" on `day` at `mileage`: a recurring reminder counts its
 * months and miles from then; null for a one-time reminder (it is finished).
 */
export function nextAfterDone(schedule: ReminderSchedule, day: string, mileage: number): Pick<Reminder, 'dueDate' | 'dueMileage'> | null {
  if (schedule.everyMonths === null && schedule.everyMiles === null) return null;
  return {
    dueDate: schedule.everyMonths !== null ? addMonths(day, schedule.everyMonths) : null,
    dueMileage: schedule.everyMiles !== null ? mileage + schedule.everyMiles : null,
  };
}

/** 'Every 12 months or 6,000 mi' / 'Once'. */
export function repeatText(schedule: Pick<Reminder, 'everyMonths' | 'everyMiles'>): string {
  const parts = [
    schedule.everyMonths !== null ? `${schedule.everyMonths} month${schedule.everyMonths === 1 ? '' : 's'}` : null,
    schedule.everyMiles !== null ? `${schedule.everyMiles.toLocaleString('en-US')} mi` : null,
  ].filter(Boolean);
  return parts.length ? `Every ${parts.join(' or ')}` : 'Once';
}

// ---- Calendar feed ---------------------------------------------------------------------------

export interface CalendarFeedStatus {
  active: boolean;
  createdAt: Date | null;
  lastUsedAt: Date | null;
}

/** The feed's address is shown once, when made: only its hash is kept. */
export interface CreatedCalendarFeed {
  token: string;
  path: string;
  createdAt: Date;
}

export const calendarFeedSchema = z
  .object({ token: z.string().min(1, 'Unknown calendar feed').max(200, 'Unknown calendar feed'), timeZone: timeZoneSchema.default('UTC') })
  .strict();
