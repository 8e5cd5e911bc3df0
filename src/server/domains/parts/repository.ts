import { sql, type Selectable } from 'kysely';
import { stockLevel, type CreatePartValues, type Part, type PartPatchValues } from '../../../shared/parts.ts';
import type { InventorySummary } from '../../../shared/stock.ts';
import type { Executor } from '../../db/index.ts';
import type { PartsTable } from '../../db/schema.ts';

/** A shop's parts catalogue (docs/parts.md): rows, search and the inventory's figures. */

export const partColumns = [
  'id',
  'service_center_id',
  'part_number',
  'name',
  'brand',
  'category',
  'make',
  'model',
  'year_from',
  'year_to',
  'engine',
  'unit_cost_cents',
  'price_cents',
  'reorder_point',
  'on_hand',
  'notes',
  'created_at',
  'updated_at',
] as const;
export type PartRow = Pick<Selectable<PartsTable>, (typeof partColumns)[number]>;

export function toPart(row: PartRow): Part {
  return {
    id: row.id,
    serviceCenterId: row.service_center_id,
    partNumber: row.part_number,
    name: row.name,
    brand: row.brand,
    category: row.category,
    make: row.make,
    model: row.model,
    yearFrom: row.year_from,
    yearTo: row.year_to,
    engine: row.engine,
    unitCostCents: row.unit_cost_cents,
    priceCents: row.price_cents,
    reorderPoint: row.reorder_point,
    onHand: row.on_hand,
    status: stockLevel(row.on_hand, row.reorder_point),
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A part by id; `lock` holds its row for the rest of the transaction (one change of it at a time). */
export async function findPartRow(db: Executor, id: string, lock = false): Promise<PartRow | undefined> {
  let query = db.selectFrom('parts').select(partColumns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findPartByNumber(db: Executor, serviceCenterId: string, partNumber: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('parts').select('id').where('service_center_id', '=', serviceCenterId).where('part_number', '=', partNumber).executeTakeFirst();
}

/** The shop's parts of these numbers, by number; `lock` holds their rows for an import's transaction. */
export async function findPartsByNumbers(db: Executor, serviceCenterId: string, partNumbers: readonly string[], lock = false): Promise<Map<string, PartRow>> {
  if (partNumbers.length === 0) return new Map();
  // Locked in one order (by id), so two imports of overlapping files wait for each other instead of deadlocking.
  let query = db.selectFrom('parts').select(partColumns).where('service_center_id', '=', serviceCenterId).where('part_number', 'in', [...partNumbers]).orderBy('id');
  if (lock) query = query.forUpdate();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.part_number, row]));
}

type Catalogue = Omit<CreatePartValues, 'serviceCenterId'>;

/** A part's catalogue fields as columns: all but its shop and its stock. */
function catalogueColumns(values: Catalogue) {
  return {
    part_number: values.partNumber,
    name: values.name,
    brand: values.brand,
    category: values.category,
    make: values.make,
    model: values.model,
    year_from: values.yearFrom,
    year_to: values.yearTo,
    engine: values.engine,
    unit_cost_cents: values.unitCostCents,
    price_cents: values.priceCents,
    reorder_point: values.reorderPoint,
    notes: values.notes,
  };
}

const partValues = (values: CreatePartValues) => ({ service_center_id: values.serviceCenterId, ...catalogueColumns(values) });

export async function insertPart(db: Executor, values: CreatePartValues): Promise<PartRow> {
  return db.insertInto('parts').values(partValues(values)).returning(partColumns).executeTakeFirstOrThrow();
}

/** Parts a statement of an import writes at most: 14 values each, well inside PostgreSQL's 65,535 parameters. */
const PART_BATCH = 1_000;

/** Many new parts (an imported catalogue), a statement per batch. */
export async function insertParts(db: Executor, parts: readonly CreatePartValues[]): Promise<PartRow[]> {
  const rows: PartRow[] = [];
  for (let i = 0; i < parts.length; i += PART_BATCH) {
    rows.push(...(await db.insertInto('parts').values(parts.slice(i, i + PART_BATCH).map(partValues)).returning(partColumns).execute()));
  }
  return rows;
}

/**
 * Every catalogue field of many parts (an imported catalogue), a statement per batch: the values
 * travel as one JSON parameter read by jsonb_to_recordset. Stock is not among them.
 */
export async function updatePartRows(db: Executor, parts: readonly (Catalogue & { id: string })[]): Promise<PartRow[]> {
  const rows: PartRow[] = [];
  const returning = sql.join(partColumns.map((column) => sql.ref(`parts.${column}`)));
  for (let i = 0; i < parts.length; i += PART_BATCH) {
    const batch = JSON.stringify(parts.slice(i, i + PART_BATCH).map(({ id, ...values }) => ({ id, ...catalogueColumns(values) })));
    const result = await sql<PartRow>`UPDATE parts SET part_number = v.part_number, name = v.name, brand = v.brand, category = v.category, make = v.make,
        model = v.model, year_from = v.year_from, year_to = v.year_to, engine = v.engine, unit_cost_cents = v.unit_cost_cents,
        price_cents = v.price_cents, reorder_point = v.reorder_point, notes = v.notes
      FROM jsonb_to_recordset(${batch}::jsonb) AS v(id uuid, part_number text, name text, brand text, category text, make text, model text,
        year_from integer, year_to integer, engine text, unit_cost_cents integer, price_cents integer, reorder_point integer, notes text)
      WHERE parts.id = v.id
      RETURNING ${returning}`.execute(db);
    rows.push(...result.rows);
  }
  return rows;
}

/** The catalogue's fields of a part; its stock changes only through a movement (stock.ts). */
export async function updatePartRow(db: Executor, id: string, patch: PartPatchValues): Promise<PartRow> {
  const columns = {
    part_number: patch.partNumber,
    name: patch.name,
    brand: patch.brand,
    category: patch.category,
    make: patch.make,
    model: patch.model,
    year_from: patch.yearFrom,
    year_to: patch.yearTo,
    engine: patch.engine,
    unit_cost_cents: patch.unitCostCents,
    price_cents: patch.priceCents,
    reorder_point: patch.reorderPoint,
    notes: patch.notes,
  };
  const set = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  if (Object.keys(set).length === 0) return db.selectFrom('parts').select(partColumns).where('id', '=', id).executeTakeFirstOrThrow();
  return db.updateTable('parts').set(set).where('id', '=', id).returning(partColumns).executeTakeFirstOrThrow();
}

/** The Inventory tab's cards: counts by status and the stock's value at cost, of the whole shop. */
export async function inventorySummary(db: Executor, serviceCenterId: string): Promise<InventorySummary> {
  const row = await db
    .selectFrom('parts')
    .select([
      sql<number>`count(*)::int`.as('parts'),
      sql<number>`(count(*) FILTER (WHERE on_hand > 0 AND on_hand <= reorder_point))::int`.as('low'),
      sql<number>`(count(*) FILTER (WHERE on_hand <= 0))::int`.as('out'),
      sql<string>`coalesce(sum(greatest(on_hand, 0)::bigint * unit_cost_cents), 0)::text`.as('value'),
    ])
    .where('service_center_id', '=', serviceCenterId)
    .executeTakeFirstOrThrow();
  return { parts: row.parts, lowStock: row.low, outOfStock: row.out, valueCents: Number(row.value) };
}

export async function allowsBackorders(db: Executor, serviceCenterId: string): Promise<boolean> {
  const row = await db.selectFrom('service_centers').select('allow_backorders').where('id', '=', serviceCenterId).executeTakeFirst();
  return row?.allow_backorders ?? false;
}

export async function setAllowBackorders(db: Executor, serviceCenterId: string, allow: boolean): Promise<void> {
  await db.updateTable('service_centers').set({ allow_backorders: allow }).where('id', '=', serviceCenterId).execute();
}
