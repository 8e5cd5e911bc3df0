import { z } from 'zod';
import { timeZoneSchema, todayIn } from './dates.ts';
import { GARAGE_LIMITS, mileageSchema, uuid } from './garage.ts';
import { amountSchema } from './money.ts';
import type { Vehicle } from './vehicles.ts';

/** Service records: a vehicle's history of work, its owner's or a customer's kept by the shop. */

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
  cost: amountSchema('Cost', 8).nullable(),
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
    /**
     * Staff: the shop writing the record and the shop customer's vehicle it is for; owners leave
     * both out (docs/garage.md#records-written-by-shops).
     */
    serviceCenterId: uuid('service center').nullish(),
    customerVehicleId: uuid('customer vehicle').nullish(),
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
    /** Staff: the records of one shop customer's vehicle. */
    customerVehicleId: uuid('customer vehicle').optional(),
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
  /**
   * The mileage as text: the original column, kept readable for older callers
   * (docs/garage.md#service-records-records).
   */
  mileage: string | null;
  mileageValue: number | null;
  date: Date;
  status: RecordStatus;
  cost: string | null;
  notes: string | null;
  technicianId: string | null;
  technicianName: string | null;
  /** The shop that wrote the record ("by <shop>"); null for the owner's own entries. */
  serviceCenterId: string | null;
  serviceCenterName: string | null;
  customerVehicleId: string | null;
  vehicle: { year: number; make: string; model: string; vin: string | null };
  createdAt: Date;
  updatedAt: Date;
}

export interface ServiceRecordPage {
  items: ServiceRecord[];
  total: number;
}

/** Vehicles staff may keep records for: the vehicles of the current shop's customers. */
export interface CustomerVehicle {
  customerVehicleId: string;
  /** The shop's customer record. */
  customerId: string;
  plate: string | null;
  customerName: string;
  customerEmail: string | null;
  vehicle: Vehicle;
}
