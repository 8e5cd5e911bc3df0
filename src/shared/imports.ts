import { z } from 'zod';
import { timeZoneSchema } from './dates.ts';
import { uuid } from './garage.ts';

/**
 * CSV import of service records and fuel fill-ups into one garage vehicle (docs/data.md#import):
 * the file's columns are mapped to our fields (a preset fills the mapping), every row is checked
 * with the schemas the manual forms use, and a row imported before is never added again.
 */

export const IMPORT_KINDS = ['service', 'fuel'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Readonly<Record<ImportKind, string>> = { service: 'Service records', fuel: 'Fuel fill-ups' };

export const IMPORT_PRESETS = ['lubelogger', 'fuelly', 'vintech', 'custom'] as const;
export type ImportPreset = (typeof IMPORT_PRESETS)[number];
export const IMPORT_PRESET_LABELS: Readonly<Record<ImportPreset, string>> = {
  lubelogger: 'LubeLogger export',
  fuelly: 'Fuelly export',
  vintech: 'VinTech export',
  custom: 'Other (map the columns yourself)',
};

export const SERVICE_FIELDS = ['date', 'mileage', 'serviceType', 'description', 'cost', 'notes', 'status'] as const;
export const FUEL_FIELDS = ['date', 'odometer', 'quantity', 'totalPrice', 'pricePerUnit', 'fullFill', 'partialFill', 'missedBefore', 'station'] as const;
export type ServiceField = (typeof SERVICE_FIELDS)[number];
export type FuelField = (typeof FUEL_FIELDS)[number];
export type ImportField = ServiceField | FuelField;
export const IMPORT_FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  date: 'Date',
  mileage: 'Mileage',
  serviceType: 'Service type',
  description: 'Description',
  cost: 'Cost',
  notes: 'Notes',
  status: 'Status',
  odometer: 'Odometer',
  quantity: 'Quantity',
  totalPrice: 'Total price',
  pricePerUnit: 'Price per unit',
  fullFill: 'Filled to full',
  partialFill: 'Partial fill',
  missedBefore: 'Missed fill-up before',
  station: 'Station',
};
export const REQUIRED_FIELDS: Readonly<Record<ImportKind, readonly ImportField[]>> = {
  service: ['date', 'serviceType'],
  fuel: ['date', 'odometer', 'quantity'],
};
export const fieldsOf = (kind: ImportKind): readonly ImportField[] => (kind === 'service' ? SERVICE_FIELDS : FUEL_FIELDS);

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export const VOLUME_UNITS = ['gal', 'L'] as const;
export const DATE_ORDERS = ['auto', 'mdy', 'dmy', 'ymd'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export type VolumeUnit = (typeof VOLUME_UNITS)[number];
export type DateOrder = (typeof DATE_ORDERS)[number];

/**
 * The column names of the other apps' exports (their CSV headers, compared without case, spaces
 * and underscores). LubeLogger: service records Date, Odometer, Description, Notes, Cost, Tags;
 * gas records Date, Odometer, FuelConsumed, Cost, FuelEconomy, IsFillToFull, MissedFuelUp, Notes,
 * Tags, in the units the user set there. Fuelly: car_name, model, mpg, odometer, miles, gallons,
 * price (per unit), city_percentage, fuelup_date, date_added, tags, notes, missed_fuelup,
 * partial_fuelup, latitude, longitude, brand; metric accounts have km, litres and l/100km instead.
 */
export const PRESET_COLUMNS: Readonly<Record<Exclude<ImportPreset, 'custom'>, Readonly<Record<ImportKind, Partial<Record<ImportField, readonly string[]>>>>>> = {
  lubelogger: {
    service: { date: ['Date'], mileage: ['Odometer'], serviceType: ['Description'], notes: ['Notes'], cost: ['Cost'] },
    fuel: { date: ['Date'], odometer: ['Odometer'], quantity: ['FuelConsumed'], totalPrice: ['Cost'], fullFill: ['IsFillToFull'], missedBefore: ['MissedFuelUp'] },
  },
  fuelly: {
    // The preset covers Fuelly's fill-up export; other files of theirs are mapped by hand.
    service: {},
    fuel: { date: ['fuelup_date'], odometer: ['odometer'], quantity: ['gallons', 'litres', 'liters'], pricePerUnit: ['price'], partialFill: ['partial_fuelup'], missedBefore: ['missed_fuelup'], station: ['brand'] },
  },
  vintech: {
    service: { date: ['date'], mileage: ['mileage'], serviceType: ['service_type'], description: ['description'], cost: ['cost'], notes: ['notes'], status: ['status'] },
    fuel: { date: ['date'], odometer: ['odometer'], quantity: ['quantity'], totalPrice: ['total_price'], fullFill: ['full_fill'], missedBefore: ['missed_before'], station: ['station'] },
  },
};

export const IMPORT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxRows: 20_000, shownErrors: 200, sampleRows: 10 } as const;

/** Header to field: null or absent leaves the field out. */
export const importMappingSchema = z
  .partialRecord(z.enum([...SERVICE_FIELDS, ...FUEL_FIELDS]), z.string().max(200, 'A column name must be at most 200 characters').nullable(), { error: 'Mapping must name a column per field' });
export type ImportMapping = Partial<Record<ImportField, string | null>>;

export const importRequestSchema = z
  .object({
    vehicleId: uuid('vehicle'),
    kind: z.enum(IMPORT_KINDS, { error: 'Kind must be service or fuel' }),
    preset: z.enum(IMPORT_PRESETS, { error: `Preset must be one of ${IMPORT_PRESETS.join(', ')}` }).default('custom'),
    /** Absent: the preset's columns, found in the file's header. */
    mapping: importMappingSchema.optional(),
    /** Absent: what the file's headers say (Fuelly), else miles and US gallons. */
    distanceUnit: z.enum(DISTANCE_UNITS, { error: 'Distance unit must be mi or km' }).optional(),
    volumeUnit: z.enum(VOLUME_UNITS, { error: 'Volume unit must be gal or L' }).optional(),
    dateOrder: z.enum(DATE_ORDERS, { error: 'Date order must be auto, mdy, dmy or ymd' }).default('auto'),
    csv: z
      .string({ error: 'Send the file as text in csv' })
      .min(1, 'The file is empty')
      .max(IMPORT_LIMITS.maxBytes, `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`),
    timeZone: timeZoneSchema.default('UTC'),
  })
  .strict();
export type ImportRequest = z.input<typeof importRequestSchema>;
export type ImportRequestValues = z.output<typeof importRequestSchema>;

export interface ImportRowError {
  /** The line in the file (the header is line 1). */
  row: number;
  /** The file's column, or null for a problem of the whole row. */
  column: string | null;
  message: string;
}

export interface ImportPreview {
  headers: string[];
  /** What was used: the request's mapping, or the preset's columns found in the header. */
  mapping: ImportMapping;
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  rows: number;
  valid: number;
  /** Valid rows imported before (same content into this vehicle): importing skips them. */
  duplicates: number;
  /** Rows with problems, the first `IMPORT_LIMITS.shownErrors` of them listed in `errors`. */
  invalid: number;
  errors: ImportRowError[];
  /** The first valid rows as they will be stored (miles, US gallons), for the preview table. */
  sample: Record<string, string | number | boolean | null>[];
}

export interface ImportSummary {
  rows: number;
  added: number;
  duplicates: number;
  invalid: number;
  errors: ImportRowError[];
}
