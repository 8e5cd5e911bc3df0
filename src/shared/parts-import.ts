import { z } from 'zod';
import { amountToCents, formatCents } from './money.ts';
import { PART_CATEGORIES, PART_LIMITS, partFormSchema } from './parts.ts';
import { shopIdSchema } from './shops.ts';

/**
 * A shop's parts catalogue imported from a CSV file (docs/parts.md#importing-a-catalogue): the
 * header line names the columns, each row is checked by the rules of the "Add part" form, and a
 * part number the shop has already updates that part's catalogue fields (never its stock).
 */

export const PART_IMPORT_LIMITS = { maxBytes: 2 * 1024 * 1024, maxRows: 5_000 } as const;

export const PART_IMPORT_FIELDS = [
  'partNumber',
  'name',
  'brand',
  'category',
  'make',
  'model',
  'yearFrom',
  'yearTo',
  'engine',
  'unitCostCents',
  'priceCents',
  'reorderPoint',
  'notes',
] as const;
export type PartImportField = (typeof PART_IMPORT_FIELDS)[number];

/**
 * The header names each field's column may have, its label first. Compared without case, spaces or
 * punctuation, and '#' reads as "number": "Part #", "PART_NUMBER" and "part number" are one column.
 */
export const PART_IMPORT_COLUMNS: Readonly<Record<PartImportField, readonly [string, ...string[]]>> = {
  partNumber: ['Part number', 'Part #', 'Part no', 'Part num', 'PN', 'SKU'],
  name: ['Name', 'Part name', 'Description'],
  brand: ['Brand', 'Manufacturer', 'Mfr'],
  category: ['Category'],
  make: ['Make', 'Fits make', 'Vehicle make'],
  model: ['Model', 'Fits model', 'Vehicle model'],
  yearFrom: ['Year from', 'From year', 'Start year'],
  yearTo: ['Year to', 'To year', 'End year'],
  engine: ['Engine'],
  unitCostCents: ['Unit cost', 'Cost', 'Cost price'],
  priceCents: ['Price', 'Retail', 'Retail price', 'Sell price', 'List price'],
  reorderPoint: ['Reorder point', 'Reorder', 'Reorder level', 'Min stock'],
  notes: ['Notes', 'Note', 'Comments'],
};
export const partImportLabel = (field: PartImportField): string => PART_IMPORT_COLUMNS[field][0];
export const REQUIRED_IMPORT_COLUMNS: readonly PartImportField[] = ['partNumber', 'name'];

const MONEY_FIELDS: ReadonlySet<PartImportField> = new Set(['unitCostCents', 'priceCents']);
const WHOLE_FIELDS: ReadonlySet<PartImportField> = new Set(['yearFrom', 'yearTo', 'reorderPoint']);

const normal = (text: string) => text.toLowerCase().replace(/#/g, 'number').replace(/[^a-z0-9]/g, '');
const FIELD_OF_HEADER: ReadonlyMap<string, PartImportField> = new Map(PART_IMPORT_FIELDS.flatMap((field) => PART_IMPORT_COLUMNS[field].map((name) => [normal(name), field] as const)));

export type ColumnMatch =
  | { ok: true; columns: Partial<Record<PartImportField, number>>; ignored: string[] }
  | { ok: false; message: string };

/** Which column of the header holds which field; a column of no field (stock, say) is ignored and listed. */
export function matchColumns(headers: readonly string[]): ColumnMatch {
  const columns: Partial<Record<PartImportField, number>> = {};
  const ignored: string[] = [];
  for (const [index, header] of headers.entries()) {
    if (header === '') continue;
    const field = FIELD_OF_HEADER.get(normal(header));
    if (!field) {
      ignored.push(header);
      continue;
    }
    const taken = columns[field];
    if (taken !== undefined) return { ok: false, message: `The columns "${headers[taken]}" and "${header}" both name the ${partImportLabel(field)}: keep one` };
    columns[field] = index;
  }
  const missing = REQUIRED_IMPORT_COLUMNS.filter((field) => columns[field] === undefined);
  if (missing.length > 0) {
    return { ok: false, message: `The file has no ${missing.map(partImportLabel).join(' or ')} column: its first line must name the columns, such as Part number, Name, Price` };
  }
  return { ok: true, columns, ignored };
}

/**
 * Dollars as spreadsheets write them ("12.50", "$1,234.00", "7") to whole cents, digit by digit;
 * null when the text is no amount. A minus sign is kept, so the part's rule says "must not be negative".
 */
export function dollarsToCents(text: string): number | null {
  let value = text.trim().replace(/^\$\s*-/, '-$');
  const negative = value.startsWith('-');
  if (negative) value = value.slice(1).trim();
  if (!/^\$?\s*((\d{1,3}(,\d{3})+|\d+)(\.\d*)?|\.\d+)$/.test(value)) return null;
  // "12.", ".5" and "12.5000" as spreadsheets may write them; a third decimal that is not 0 stays refused.
  const digits = value.replace(/[$,\s]/g, '').replace(/^\./, '0.').replace(/\.$/, '').replace(/(\.\d\d)0+$/, '$1');
  const cents = amountToCents(digits, 12);
  if (cents === null) return null;
  return negative && cents > 0 ? -cents : cents;
}

/** "1,200" → 1200; other text is left for the field's rule to refuse in its own words. */
function wholeOf(text: string): number | string {
  const plain = /^\d{1,3}(,\d{3})+$/.test(text) ? text.replace(/,/g, '') : text;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
}

/**
 * One row's cells (the file's columns only) to the values of the "Add part" form, checked by its
 * schema, so a row's error reads as the form's: "Price must not be negative". A blank cell is a
 * blank form field (text cleared, no years, 0 cents, category Other). Issues name the field in `path`.
 */
export const partImportRowSchema = z.partialRecord(z.enum(PART_IMPORT_FIELDS), z.string()).transform((cells, ctx) => {
  const input: Record<string, unknown> = {};
  const refused = new Set<string>();
  const refuse = (field: PartImportField, message: string) => {
    refused.add(field);
    ctx.addIssue({ code: 'custom', path: [field], message });
  };
  for (const field of PART_IMPORT_FIELDS) {
    const cell = cells[field];
    if (cell === undefined) continue;
    const text = cell.trim();
    if (MONEY_FIELDS.has(field)) {
      if (text === '') continue;
      const cents = dollarsToCents(text);
      if (cents === null) refuse(field, `${partImportLabel(field)} must be an amount like 12.50`);
      else if (cents > PART_LIMITS.cents) refuse(field, `${partImportLabel(field)} must be at most ${formatCents(PART_LIMITS.cents)}`);
      else input[field] = cents;
    } else if (WHOLE_FIELDS.has(field)) {
      if (text !== '') input[field] = wholeOf(text);
    } else if (field === 'category') {
      if (text !== '') input.category = PART_CATEGORIES.find((category) => normal(category) === normal(text)) ?? text;
    } else {
      input[field] = cell;
    }
  }
  const parsed = partFormSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (!refused.has(String(issue.path[0]))) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  return refused.size > 0 ? z.NEVER : parsed.data;
});
/** A row's part as it will be stored: the form's fields, part number in capitals. */
export type PartImportValues = z.output<typeof partFormSchema>;

/** The file travels as text; over REST it may also be the body itself (text/csv). */
export const partImportSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    csv: z
      .string({ error: 'Send the file as text in csv' })
      .min(1, 'The file is empty')
      .max(PART_IMPORT_LIMITS.maxBytes, `The file is larger than ${PART_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`),
  })
  .strict();
export type PartImportInput = z.input<typeof partImportSchema>;

// ---- Answers -------------------------------------------------------------------------------

export interface PartImportError {
  /** The line in the file: the header is line 1. */
  row: number;
  /** The field at fault, or null for the whole row. */
  field: PartImportField | null;
  /** The file's header of that field, when the file has the column. */
  column: string | null;
  message: string;
}

export const PART_IMPORT_STATUSES = ['new', 'update', 'unchanged', 'error'] as const;
export type PartImportStatus = (typeof PART_IMPORT_STATUSES)[number];

export interface PartImportRow {
  row: number;
  status: PartImportStatus;
  /** The row's part number and name cells as the file has them, to tell a row with errors by. */
  cells: { partNumber: string; name: string };
  /** The part as it will be after the import (an update keeps the fields the file has no column of); null for an error. */
  part: PartImportValues | null;
  /** For an update: the catalogue fields that change. */
  changed: PartImportField[];
  errors: PartImportError[];
}

export interface PartImportCounts {
  new: number;
  updates: number;
  /** Rows whose part the shop already has exactly so: nothing to write. */
  unchanged: number;
  errors: number;
}

export interface PartImportPreview {
  /** Field → the file's header that fills it. */
  columns: Partial<Record<PartImportField, string>>;
  /** Headers of no field (stock, for one): not read. */
  ignored: string[];
  rows: PartImportRow[];
  counts: PartImportCounts;
}

export interface PartImportResult {
  counts: PartImportCounts;
  /** The rows left out, and why. */
  errors: PartImportError[];
}

/** "2 new, 1 updated, 1 with errors" (and the unchanged, when there are some). */
export function importCountsText(counts: PartImportCounts): string {
  const words = [`${counts.new} new`, `${counts.updates} updated`, `${counts.errors} with errors`];
  if (counts.unchanged > 0) words.push(`${counts.unchanged} unchanged`);
  return words.join(', ');
}
