import { z } from 'zod';
import { timeZoneSchema } from './dates.ts';
import { amountSchema } from './money.ts';
import { listCursorSchema, LIST_PAGE_SIZE, onlyKnownKeys, pageDirectionSchema, searchSchema } from './inquiries.ts';

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** no_show can only be chosen at creation; the menu moves between the others (docs/appointments.md#rules). */
export const APPOINTMENT_UPDATE_STATUSES = ['scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;

export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  in_progress: 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No Show',
};

export const DATE_FILTERS = ['all', 'today', 'tomorrow', 'week', 'overdue'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const DATE_FILTER_LABELS: Record<DateFilter, string> = {
  all: 'All Dates',
  today: 'Today',
  tomorrow: 'Tomorrow',
  week: 'This Week',
  overdue: 'Overdue',
};

/** Duration in minutes: 60 to begin with, 15 to 1,440 (docs/appointments.md#rules). */
export const DURATION_DEFAULT = 60;
export const DURATION_MIN = 15;
export const DURATION_MAX = 24 * 60;
export const DURATION_STEP = 15;
export const DEFAULT_LEAD_MS = 24 * 60 * 60_000;
export const WEEK_MS = 7 * 24 * 60 * 60_000;
export const APPOINTMENT_LIMITS = { serviceType: 120, description: 5000, notes: 2000 } as const;
const EARLIEST = new Date('2000-01-01T00:00:00Z');
const LATEST = new Date('2100-01-01T00:00:00Z');

export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES, {
  error: 'Status must be one of: scheduled, confirmed, in_progress, completed, cancelled, no_show',
});

const APPOINTMENT_DATE_FORMAT = 'Appointment date must be a date and time with its offset, e.g. 2025-05-01T09:00:00Z';

/** A moment with its offset (ISO 8601) or a Date: never a wall-clock time of unknown zone. */
export const appointmentDateSchema = z
  .union([z.date(), z.iso.datetime({ offset: true, error: APPOINTMENT_DATE_FORMAT })], { error: APPOINTMENT_DATE_FORMAT })
  .transform((value) => new Date(value))
  .refine((date) => !Number.isNaN(date.getTime()), 'Appointment date is not a valid date')
  .refine((date) => date >= EARLIEST && date < LATEST, 'Appointment date must be between the years 2000 and 2099');

export const durationSchema = z
  .number({ error: 'Duration must be a number of minutes' })
  .int('Duration must be a whole number of minutes')
  .min(DURATION_MIN, `Duration must be at least ${DURATION_MIN} minutes`)
  .max(DURATION_MAX, `Duration must be at most ${DURATION_MAX} minutes (24 hours)`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const uuidOf = (label: string) => z.uuid({ error: `Invalid ${label} id` });

/**
 * A new appointment is addressed to a shop. Without `customerId` it is the caller's own request
 * (a `garageVehicleId` of their garage, status scheduled, no price); staff of the shop book one for
 * a customer of the shop (`customerId`) or convert an inquiry (`inquiryId`): docs/appointments.md#rules.
 */
export const createAppointmentSchema = z
  .object({
    appointmentDate: appointmentDateSchema,
    duration: durationSchema,
    serviceType: z
      .string({ error: 'Service type is required' })
      .trim()
      .min(1, 'Service type is required')
      .max(APPOINTMENT_LIMITS.serviceType, `Service type must be at most ${APPOINTMENT_LIMITS.serviceType} characters`),
    description: optionalText('Description', APPOINTMENT_LIMITS.description),
    status: appointmentStatusSchema.default('scheduled'),
    serviceCenterId: z.uuid({ error: 'Choose the service center (serviceCenterId) the appointment is for' }),
    vehicleId: uuidOf('vehicle').nullish(),
    garageVehicleId: uuidOf('garage vehicle').nullish(),
    customerId: uuidOf('customer').nullish(),
    customerVehicleId: uuidOf('customer vehicle').nullish(),
    technicianId: uuidOf('technician').nullish(),
    inquiryId: uuidOf('inquiry').nullish(),
    estimatedCost: amountSchema('Estimated cost', 10).nullish(),
    notes: optionalText('Notes', APPOINTMENT_LIMITS.notes),
  })
  .strict();
export type CreateAppointmentInput = z.input<typeof createAppointmentSchema>;
export type CreateAppointmentValues = z.output<typeof createAppointmentSchema>;

export const appointmentIdSchema = z.uuid({ error: 'Invalid appointment id' });
const updateStatusSchema = z.enum(APPOINTMENT_UPDATE_STATUSES, {
  error: 'Status must be one of: scheduled, confirmed, in_progress, completed, cancelled (no_show can only be chosen when the appointment is created)',
});
export const setAppointmentStatusSchema = z.object({ id: appointmentIdSchema, status: updateStatusSchema }).strict();

const APPOINTMENT_FIELDS_MESSAGE =
  'An appointment change may name: appointmentDate, duration, serviceType, description, technicianId, estimatedCost, actualCost, notes, status';

/**
 * Staff edit and reschedule an appointment; every field is optional, at least one is named.
 * PATCH /api/service-appointments/{id} takes the same fields (docs/appointments.md#rules).
 */
export const updateAppointmentSchema = z
  .object(
    {
      id: appointmentIdSchema,
      appointmentDate: appointmentDateSchema.optional(),
      duration: durationSchema.optional(),
      serviceType: z
        .string({ error: 'Service type must be text' })
        .trim()
        .min(1, 'Service type is required')
        .max(APPOINTMENT_LIMITS.serviceType, `Service type must be at most ${APPOINTMENT_LIMITS.serviceType} characters`)
        .optional(),
      description: optionalText('Description', APPOINTMENT_LIMITS.description).optional(),
      technicianId: uuidOf('technician').nullable().optional(),
      estimatedCost: amountSchema('Estimated cost', 10).nullable().optional(),
      actualCost: amountSchema('Actual cost', 10).nullable().optional(),
      notes: optionalText('Notes', APPOINTMENT_LIMITS.notes).optional(),
      status: updateStatusSchema.optional(),
    },
    onlyKnownKeys(APPOINTMENT_FIELDS_MESSAGE),
  )
  .strict()
  .refine((value) => Object.keys(value).some((key) => key !== 'id'), { message: 'Name at least one field to change' });
export type AppointmentUpdateInput = z.input<typeof updateAppointmentSchema>;
export type AppointmentUpdate = z.output<typeof updateAppointmentSchema>;
export type AppointmentPatch = Omit<AppointmentUpdateInput, 'id'>;
export type AppointmentStatusChange = Omit<z.input<typeof setAppointmentStatusSchema>, 'id'>;

/**
 * Whose appointments a list or the stat cards count: one shop's (staff, `serviceCenterId`), the
 * caller's own requests (`mine`), or, naming neither, everything the caller may see.
 */
const scopeFields = {
  serviceCenterId: uuidOf('service center').optional(),
  mine: z.boolean({ error: 'mine must be true or false' }).optional(),
};
const oneScope = {
  message: 'Name either serviceCenterId or mine, not both',
  path: ['mine'],
};

export const listAppointmentsSchema = z
  .object({
    search: searchSchema,
    status: appointmentStatusSchema.optional(),
    date: z.enum(DATE_FILTERS, { error: 'Date filter must be one of: all, today, tomorrow, week, overdue' }).default('all'),
    timeZone: timeZoneSchema.default('UTC'),
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: z.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
    ...scopeFields,
  })
  .strict()
  .refine((value) => !(value.serviceCenterId && value.mine), oneScope);
export type ListAppointmentsInput = z.input<typeof listAppointmentsSchema>;

export const appointmentStatsSchema = z
  .object({ timeZone: timeZoneSchema.default('UTC'), ...scopeFields })
  .strict()
  .refine((value) => !(value.serviceCenterId && value.mine), oneScope);

export interface ServiceAppointment {
  id: string;
  inquiryId: string | null;
  customerId: string | null;
  serviceCenterId: string | null;
  vehicleId: string | null;
  technicianId: string | null;
  appointmentDate: Date;
  duration: number;
  serviceType: string;
  description: string | null;
  status: AppointmentStatus;
  /** Decimal strings, e.g. "89.50". */
  estimatedCost: string | null;
  actualCost: string | null;
  notes: string | null;
  reminderSent: boolean;
  /** The shop's customer record and that customer's vehicle; the owner's garage vehicle when named. */
  shopCustomerId: string | null;
  customerVehicleId: string | null;
  garageVehicleId: string | null;
  customerName: string | null;
  /** e.g. "2019 Honda CR-V". */
  vehicleLabel: string | null;
  technicianName: string | null;
  serviceCenterName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface AppointmentPage {
  items: ServiceAppointment[];
  nextCursor: string | null;
}

export interface AppointmentStats {
  total: number;
  today: number;
  scheduled: number;
  completed: number;
}

