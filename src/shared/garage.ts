import { z } from 'zod';
import { todayIn } from './analytics.ts';
import { timeZoneSchema } from './appointments.ts';
import type { Vehicle } from './vehicles.ts';

/** My garage, service records and what is due (the maintenance tracker). */

export const MAX_ODOMETER = 2_000_000;
export const GARAGE_LIMITS = { nickname: 60, serviceType: 120, description: 2000, notes: 2000 } as const;

const uuid = (what: string) => z.uuid({ error: `Invalid ${what} id` });

/** A whole, non-negative number of miles; '12,345' typed with separators is read as 12345. */
export const mileageSchema = z
  .union([z.number(), z.string().trim()], { error: 'Mileage must be a whole number of miles' })
  // Digits only (with optional separators and a sign for a clear 'negative' message): never '1e3' or '0x10'.
  .transform((value) => {
    if (typeof value === 'number') return value;
    const digits = value.replace(/[,\s]/g, '');
    return /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : NaN;
  })
  .pipe(
    z
      .number({ error: 'Mileage must be a whole number of miles' })
      .int('Mileage must be a whole number of miles')
      .min(0, 'Mileage must not be negative')
      .max(MAX_ODOMETER, `Mileage must be at most ${MAX_ODOMETER.toLocaleString('en-US')}`),
  );

const nicknameSchema = z
  .string({ error: 'Nickname is required' })
  .trim()
  .min(1, 'Nickname is required')
  .max(GARAGE_LIMITS.nickname, `Nickname must be at most ${GARAGE_LIMITS.nickname} characters`);

export const addToGarageSchema = z
  .object({ vehicleId: uuid('vehicle'), nickname: nicknameSchema, odometer: mileageSchema })
  .strict();
export type AddToGarageInput = z.input<typeof addToGarageSchema>;

export const updateGarageVehicleSchema = z
  .object({ nickname: nicknameSchema.optional(), odometer: mileageSchema.optional() })
  .strict();
export type GarageVehiclePatch = z.input<typeof updateGarageVehicleSchema>;

export const garageIdSchema = uuid('garage vehicle');

export interface GarageVehicle {
  id: string;
  nickname: string;
  odometer: number;
  odometerUpdatedAt: Date;
  vehicle: Vehicle;
  createdAt: Date;
  updatedAt: Date;
}

// ---- Service records ---------------------------------------------------------------------

export const RECORD_STATUSES = ['completed', 'scheduled', 'urgent'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
export const RECORD_STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  completed: 'Completed',
  scheduled: 'Scheduled',
  urgent: 'Urgent',
};

const EARLIEST = new Date('1980-01-01T00:00:00Z');
/** A calendar day as YYYY-MM-DD, the way a date field sends it. */
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
export const recordDateSchema = z
  .string({ error: 'Date must be a day like 2026-05-01' })
  .regex(dayPattern, 'Date must be a day like 2026-05-01')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'Date is not a real day')
  .refine((day) => new Date(`${day}T00:00:00Z`) >= EARLIEST, 'Date must be in 1980 or later');

const costSchema = z
  .union([z.string().trim(), z.number()], { error: 'Cost must be an amount like 89.90' })
  .transform((value) => String(value))
  .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'));

const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([z.string().max(max, `${label} must be at most ${max} characters`), z.null()]));


const recordFields = {
  componentId: uuid('component').nullable(),
  serviceType: z
    .string({ error: 'Service type is required' })
    .trim()
    .min(1, 'Service type is required')
    .max(GARAGE_LIMITS.serviceType, `Service type must be at most ${GARAGE_LIMITS.serviceType} characters`),
  description: optionalText('Description', GARAGE_LIMITS.description),
  mileage: mileageSchema.nullable(),
  date: recordDateSchema,
  cost: costSchema.nullable(),
  notes: optionalText('Notes', GARAGE_LIMITS.notes),
  status: z.enum(RECORD_STATUSES, { error: 'Status must be completed, scheduled or urgent' }),
  /** Checks "not in the future" in the user's zone. */
  timeZone: timeZoneSchema.default('UTC'),
};

function notFutureIfCompleted(values: { status?: RecordStatus; date?: string; timeZone: string }, ctx: z.RefinementCtx) {
  if (values.status === 'completed' && values.date && values.date > todayIn(values.timeZone)) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: 'A completed service cannot be dated in the future' });
  }
}

/** The record's own fields with their defaults: what the form edits. */
const recordFieldsWithDefaults = {
  ...recordFields,
  componentId: recordFields.componentId.default(null),
  description: recordFields.description.default(null),
  mileage: recordFields.mileage.default(null),
  cost: recordFields.cost.default(null),
  notes: recordFields.notes.default(null),
  status: recordFields.status.default('completed'),
};

/** The form's fields, shared by create and edit. */
export const serviceRecordFieldsSchema = z.object(recordFieldsWithDefaults).strict().superRefine(notFutureIfCompleted);

export const createServiceRecordSchema = z
  .object({
    ...recordFieldsWithDefaults,
    vehicleId: uuid('vehicle'),
    /** Technicians: whose vehicle (a customer of an inquiry or appointment); owners leave it out. */
    customerId: uuid('customer').nullish(),
  })
  .strict()
  .superRefine(notFutureIfCompleted);
export type CreateServiceRecordInput = z.input<typeof createServiceRecordSchema>;
export type CreateServiceRecordValues = z.output<typeof createServiceRecordSchema>;

export const updateServiceRecordSchema = z
  .object({
    componentId: recordFields.componentId.optional(),
    serviceType: recordFields.serviceType.optional(),
    description: recordFields.description.optional(),
    mileage: recordFields.mileage.optional(),
    date: recordFields.date.optional(),
    cost: recordFields.cost.optional(),
    notes: recordFields.notes.optional(),
    status: recordFields.status.optional(),
    timeZone: recordFields.timeZone,
  })
  .strict();
export type ServiceRecordPatch = z.input<typeof updateServiceRecordSchema>;

export const serviceRecordIdSchema = uuid('service record');

export const RECORDS_PAGE_SIZE = 25;

export const listServiceRecordsSchema = z
  .object({
    vehicleId: uuid('vehicle').optional(),
    componentId: uuid('component').optional(),
    /** Technicians: one customer's records. */
    customerId: uuid('customer').optional(),
    search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
    status: z.enum(RECORD_STATUSES, { error: 'Status must be completed, scheduled or urgent' }).optional(),
    from: recordDateSchema.optional(),
    to: recordDateSchema.optional(),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1).max(100, 'Limit must be at most 100').default(RECORDS_PAGE_SIZE),
    offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0).max(100_000).default(0),
    /** Checked for validity; record days are calendar days as entered, whatever the zone. */
    timeZone: timeZoneSchema.default('UTC'),
  })
  .strict()
  .refine((value) => !value.from || !value.to || value.from <= value.to, { message: 'The start date must not be after the end date', path: ['to'] });
export type ListServiceRecordsInput = z.input<typeof listServiceRecordsSchema>;

export interface ServiceRecord {
  id: string;
  vehicleId: string;
  /** Whose vehicle history it belongs to. */
  userId: string | null;
  componentId: string | null;
  componentName: string | null;
  serviceType: string;
  description: string | null;
  /** SPEC's text column, kept readable. */
  mileage: string | null;
  mileageValue: number | null;
  date: Date;
  status: RecordStatus;
  cost: string | null;
  notes: string | null;
  technicianId: string | null;
  technicianName: string | null;
  vehicle: { year: number; make: string; model: string; vin: string | null };
  createdAt: Date;
  updatedAt: Date;
}

export interface ServiceRecordPage {
  items: ServiceRecord[];
  total: number;
}

/** Vehicles a technician may keep records for: customers' vehicles named in inquiries or appointments. */
export interface CustomerVehicle {
  customerId: string;
  customerName: string;
  customerEmail: string;
  vehicle: Vehicle;
}

// ---- Due and overdue ----------------------------------------------------------------------

export const URGENCIES = ['overdue', 'due', 'soon', 'ok'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Readonly<Record<Urgency, string>> = {
  overdue: 'Overdue',
  due: 'Due',
  soon: 'Soon',
  ok: 'Not urgent',
};
/** Due within this many days or miles; Soon within the larger ones. */
export const DUE_THRESHOLDS = { dueDays: 7, dueMiles: 100, soonDays: 30, soonMiles: 500 } as const;

export const dueListSchema = z
  .object({ timeZone: timeZoneSchema.default('UTC'), vehicleId: uuid('vehicle').optional() })
  .strict();

export interface DueItem {
  garageVehicleId: string;
  vehicleId: string;
  nickname: string;
  componentId: string;
  componentName: string;
  /** The schedule entry, e.g. 'Oil change'. */
  service: string;
  intervalText: string;
  lastServiceDate: string | null;
  lastServiceMileage: number | null;
  dueDate: string | null;
  dueMileage: number | null;
  daysLeft: number | null;
  milesLeft: number | null;
  urgency: Urgency;
}

/** The schedule label without its '(generic)' note: what a record's service type is matched on. */
export function serviceName(label: string): string {
  return label.replace(/\s*\(generic\)\s*$/i, '').trim();
}

/** Whole days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The calendar day `months` after `day`, kept within the month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

export interface DueInput {
  /** The interval: whichever comes first. */
  miles: number | null;
  months: number | null;
  /** Latest completed service, or null: then counted from the model year's start at 0 miles. */
  lastDate: string | null;
  lastMileage: number | null;
  modelYear: number;
  odometer: number;
  today: string;
}

/**
 * When a service is next due and how urgent it is. Overdue: past the due day or mileage. Due: within
 * 7 days or 100 miles (the due day itself included). Soon: within 30 days or 500 miles.
 */
export function computeDue(input: DueInput): Pick<DueItem, 'dueDate' | 'dueMileage' | 'daysLeft' | 'milesLeft' | 'urgency'> {
  const baseDate = input.lastDate ?? `${input.modelYear}-01-01`;
  const baseMileage = input.lastDate ? input.lastMileage : 0;
  const dueDate = input.months ? addMonths(baseDate, input.months) : null;
  const dueMileage = input.miles && baseMileage !== null ? baseMileage + input.miles : null;
  const daysLeft = dueDate ? daysBetween(input.today, dueDate) : null;
  const milesLeft = dueMileage !== null ? dueMileage - input.odometer : null;
  const t = DUE_THRESHOLDS;
  const urgency: Urgency =
    (daysLeft !== null && daysLeft < 0) || (milesLeft !== null && milesLeft < 0)
      ? 'overdue'
      : (daysLeft !== null && daysLeft <= t.dueDays) || (milesLeft !== null && milesLeft <= t.dueMiles)
        ? 'due'
        : (daysLeft !== null && daysLeft <= t.soonDays) || (milesLeft !== null && milesLeft <= t.soonMiles)
          ? 'soon'
          : 'ok';
  return { dueDate, dueMileage, daysLeft, milesLeft, urgency };
}

/** '1,234 mi' / '12 days' style phrases for what is left (or how far past). */
export function dueSummary(item: { daysLeft: number | null; milesLeft: number | null; dueDate: string | null; dueMileage: number | null }): string {
  const parts: string[] = [];
  if (item.daysLeft !== null && item.dueDate) {
    parts.push(
      item.daysLeft < 0
        ? `${-item.daysLeft} day${item.daysLeft === -1 ? '' : 's'} overdue`
        : item.daysLeft === 0
          ? 'due today'
          : `in ${item.daysLeft} day${item.daysLeft === 1 ? '' : 's'}`,
    );
  }
  if (item.milesLeft !== null && item.dueMileage !== null) {
    parts.push(
      item.milesLeft < 0 ? `${(-item.milesLeft).toLocaleString('en-US')} mi over` : `${item.milesLeft.toLocaleString('en-US')} mi left`,
    );
  }
  return parts.join(' · ') || 'No limit recorded';
}

/** The worst urgency of a list ('ok' when empty). */
export function worstUrgency(urgencies: Iterable<Urgency>): Urgency {
  let worst = URGENCIES.length - 1;
  for (const urgency of urgencies) worst = Math.min(worst, URGENCIES.indexOf(urgency));
  return URGENCIES[worst]!;
}
