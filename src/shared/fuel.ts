import { z } from 'zod';
import { timeZoneSchema, todayIn } from './dates.ts';
import { garageDaySchema, mileageSchema, uuid } from './garage.ts';
import { amountSchema } from './money.ts';
import { LITRES_PER_US_GALLON } from './units.ts';

/**
 * The fuel and charging log and other vehicle expenses (docs/garage.md#fuel-and-charging). Stored in
 * canonical units: miles, US gallons for fuel, kWh for charging; money as numeric(10,2) text.
 */

export const FUEL_KINDS = ['fuel', 'charge'] as const;
export type FuelKind = (typeof FUEL_KINDS)[number];
/** What the quantity was typed in: US gallons ('gal'), imperial gallons ('impgal'), litres or kWh; fuel is stored as US gallons. */
export const QUANTITY_UNITS = ['gal', 'impgal', 'L', 'kWh'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
export { LITRES_PER_US_GALLON };

export const EXPENSE_CATEGORIES = ['registration', 'insurance', 'tax', 'parking', 'repair', 'other'] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Readonly<Record<ExpenseCategory, string>> = {
  registration: 'Registration',
  insurance: 'Insurance',
  tax: 'Tax',
  parking: 'Parking',
  repair: 'Repair',
  other: 'Other',
};

export const FUEL_LIMITS = { station: 200, note: 500, quantity: 10_000 } as const;

const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([z.string().max(max, `${label} must be at most ${max} characters`), z.null()]));

/** A positive quantity (volume or energy) with at most 3 decimals, typed as text or a number. */
export const quantitySchema = z
  .union([z.number(), z.string().trim()], { error: 'Quantity must be a number like 12.5' })
  .transform((value) => (typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value.replace(/,/g, '')) ? Number(value.replace(/,/g, '')) : NaN))
  .pipe(
    z
      .number({ error: 'Quantity must be a number like 12.5' })
      .positive('Quantity must be more than 0')
      .max(FUEL_LIMITS.quantity, `Quantity must be at most ${FUEL_LIMITS.quantity.toLocaleString('en-US')}`),
  );

const fuelFields = {
  date: garageDaySchema,
  odometer: mileageSchema,
  kind: z.enum(FUEL_KINDS, { error: 'Kind must be fuel or charge' }),
  quantity: quantitySchema,
  unit: z.enum(QUANTITY_UNITS, { error: 'Unit must be gal, impgal, L or kWh' }),
  totalPrice: amountSchema('Total price', 8).nullable(),
  pricePerUnit: amountSchema('Price per unit', 6).nullable(),
  fullFill: z.boolean({ error: 'Full fill must be true or false' }),
  missedBefore: z.boolean({ error: 'Missed fill-up must be true or false' }),
  station: optionalText('Station', FUEL_LIMITS.station),
  /** Checks "not in the future" in the user's zone. */
  timeZone: timeZoneSchema.default('UTC'),
};

function consistent(values: { date?: string; timeZone: string; kind?: FuelKind; unit?: QuantityUnit }, ctx: z.RefinementCtx) {
  if (values.date && values.date > todayIn(values.timeZone)) ctx.addIssue({ code: 'custom', path: ['date'], message: 'A fill-up cannot be dated in the future' });
  if (values.kind && values.unit && (values.kind === 'charge') !== (values.unit === 'kWh')) {
    ctx.addIssue({ code: 'custom', path: ['unit'], message: values.kind === 'charge' ? 'The unit of a charge is kWh' : 'The unit of fuel is gal, impgal or L' });
  }
}

const fuelFieldsWithDefaults = {
    ...fuelFields,
    kind: fuelFields.kind.default('fuel'),
    unit: fuelFields.unit.default('gal'),
    totalPrice: fuelFields.totalPrice.default(null),
    pricePerUnit: fuelFields.pricePerUnit.default(null),
    fullFill: fuelFields.fullFill.default(true),
    missedBefore: fuelFields.missedBefore.default(false),
    station: fuelFields.station.default(null),
};
export const fuelEntryFieldsSchema = z.object(fuelFieldsWithDefaults).strict().superRefine(consistent);
export const createFuelEntrySchema = z
  .object({ ...fuelFieldsWithDefaults, vehicleId: uuid('vehicle') })
  .strict()
  .superRefine(consistent);
export type CreateFuelEntryInput = z.input<typeof createFuelEntrySchema>;
export type CreateFuelEntryValues = z.output<typeof createFuelEntrySchema>;

export const updateFuelEntrySchema = z
  .object({
    date: fuelFields.date.optional(),
    odometer: fuelFields.odometer.optional(),
    kind: fuelFields.kind.optional(),
    quantity: fuelFields.quantity.optional(),
    unit: fuelFields.unit.optional(),
    totalPrice: fuelFields.totalPrice.optional(),
    pricePerUnit: fuelFields.pricePerUnit.optional(),
    fullFill: fuelFields.fullFill.optional(),
    missedBefore: fuelFields.missedBefore.optional(),
    station: fuelFields.station.optional(),
    timeZone: fuelFields.timeZone,
  })
  .strict()
  .superRefine((values, ctx) => {
    consistent(values, ctx);
    if (values.quantity !== undefined && values.unit === undefined) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Give the unit with the quantity' });
  });
export type FuelEntryPatch = z.input<typeof updateFuelEntrySchema>;

const expenseFields = {
  date: garageDaySchema,
  category: z.enum(EXPENSE_CATEGORIES, { error: `Category must be one of ${EXPENSE_CATEGORIES.join(', ')}` }),
  amount: amountSchema('Amount', 8),
  note: optionalText('Note', FUEL_LIMITS.note),
};
export const expenseFieldsSchema = z.object({ ...expenseFields, note: expenseFields.note.default(null) }).strict();
export const createExpenseSchema = z.object({ ...expenseFieldsSchema.shape, vehicleId: uuid('vehicle') }).strict();
export type CreateExpenseInput = z.input<typeof createExpenseSchema>;
export type CreateExpenseValues = z.output<typeof createExpenseSchema>;
export const updateExpenseSchema = z
  .object({ date: expenseFields.date.optional(), category: expenseFields.category.optional(), amount: expenseFields.amount.optional(), note: expenseFields.note.optional() })
  .strict();
export type ExpensePatch = z.input<typeof updateExpenseSchema>;

export const FUEL_PAGE_SIZE = 25;
export const fuelListSchema = z
  .object({
    vehicleId: uuid('vehicle'),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(FUEL_PAGE_SIZE),
    offset: z.coerce.number({ error: 'Offset must be a number' }).int().min(0, 'Offset must not be negative').max(100_000, 'Offset must be at most 100,000').default(0),
  })
  .strict();
export const fuelEntryIdSchema = uuid('fuel entry');
export const expenseIdSchema = uuid('expense');

/** One fill-up or charge as answered, with the economy computed over the vehicle's whole log. */
export interface FuelEntry {
  id: string;
  vehicleId: string;
  date: string;
  odometer: number;
  kind: FuelKind;
  /** US gallons (fuel) or kWh (charge). */
  quantity: number;
  totalPrice: string | null;
  /** Dollars per gallon or per kWh, from the total. */
  pricePerUnit: number | null;
  fullFill: boolean;
  missedBefore: boolean;
  station: string | null;
  /** Miles per gallon or per kWh since the previous full fill; null when it cannot be known. */
  economy: number | null;
  /** Miles since the previous full fill the economy spans. */
  distance: number | null;
  outlier: boolean;
  /** Why there is no economy: 'first', 'partial', 'missed', 'backwards' or null. */
  note: EconomyNote | null;
  createdAt: Date;
  updatedAt: Date;
}
export type EconomyNote = 'first' | 'partial' | 'missed' | 'backwards';

export interface FuelPage {
  items: FuelEntry[];
  total: number;
}

export interface Expense {
  id: string;
  vehicleId: string;
  date: string;
  category: ExpenseCategory;
  amount: string;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
}
