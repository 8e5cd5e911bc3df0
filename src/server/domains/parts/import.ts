import type { User } from '../../../shared/auth.ts';
import {
  matchColumns,
  PART_IMPORT_FIELDS,
  PART_IMPORT_LIMITS,
  partImportRowSchema,
  type PartImportCounts,
  type PartImportError,
  type PartImportField,
  type PartImportInput,
  type PartImportPreview,
  type PartImportResult,
  type PartImportRow,
  type PartImportValues,
} from '../../../shared/parts-import.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudits } from '../../lib/audit.ts';
import { readCsv } from '../../lib/csv-read.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { findPartsByNumbers, insertParts, toPart, updatePartRows, type PartRow } from './repository.ts';
import { partAudit } from './service.ts';

/**
 * A catalogue imported from CSV (docs/parts.md#importing-a-catalogue). Any staff role may import, as
 * any may add a part; anyone else gets the shop's 404. The file is read and checked before the
 * database is asked anything; the preview and the import then look up the same part numbers, so the
 * import does what the preview showed unless someone changed those parts in between.
 */

interface CheckedRow {
  row: number;
  cells: PartImportRow['cells'];
  values: PartImportValues | null;
  errors: PartImportError[];
}

interface ReadFile {
  /** Field → the file's header. */
  columns: Partial<Record<PartImportField, string>>;
  ignored: string[];
  rows: CheckedRow[];
}

type PlannedRow = PartImportRow & { before: PartRow | null };

const fileProblem = (message: string) => domainError('BAD_REQUEST', message, { field: 'csv' });
const isField = (value: unknown): value is PartImportField => (PART_IMPORT_FIELDS as readonly unknown[]).includes(value);
/** A row's errors in the order of the form's fields, the whole row's first. */
const fieldOrder = (field: PartImportField | null) => (field === null ? -1 : PART_IMPORT_FIELDS.indexOf(field));

/** Reads the file and checks each row on its own, and part numbers against the rows above them. A file that cannot be read at all is a 400. */
function readFile(csv: string): ReadFile {
  if (Buffer.byteLength(csv, 'utf8') > PART_IMPORT_LIMITS.maxBytes) throw fileProblem(`The file is larger than ${PART_IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`);
  const read = readCsv(csv, PART_IMPORT_LIMITS.maxRows);
  if (!read.ok) throw fileProblem(read.message);
  const { headers, rows } = read.table;
  if (rows.length === 0) throw fileProblem('The file has a header line but no rows');
  const match = matchColumns(headers);
  if (!match.ok) throw fileProblem(match.message);
  const indexes = Object.entries(match.columns) as [PartImportField, number][];
  const columns: ReadFile['columns'] = Object.fromEntries(indexes.map(([field, index]) => [field, headers[index]]));

  const firstRowOf = new Map<string, number>();
  const checked = rows.map(({ line, cells }): CheckedRow => {
    const errors: PartImportError[] = [];
    const error = (field: PartImportField | null, message: string) => errors.push({ row: line, field, column: field ? (columns[field] ?? null) : null, message });
    if (cells.slice(headers.length).some((cell) => cell.trim() !== '')) {
      error(null, `The row has ${cells.length} cells but the header names ${headers.length} columns: put a text that holds a comma in double quotes`);
    }
    const parsed = partImportRowSchema.safeParse(Object.fromEntries(indexes.map(([field, index]) => [field, cells[index] ?? ''])));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) error(isField(issue.path[0]) ? issue.path[0] : null, issue.message);
    } else {
      const first = firstRowOf.get(parsed.data.partNumber);
      if (first !== undefined) error('partNumber', `Part number ${parsed.data.partNumber} is on row ${first} of the file already`);
      else firstRowOf.set(parsed.data.partNumber, line);
    }
    errors.sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
    const cell = (field: PartImportField) => (cells[match.columns[field] ?? -1] ?? '').trim();
    return { row: line, cells: { partNumber: cell('partNumber'), name: cell('name') }, values: errors.length === 0 && parsed.success ? parsed.data : null, errors };
  });
  return { columns, ignored: match.ignored, rows: checked };
}

/** A stored part's catalogue fields, as a file row gives them (its id, shop, stock and times left out). */
function catalogueOf(row: PartRow): PartImportValues {
  const { id: _id, serviceCenterId: _center, onHand: _onHand, status: _status, createdAt: _created, updatedAt: _updated, ...catalogue } = toPart(row);
  return catalogue;
}

/**
 * What each row would do: a part number the shop has not is a new part; one it has is updated in
 * the fields the file has columns of (the others stay as they are), or left alone when nothing differs.
 */
async function planRows(db: Executor, serviceCenterId: string, file: ReadFile, lock: boolean): Promise<PlannedRow[]> {
  const numbers = file.rows.flatMap((row) => (row.values ? [row.values.partNumber] : []));
  const existing = await findPartsByNumbers(db, serviceCenterId, numbers, lock);
  const present = PART_IMPORT_FIELDS.filter((field) => file.columns[field] !== undefined);
  return file.rows.map(({ row, cells, values, errors }): PlannedRow => {
    if (!values) return { row, cells, status: 'error', part: null, changed: [], errors, before: null };
    const before = existing.get(values.partNumber);
    if (!before) return { row, cells, status: 'new', part: values, changed: [], errors, before: null };
    const current = catalogueOf(before);
    const part: PartImportValues = { ...current, ...Object.fromEntries(present.map((field) => [field, values[field]])) };
    if (part.yearFrom !== null && part.yearTo !== null && part.yearFrom > part.yearTo) {
      const field = file.columns.yearTo ? 'yearTo' : 'yearFrom';
      const problem = { row, field, column: file.columns[field] ?? null, message: `Year to must not be before year from (the part has ${part.yearFrom} to ${part.yearTo})` } as const;
      return { row, cells, status: 'error', part: null, changed: [], errors: [problem], before: null };
    }
    const changed = present.filter((field) => part[field] !== current[field]);
    return { row, cells, status: changed.length > 0 ? 'update' : 'unchanged', part, changed, errors, before };
  });
}

function countsOf(rows: readonly PartImportRow[]): PartImportCounts {
  const count = (status: PartImportRow['status']) => rows.filter((row) => row.status === status).length;
  return { new: count('new'), updates: count('update'), unchanged: count('unchanged'), errors: count('error') };
}

/** What the import would do, row by row; changes nothing. */
export async function previewPartImport(db: Database, user: User, input: PartImportInput): Promise<PartImportPreview> {
  await requireShopAccess(db, user, input.serviceCenterId, 'work');
  const file = readFile(input.csv);
  const rows = (await planRows(db, input.serviceCenterId, file, false)).map(({ before: _before, ...row }) => row);
  return { columns: file.columns, ignored: file.ignored, rows, counts: countsOf(rows) };
}

/**
 * Writes the valid rows in one transaction, each audited as "Add part" and "Edit part" are; rows
 * with errors are left out and listed. The parts it updates are locked first, and stock is never
 * touched. A part number another import adds meanwhile makes this one fail whole (409), never half.
 */
export async function commitPartImport(db: Database, user: User, input: PartImportInput): Promise<PartImportResult> {
  const actor = await requireShopAccess(db, user, input.serviceCenterId, 'work');
  const file = readFile(input.csv);
  return db.transaction().execute(async (trx) => {
    const rows = await planRows(trx, input.serviceCenterId, file, true);
    const created = await insertParts(trx, rows.flatMap(({ status, part }) => (status === 'new' && part ? [{ serviceCenterId: input.serviceCenterId, ...part }] : [])));
    const updates = rows.flatMap(({ status, part, before }) => (status === 'update' && part && before ? [{ part, before }] : []));
    const updated = await updatePartRows(trx, updates.map(({ part, before }) => ({ ...part, id: before.id })));
    const beforeOf = new Map(updates.map(({ before }) => [before.id, before]));
    const entry = { serviceCenterId: input.serviceCenterId, actorId: actor.userId, entity: 'part' } as const;
    await recordAudits(trx, [
      ...created.map((row) => ({ ...entry, entityId: row.id, action: 'create' as const, after: partAudit(row) })),
      ...updated.map((row) => ({ ...entry, entityId: row.id, action: 'update' as const, before: partAudit(beforeOf.get(row.id) ?? row), after: partAudit(row) })),
    ]);
    return { counts: countsOf(rows), errors: rows.flatMap((row) => row.errors) };
  });
}
