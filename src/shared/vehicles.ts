import { z } from 'zod';
import { vinSchema } from './vin.ts';

/** Vehicle identification rules and constants (docs/vehicles.md), shared by the client and the server. */

export const VEHICLE_MAKES = ['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Nissan', 'BMW', 'Mercedes-Benz', 'Audi'] as const;
export type VehicleMake = (typeof VEHICLE_MAKES)[number];

/**
 * The product's own short list of models per make (docs/vehicles.md#identifying-a-vehicle); they stay
 * offered for every catalog year even where vPIC lacks a year.
 */
export const CATALOG_MODELS: Readonly<Partial<Record<VehicleMake, readonly string[]>>> = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Prius', 'Highlander'],
  Honda: ['Civic', 'Accord', 'CR-V', 'Pilot', 'Odyssey'],
  Ford: ['F-150', 'Escape', 'Explorer', 'Mustang', 'Focus'],
  Chevrolet: ['Silverado', 'Equinox', 'Malibu', 'Tahoe', 'Camaro'],
};

/** The current year and the 24 before it, newest first. */
export const CATALOG_YEAR_COUNT = 25;

export const ZOOM = { min: 0.5, max: 2, step: 0.2, start: 1 } as const;

// ---- Components and their legend -----------------------------------------------------------

/**
 * Legend colours (docs/vehicles.md#what-a-vehicle-shows) as Mantine colour names; the drive motor
 * of an electric vehicle adds teal.
 */
export const COMPONENT_LEGEND = [
  { name: 'Engine', color: 'red' },
  { name: 'Drive Motor', color: 'teal' },
  { name: 'Transmission', color: 'blue' },
  { name: 'Battery', color: 'green' },
  { name: 'Brakes', color: 'orange' },
  { name: 'Suspension', color: 'purple' },
  { name: 'Exhaust', color: 'gray' },
] as const;
export type ComponentName = (typeof COMPONENT_LEGEND)[number]['name'];

export const DEFAULT_DIAGRAM_POSITION = { x: 50, y: 50, color: 'blue' } as const;

/**
 * One generic service interval. `text` is what people read; `miles` and `months` say when it is due
 * again (whichever comes first; the lower bound of a range such as 5,000–7,500 miles), null when the
 * interval has no such limit. A due-date calculation reads these, never the text. Stored in
 * `vehicle_components.service_intervals` as `{ [label]: ServiceInterval }`.
 */
export const serviceIntervalSchema = z.object({
  text: z.string(),
  miles: z.number().int().positive().nullable(),
  months: z.number().int().positive().nullable(),
});
export type ServiceInterval = z.infer<typeof serviceIntervalSchema>;

export const diagramPositionSchema = z.object({
  x: z.number().min(0).max(100),
  y: z.number().min(0).max(100),
  color: z.string().min(1),
});
export type DiagramPosition = z.infer<typeof diagramPositionSchema>;

// ---- Body styles and their drawings --------------------------------------------------------

export const BODY_KINDS = ['sedan', 'suv', 'pickup', 'hatchback', 'van'] as const;
export type BodyKind = (typeof BODY_KINDS)[number];

export const BODY_KIND_LABEL: Readonly<Record<BodyKind, string>> = {
  sedan: 'Sedan',
  suv: 'SUV',
  pickup: 'Pickup',
  hatchback: 'Coupe / Hatchback',
  van: 'Van',
};

/**
 * Where the drawings put things, in percent of a 2:1 side view with the front on the left. The client
 * draws wheels and hood here and the server places component hotspots on the same points.
 */
export interface DiagramGeometry {
  frontWheelX: number;
  rearWheelX: number;
  wheelY: number;
  /** Wheel radius, in percent of the drawing's width. */
  wheelR: number;
  /** Middle of the engine bay. */
  engineX: number;
  engineY: number;
}

export const DIAGRAM_GEOMETRY: Readonly<Record<BodyKind, DiagramGeometry>> = {
  sedan: { frontWheelX: 24, rearWheelX: 76, wheelY: 74, wheelR: 5.5, engineX: 20, engineY: 56 },
  hatchback: { frontWheelX: 24, rearWheelX: 74, wheelY: 74, wheelR: 5.5, engineX: 20, engineY: 57 },
  suv: { frontWheelX: 24, rearWheelX: 76, wheelY: 72, wheelR: 6.5, engineX: 19, engineY: 50 },
  pickup: { frontWheelX: 22, rearWheelX: 78, wheelY: 72, wheelR: 6.5, engineX: 17, engineY: 50 },
  van: { frontWheelX: 21, rearWheelX: 79, wheelY: 73, wheelR: 6, engineX: 15, engineY: 58 },
};

// ---- Inputs ---------------------------------------------------------------------------------

export const decodeVinInputSchema = z.object({ vin: vinSchema });

const MAX_NAME_LENGTH = 100;

function requiredText(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(MAX_NAME_LENGTH, { error: `${label} must be at most ${MAX_NAME_LENGTH} characters` });
}

/** Accepts a number or the digits of a query string, so tRPC and REST share one rule. */
const yearField = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Year is required' : 'Year must be a whole number') })
    .int({ error: 'Year must be a whole number' })
    .min(1900, { error: 'Year must be between 1900 and 2100' })
    .max(2100, { error: 'Year must be between 1900 and 2100' }),
);

/** Year, make and model: the stored-vehicle search (docs/vehicles.md#paths) and the manual choice. */
export const vehicleSelectionSchema = z.object({
  year: yearField,
  make: requiredText('Make'),
  model: requiredText('Model'),
});
export type VehicleSelection = z.output<typeof vehicleSelectionSchema>;
export type VehicleSelectionInput = z.input<typeof vehicleSelectionSchema>;

export const modelsInputSchema = z.object({ year: yearField, make: requiredText('Make') });

export const vehicleIdSchema = z.uuid({ error: 'vehicleId must be a UUID' });
export const vehicleIdInputSchema = z.object({ vehicleId: vehicleIdSchema });

export const serviceRecordsInputSchema = z.object({
  vehicleId: vehicleIdSchema,
  componentId: z.uuid({ error: 'componentId must be a UUID' }),
});

// ---- Answers --------------------------------------------------------------------------------

export interface Vehicle {
  id: string;
  vin: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  engine: string | null;
  transmission: string | null;
  drivetrain: string | null;
  bodyStyle: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A decode answer: the stored vehicle plus what the user should double-check. */
export interface IdentifiedVehicle extends Vehicle {
  warnings: string[];
}

/** What a refused decode still established (422 `details`), to pre-fill manual selection. */
export interface PartialDecodeDetails {
  make: string | null;
  manufacturer: string | null;
  year: number | null;
  plantCountry: string | null;
}

export interface VehicleComponent {
  id: string;
  vehicleId: string;
  name: string;
  category: string;
  /** Plain language, for owners (Simple Mode). */
  description: string | null;
  /** Technical facts, for technicians. */
  specifications: Record<string, string>;
  /** Label to text, every label ending in '(generic)'. */
  serviceIntervals: Record<string, string>;
  /** The same intervals, machine-readable (see serviceIntervalSchema). */
  serviceSchedule: (ServiceInterval & { label: string })[];
  commonIssues: string[];
  diagramPosition: DiagramPosition;
  createdAt: Date;
}

export interface WalkthroughChapter {
  title: string;
  startTime: string;
  endTime: string;
  description: string;
}

export const walkthroughChapterSchema = z.object({
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  description: z.string(),
});

export interface VideoWalkthrough {
  id: string;
  vehicleId: string;
  title: string;
  description: string | null;
  videoUrl: string;
  duration: string | null;
  chapters: WalkthroughChapter[];
  createdAt: Date;
}

export interface ComponentServiceRecord {
  id: string;
  serviceType: string;
  description: string | null;
  mileage: string | null;
  /** The mileage as whole miles when it is a number (shown in the user's unit). */
  mileageValue: number | null;
  date: Date;
}
