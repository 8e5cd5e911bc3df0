import { sql } from 'kysely';
import { PART_CATEGORIES, type PartCategory } from '../../../shared/parts.ts';
import { VEHICLE_PARTS_LIMIT, type VehicleParts } from '../../../shared/vehicle-parts.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import type { Executor } from '../../db/index.ts';
import { partColumns, toPart } from './repository.ts';
import { fitmentConditions, searchCondition } from './search.ts';

/** The diagram's order of the categories, for sorting in SQL. */
const CATEGORY_ORDER = sql<number>`CASE category ${sql.join(
  PART_CATEGORIES.map((category, index) => sql`WHEN ${category} THEN ${index}`),
  sql` `,
)} END`;

/**
 * The parts of a shop's catalogue that fit a vehicle (docs/parts.md#parts-list-tab): its make,
 * model and year, and its engine when both the vehicle and the part name one. `search` narrows them
 * as the catalogue's search does; `category` keeps one category in the list, while the counts cover
 * every category. At most VEHICLE_PARTS_LIMIT parts, by category in the diagram's order, then number.
 */
export async function partsFittingVehicle(
  db: Executor,
  serviceCenterId: string,
  vehicle: Pick<Vehicle, 'make' | 'model' | 'year' | 'engine'>,
  filters: { search?: string; category?: PartCategory },
): Promise<VehicleParts> {
  const conditions = fitmentConditions({ make: vehicle.make, model: vehicle.model, year: vehicle.year, engine: vehicle.engine });
  if (filters.search) conditions.push(searchCondition(filters.search));
  const fitting = () => conditions.reduce((query, condition) => query.where(condition), db.selectFrom('parts').where('service_center_id', '=', serviceCenterId));

  let list = fitting().select(partColumns).orderBy(CATEGORY_ORDER).orderBy('part_number').orderBy('id').limit(VEHICLE_PARTS_LIMIT);
  if (filters.category) list = list.where('category', '=', filters.category);
  const [rows, counts] = await Promise.all([
    list.execute(),
    fitting()
      .select(['category', sql<number>`count(*)::int`.as('count')])
      .groupBy('category')
      .execute(),
  ]);

  const byCategory = new Map(counts.map((row) => [row.category, row.count]));
  const categories = PART_CATEGORIES.filter((category) => byCategory.has(category)).map((category) => ({ category, count: byCategory.get(category) ?? 0 }));
  const total = categories.reduce((sum, entry) => sum + entry.count, 0);
  return { items: rows.map(toPart), total, categories, limit: VEHICLE_PARTS_LIMIT };
}
