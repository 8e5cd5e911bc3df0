import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Part, PartPage, StockLevel } from '../../../shared/parts.ts';
import type { Executor } from '../../db/index.ts';
import { containsPattern, decodeCursor, encodeCursor, pageOf } from '../../lib/paging.ts';
import { partColumns, toPart, type PartRow } from './repository.ts';

/**
 * The catalogue's search (docs/parts.md#search): words ("number, name, brand or fitment contains"),
 * fitment (make, model, year, engine), category and stock status, a keyset page by part number.
 */

export interface PartFilters {
  search?: string;
  make?: string;
  model?: string;
  year?: number;
  category?: Part['category'];
  status?: StockLevel;
}

export interface Fitment {
  make?: string | null;
  model?: string | null;
  year?: number | null;
  engine?: string | null;
}

/**
 * A part's fitment keys, exactly as the GIN index of migration 0027 holds them: "mk:toyota" for a
 * part of Toyotas, "mk" alone for a part that names no make (it fits every one); so for model ("md")
 * and engine ("en"); "yr:2012" for each year of a closed range of up to 60 years, else "yr" alone.
 */
const FIT_KEYS = sql`(ARRAY[coalesce('mk:' || lower(make), 'mk'), coalesce('md:' || lower(model), 'md'), coalesce('en:' || lower(engine), 'en')] || part_fit_years(year_from, year_to))`;

/** Parts naming this value of a field, or none: one overlap the index answers. */
const fits = (field: 'mk' | 'md' | 'en' | 'yr', value: string) => sql<SqlBool>`${FIT_KEYS} && ARRAY[${`${field}:`} || lower(${value}), ${field}]::text[]`;

/** What separates the words of an engine's description, in SQL and here alike. */
const WORD_BREAK = '[^a-z0-9.]+';
const wordsOf = (text: string) => text.toLowerCase().split(new RegExp(WORD_BREAK)).filter(Boolean);

/**
 * The conditions a part meets when it fits a vehicle: each field given must match (make and model
 * whatever the case; the year within the part's years, an open end fits; every word of the part's
 * engine among the vehicle's), and a part that
 * names none of a field fits every one. A field not given is not checked.
 */
export function fitmentConditions(fit: Fitment): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (fit.make) conditions.push(fits('mk', fit.make));
  if (fit.model) conditions.push(fits('md', fit.model));
  if (fit.year != null) {
    // The keys narrow by year only where a range is closed; the range itself decides.
    conditions.push(fits('yr', String(fit.year)));
    conditions.push(sql<SqlBool>`(year_from IS NULL OR year_from <= ${fit.year}) AND (year_to IS NULL OR year_to >= ${fit.year})`);
  }
  const engineWords = wordsOf(fit.engine ?? '');
  // A part's engine fits when each of its words is in the vehicle's: "2.4L" and "K24Z2" both fit a
  // decoded "2.4L I4 Gasoline, K24Z2"; "2.0L" does not.
  if (engineWords.length > 0) conditions.push(sql<SqlBool>`(engine IS NULL OR array_remove(regexp_split_to_array(lower(engine), ${WORD_BREAK}), '') <@ ${engineWords}::text[])`);
  return conditions;
}

/** search_text is the lower-cased number, name, brand, make, model and engine (migration 0024). */
export const searchCondition = (search: string) => sql<SqlBool>`search_text LIKE lower(${containsPattern(search)})`;

const STATUS_WHERE: Record<StockLevel, RawBuilder<SqlBool>> = {
  out_of_stock: sql<SqlBool>`on_hand <= 0`,
  low_stock: sql<SqlBool>`on_hand > 0 AND on_hand <= reorder_point`,
  in_stock: sql<SqlBool>`on_hand > 0 AND on_hand > reorder_point`,
};

/**
 * Parts read in number order before a filtered page falls back to its index: enough that a search
 * most parts meet fills its page from them, few enough to read in a couple of milliseconds.
 */
const WINDOW = 2_000;

/**
 * A shop's parts by part number, a keyset page at a time. Unfiltered, the page is read in number
 * order. Filtered, it is first looked for among the next WINDOW parts in number order (a search many
 * parts meet fills its page there); when they do not fill it and the search has words of three
 * letters or more or a make, model, year or engine, the matching parts are taken from the words-and-fitment
 * index and sorted (a search few parts meet costs what they cost, not the whole catalogue).
 */
export async function listPartPage(db: Executor, serviceCenterId: string, filters: PartFilters, page: { cursor?: string | null; limit: number }): Promise<PartPage> {
  const conditions = [...fitmentConditions(filters)];
  if (filters.search) conditions.push(searchCondition(filters.search));
  if (filters.category) conditions.push(sql<SqlBool>`category = ${filters.category}`);
  if (filters.status) conditions.push(STATUS_WHERE[filters.status]);
  const toPage = (rows: PartRow[]) => pageOf(rows, page.limit, toPart, (row) => encodeCursor(row.part_number, row.id));

  let shopParts = db.selectFrom('parts').where('service_center_id', '=', serviceCenterId);
  if (page.cursor) {
    const { key, id } = decodeCursor(page.cursor);
    shopParts = shopParts.where(sql<SqlBool>`(part_number, id) > (${key}, ${id}::uuid)`);
  }
  const matching = () => conditions.reduce((query, condition) => query.where(condition), shopParts);
  const inOrder = () => matching().select(partColumns).orderBy('part_number').orderBy('id').limit(page.limit + 1);
  if (conditions.length === 0) return toPage(await inOrder().execute());

  // The window's size beside its matches: one row with no part when none of it matches.
  const windowParts = shopParts.select([...partColumns, 'search_text']).orderBy('part_number').orderBy('id').limit(WINDOW);
  const found = await sql<PartRow & { seen: number }>`WITH window_parts AS (${windowParts})
    SELECT matches.*, counted.seen FROM (SELECT count(*)::int AS seen FROM window_parts) AS counted
    LEFT JOIN LATERAL (SELECT ${sql.join(partColumns.map((column) => sql.ref(column)))} FROM window_parts WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY part_number, id LIMIT ${page.limit + 1}) AS matches ON true`.execute(db);
  const window = found.rows.filter((row) => row.id !== null);
  const windowReachedTheEnd = (found.rows[0]?.seen ?? 0) < WINDOW;
  if (window.length > page.limit || windowReachedTheEnd) return toPage(window);

  const indexed = (filters.search?.trim().length ?? 0) >= 3 || Boolean(filters.make || filters.model || filters.year != null);
  if (!indexed) return toPage(await inOrder().execute());
  const rows = await db
    .with((cte) => cte('matching_parts').materialized(), () => matching().select(partColumns))
    .selectFrom('matching_parts')
    .selectAll()
    .orderBy('part_number')
    .orderBy('id')
    .limit(page.limit + 1)
    .execute();
  return toPage(rows);
}
