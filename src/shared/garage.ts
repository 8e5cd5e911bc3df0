import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { timeZoneSchema, todayIn } from './dates.ts';
import type { Vehicle } from './vehicles.ts';

/** My garage, service records and what is due (the maintenance tracker). */

export const MAX_ODOMETER = 2_000_000;
export const GARAGE_LIMITS = { nickname: 60, serviceType: 120, description: 2000, notes: 2000 } as const;

export const uuid = (what: string) => z.uuid({ error: `Invalid ${what} id` });

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

export const nicknameSchema = z
  .string({ error: 'Nickname is required' })
  .trim()
  .min(1, 'Nickname is required')
  .max(GARAGE_LIMITS.nickname, `Nickname must be at most ${GARAGE_LIMITS.nickname} characters`);

/** A calendar day, YYYY-MM-DD, from 1980 on. */
export const garageDaySchema = z
  .string({ error: 'Date must be a day like 2026-05-01' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a day like 2026-05-01')
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'Date is not a real day')
  .refine((day) => day >= '1980-01-01', 'Date must be in 1980 or later');

/** What the owner knows of a past service when saving a vehicle: its day, its mileage or both. */
export const knownServiceSchema = z
  .object({
    service: z
      .string({ error: 'Service is required' })
      .trim()
      .min(1, 'Service is required')
      .max(GARAGE_LIMITS.serviceType, `Service must be at most ${GARAGE_LIMITS.serviceType} characters`),
    date: garageDaySchema.nullable().default(null),
    mileage: mileageSchema.nullable().default(null),
  })
  .strict()
  .refine((known) => known.date !== null || known.mileage !== null, { message: 'Give the day or the mileage of the last service', path: ['date'] });
export type KnownService = z.output<typeof knownServiceSchema>;
export const MAX_KNOWN_SERVICES = 10;

export const addToGarageSchema = z
  .object({
    vehicleId: uuid('vehicle'),
    nickname: nicknameSchema,
    odometer: mileageSchema,
    /** Empty or absent: "I don't know": every service counts from today and this odometer. */
    lastKnown: z
      .array(knownServiceSchema, { error: 'lastKnown must be a list' })
      .max(MAX_KNOWN_SERVICES, `At most ${MAX_KNOWN_SERVICES} known services`)
      .default([]),
    /** The day that is "today" for the known services (none may be later). */
    timeZone: timeZoneSchema.default('UTC'),
  })
  .strict()
  .superRefine((values, ctx) => {
    const today = todayIn(values.timeZone);
    const seen = new Set<string>();
    values.lastKnown.forEach((known, index) => {
      if (known.date !== null && known.date > today) {
        ctx.addIssue({ code: 'custom', path: ['lastKnown', index, 'date'], message: `The last ${known.service.toLowerCase()} cannot be in the future` });
      }
      if (known.mileage !== null && known.mileage > values.odometer) {
        ctx.addIssue({ code: 'custom', path: ['lastKnown', index, 'mileage'], message: `The last ${known.service.toLowerCase()} cannot be above the current odometer` });
      }
      const key = known.service.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['lastKnown', index, 'service'], message: `${known.service} is given twice` });
      seen.add(key);
    });
  });
export type AddToGarageInput = z.input<typeof addToGarageSchema>;
export type AddToGarageValues = z.output<typeof addToGarageSchema>;

/** Why a reading below the highest recorded mileage is right: a new odometer, or a typo fixed. */
export const ODOMETER_CORRECTIONS = ['replaced', 'typo'] as const;
export type OdometerCorrection = (typeof ODOMETER_CORRECTIONS)[number];
export const ODOMETER_CORRECTION_LABELS: Readonly<Record<OdometerCorrection, string>> = {
  replaced: 'The odometer was replaced',
  typo: 'An earlier reading was a typo',
};

export const updateGarageVehicleSchema = z
  .object({
    nickname: nicknameSchema.optional(),
    odometer: mileageSchema.optional(),
    odometerCorrection: z.enum(ODOMETER_CORRECTIONS, { error: 'odometerCorrection must be replaced or typo' }).optional(),
  })
  .strict();
export type GarageVehiclePatch = z.input<typeof updateGarageVehicleSchema>;

export const garageIdSchema = uuid('garage vehicle');

export interface GarageVehicle {
  id: string;
  nickname: string;
  odometer: number;
  odometerUpdatedAt: Date;
  /** The highest mileage on record: the odometer or a completed record since the odometer was fitted. */
  highestMileage: number;
  /** Miles shown on earlier odometers (0 unless one was replaced). */
  odometerOffset: number;
  /** What the owner knew of past services when saving it. */
  knownServices: KnownService[];
  vehicle: Vehicle;
  createdAt: Date;
  updatedAt: Date;
  /** The caller's part: the owner, or a household member the owner shared it with. */
  access: GarageRole;
  /** Who shared it with the caller (null for the caller's own vehicle). */
  sharedBy: string | null;
}

// ---- Sharing with a household ---------------------------------------------------------------

/** owner: everything; editor: keeps its history (records, fuel, expenses, odometer); viewer: reads it. */
export const GARAGE_ROLES = ['owner', 'editor', 'viewer'] as const;
export type GarageRole = (typeof GARAGE_ROLES)[number];
export const SHARE_ROLES = ['editor', 'viewer'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const SHARE_ROLE_LABELS: Readonly<Record<ShareRole, string>> = { editor: 'Editor (adds and edits records)', viewer: 'Viewer (reads only)' };
/** A household, not a fleet: a vehicle is shared with at most this many accounts. */
export const MAX_SHARES_PER_VEHICLE = 10;

const shareRoleSchema = z.enum(SHARE_ROLES, { error: 'Role must be editor or viewer' });

export const createShareSchema = z
  .object({
    garageVehicleId: uuid('garage vehicle'),
    email: emailSchema,
    role: shareRoleSchema,
  })
  .strict();
export type CreateShareInput = z.input<typeof createShareSchema>;

export const updateShareSchema = z.object({ garageVehicleId: uuid('garage vehicle'), userId: uuid('user'), role: shareRoleSchema }).strict();
export const shareMemberSchema = z.object({ garageVehicleId: uuid('garage vehicle'), userId: uuid('user') }).strict();
export const garageVehicleRefSchema = z.object({ garageVehicleId: uuid('garage vehicle') }).strict();

export interface VehicleShare {
  userId: string;
  name: string;
  email: string;
  role: ShareRole;
  createdAt: Date;
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
  /** What the count starts from: a record, what the owner said when saving, or the day of saving. */
  basis: 'record' | 'known' | 'tracking';
  /** The day the vehicle was saved and the odometer then (the start when basis is 'tracking'). */
  trackingDate: string;
  trackingMileage: number;
  dueDate: string | null;
  dueMileage: number | null;
  daysLeft: number | null;
  milesLeft: number | null;
  urgency: Urgency;
}
