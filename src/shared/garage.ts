import { z } from 'zod';
import { timeZoneSchema } from './dates.ts';
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

const nicknameSchema = z
  .string({ error: 'Nickname is required' })
  .trim()
  .min(1, 'Nickname is required')
  .max(GARAGE_LIMITS.nickname, `Nickname must be at most ${GARAGE_LIMITS.nickname} characters`);

export const addToGarageSchema = z
  .object({ vehicleId: uuid('vehicle'), nickname: nicknameSchema, odometer: mileageSchema })
  .strict();
export type AddToGarageInput = z.input<typeof addToGarageSchema>;
export type AddToGarageValues = z.output<typeof addToGarageSchema>;

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
