import { z } from 'zod';
import { uuid } from './garage.ts';
import { listCursorSchema, pageDirectionSchema, pageLimitSchema, searchSchema } from './inquiries.ts';
import { shopIdSchema } from './shops.ts';
import type { ComponentName } from './vehicles.ts';

/** A shop's parts catalogue (docs/parts.md): its stock is in stock.ts, its suppliers in suppliers.ts. */

/**
 * The diagram's components (COMPONENT_LEGEND of vehicles.ts, same order), then 'Other': a part's
 * category names the component it serves.
 */
export const PART_CATEGORIES = ['Engine', 'Drive Motor', 'Transmission', 'Battery', 'Brakes', 'Suspension', 'Exhaust', 'Other'] as const;
export type PartCategory = (typeof PART_CATEGORIES)[number];
/** Fails to compile when the diagram gains a component the categories lack. */
type Covers<All extends PartCategory> = All;
export type EveryComponentIsACategory = Covers<ComponentName>;

export const PART_LIMITS = {
  partNumber: 60,
  name: 120,
  /** brand, make, model, engine */
  text: 60,
  notes: 2000,
  /** $1,000,000.00 */
  cents: 100_000_000,
  reorderPoint: 1_000_000,
  quantity: 100_000,
  reason: 300,
  yearMin: 1900,
  yearMax: 2100,
} as const;
export const PARTS_PAGE_SIZE = 25;

// ---- Stock status --------------------------------------------------------------------------

export const STOCK_LEVELS = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
export const STOCK_STATUS_LABELS = { in_stock: 'In Stock', low_stock: 'Low Stock', out_of_stock: 'Out of Stock' } as const satisfies Record<StockLevel, string>;
export type StockStatus = (typeof STOCK_STATUS_LABELS)[StockLevel];
export const STOCK_COLORS: Readonly<Record<StockLevel, 'green' | 'yellow' | 'red'>> = { in_stock: 'green', low_stock: 'yellow', out_of_stock: 'red' };

/** The badge rule: 0 or less is out; at or below the reorder point is low; above it, in stock. */
export function stockLevel(onHand: number, reorderPoint: number): StockLevel {
  if (onHand <= 0) return 'out_of_stock';
  if (onHand <= reorderPoint) return 'low_stock';
  return 'in_stock';
}

/** The badge's words for a part: 'In Stock', 'Low Stock' or 'Out of Stock'. */
export function stockStatus(onHand: number, reorderPoint: number): StockStatus {
  return STOCK_STATUS_LABELS[stockLevel(onHand, reorderPoint)];
}

// ---- Fields --------------------------------------------------------------------------------

export const partIdSchema = uuid('part');

/** Optional text: '' or null is "not given" (stored as null). */
export const clearable = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([z.string().max(max, `${label} must be at most ${max} characters`), z.null()]));

export const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters`, abort: true });

/** Kept in capitals, so 'bp-1042' and 'BP-1042' are one part number of the shop. */
const partNumberSchema = required('Part number', PART_LIMITS.partNumber)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./#_+-]*$/, 'Part number may contain letters, digits, spaces and - . / # _ +')
  .transform((value) => value.toUpperCase());

const yearSchema = (label: string) =>
  z.union(
    [z.number().int(`${label} must be a whole year`).min(PART_LIMITS.yearMin, `${label} must be ${PART_LIMITS.yearMin} or later`).max(PART_LIMITS.yearMax, `${label} must be ${PART_LIMITS.yearMax} or earlier`), z.null()],
    { error: `${label} must be a year such as 2018` },
  );

const centsSchema = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(0, `${label} must not be negative`)
    .max(PART_LIMITS.cents, `${label} must be at most ${PART_LIMITS.cents} cents`);

const partFields = {
  partNumber: partNumberSchema,
  name: required('Name', PART_LIMITS.name),
  brand: clearable('Brand', PART_LIMITS.text),
  category: z.enum(PART_CATEGORIES, { error: `Category must be one of: ${PART_CATEGORIES.join(', ')}` }),
  make: clearable('Make', PART_LIMITS.text),
  model: clearable('Model', PART_LIMITS.text),
  yearFrom: yearSchema('Year from'),
  yearTo: yearSchema('Year to'),
  engine: clearable('Engine', PART_LIMITS.text),
  unitCostCents: centsSchema('Unit cost'),
  priceCents: centsSchema('Price'),
  reorderPoint: z
    .number({ error: 'Reorder point must be a whole number' })
    .int('Reorder point must be a whole number')
    .min(0, 'Reorder point must not be negative')
    .max(PART_LIMITS.reorderPoint, `Reorder point must be at most ${PART_LIMITS.reorderPoint}`),
  notes: clearable('Notes', PART_LIMITS.notes),
};

function yearsInOrder(value: { yearFrom?: number | null; yearTo?: number | null }, ctx: z.core.$RefinementCtx): void {
  if (value.yearFrom != null && value.yearTo != null && value.yearFrom > value.yearTo) {
    ctx.addIssue({ code: 'custom', path: ['yearTo'], message: 'Year to must not be before year from' });
  }
}

const newPartShape = {
  partNumber: partFields.partNumber,
  name: partFields.name,
  brand: partFields.brand.default(null),
  category: partFields.category.default('Other'),
  make: partFields.make.default(null),
  model: partFields.model.default(null),
  yearFrom: partFields.yearFrom.default(null),
  yearTo: partFields.yearTo.default(null),
  engine: partFields.engine.default(null),
  unitCostCents: partFields.unitCostCents.default(0),
  priceCents: partFields.priceCents.default(0),
  reorderPoint: partFields.reorderPoint.default(0),
  notes: partFields.notes.default(null),
};

/** The "Add part" and "Edit part" form's fields (no shop: the page adds it). */
export const partFormSchema = z.object(newPartShape).strict().superRefine(yearsInOrder);
export type PartFormInput = z.input<typeof partFormSchema>;

export const createPartSchema = z
  .object({ serviceCenterId: shopIdSchema, ...newPartShape })
  .strict()
  .superRefine(yearsInOrder);
export type CreatePartInput = z.input<typeof createPartSchema>;
export type CreatePartValues = z.output<typeof createPartSchema>;

/** Only the fields sent change; null or '' clears an optional one. Stock changes only by movements. */
export const updatePartSchema = z
  .object({
    id: partIdSchema,
    partNumber: partFields.partNumber.optional(),
    name: partFields.name.optional(),
    brand: partFields.brand.optional(),
    category: partFields.category.optional(),
    make: partFields.make.optional(),
    model: partFields.model.optional(),
    yearFrom: partFields.yearFrom.optional(),
    yearTo: partFields.yearTo.optional(),
    engine: partFields.engine.optional(),
    unitCostCents: partFields.unitCostCents.optional(),
    priceCents: partFields.priceCents.optional(),
    reorderPoint: partFields.reorderPoint.optional(),
    notes: partFields.notes.optional(),
  })
  .strict()
  .superRefine(yearsInOrder);
export type PartPatch = Omit<z.input<typeof updatePartSchema>, 'id'>;
export type PartPatchValues = Omit<z.output<typeof updatePartSchema>, 'id'>;

/** A fitment filter's word: blank means none. */
const fitFilter = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(PART_LIMITS.text, `${label} must be at most ${PART_LIMITS.text} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** Search by number, name or brand (`search`) and by fitment: the parts that fit a make, model and year. */
export const listPartsSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    search: searchSchema,
    make: fitFilter('Make'),
    model: fitFilter('Model'),
    year: z.coerce
      .number({ error: 'Year must be a year such as 2018' })
      .int('Year must be a whole year')
      .min(PART_LIMITS.yearMin, `Year must be ${PART_LIMITS.yearMin} or later`)
      .max(PART_LIMITS.yearMax, `Year must be ${PART_LIMITS.yearMax} or earlier`)
      .optional(),
    category: partFields.category.optional(),
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: pageLimitSchema(100, PARTS_PAGE_SIZE),
  })
  .strict();
export type ListPartsInput = z.input<typeof listPartsSchema>;

// ---- Answers -------------------------------------------------------------------------------

export interface Part {
  id: string;
  serviceCenterId: string;
  partNumber: string;
  name: string;
  brand: string | null;
  category: PartCategory;
  make: string | null;
  model: string | null;
  yearFrom: number | null;
  yearTo: number | null;
  engine: string | null;
  unitCostCents: number;
  priceCents: number;
  reorderPoint: number;
  onHand: number;
  status: StockLevel;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PartPage {
  items: Part[];
  nextCursor: string | null;
}

/** The whole shop's stock, whatever the list's filter. */
/** 'Honda Civic 2016–2021 1.5L'; 'Any vehicle' when the part names no fitment. */
export function fitmentLabel(part: Pick<Part, 'make' | 'model' | 'yearFrom' | 'yearTo' | 'engine'>): string {
  const years =
    part.yearFrom !== null && part.yearTo !== null
      ? part.yearFrom === part.yearTo
        ? String(part.yearFrom)
        : `${part.yearFrom}\u2013${part.yearTo}`
      : part.yearFrom !== null
        ? `${part.yearFrom}+`
        : part.yearTo !== null
          ? `to ${part.yearTo}`
          : null;
  const words = [part.make, part.model, years, part.engine].filter((word): word is string => Boolean(word));
  return words.length ? words.join(' ') : 'Any vehicle';
}
