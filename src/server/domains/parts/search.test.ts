import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { callerFor } from '../../../../tests/helpers/factories.ts';
import { shopWithStaff } from '../../../../tests/helpers/shops.ts';
import type { ListPartsInput, Part } from '../../../shared/parts.ts';

/**
 * A catalogue larger than the search's window (search.ts): the pages a filtered search answers,
 * whether found in number order or from the words-and-fitment index, are those a plain reading of
 * the whole catalogue finds, page after page.
 */
/** The list's filters, the year as a number (the schema also takes it as text from a query string). */
type Filters = Omit<ListPartsInput, 'serviceCenterId' | 'year'> & { year?: number };

describeEachDatabase('parts: searching a large catalogue', (getDb) => {
  it('finds sparse and broad matches alike, page by page, with fitment, years and open ends', async () => {
    const db = getDb();
    const { shop, technician } = await shopWithStaff(db);
    const other = await shopWithStaff(db);
    const tech = callerFor(db, technician);
    // 3,000 parts; the few that a sparse search meets sit at the end of the number order.
    const fill = (center: string, count: number) => sql`
      INSERT INTO parts (service_center_id, part_number, name, brand, category, make, model, year_from, year_to, engine)
      SELECT ${center}::uuid, 'N' || lpad(n::text, 5, '0'),
             (ARRAY['Brake pad set', 'Oil filter', 'Air filter', 'Spark plug', 'Wiper blade'])[1 + n % 5] || ' ' || n,
             (ARRAY['Bosch', 'Denso', NULL])[1 + n % 3],
             (ARRAY['Brakes', 'Engine', 'Engine', 'Engine', 'Other'])[1 + n % 5],
             CASE WHEN n > 2990 THEN 'Lotus' ELSE (ARRAY['Toyota', 'Honda', NULL])[1 + n % 3] END,
             CASE WHEN n > 2990 THEN 'Elise' ELSE (ARRAY['Camry', 'Civic', 'Corolla', NULL])[1 + n % 4] END,
             CASE WHEN n % 7 = 0 THEN NULL WHEN n % 11 = 0 THEN 1920 ELSE 2000 + n % 15 END,
             CASE WHEN n % 5 = 0 THEN NULL ELSE 2010 + n % 10 END,
             CASE WHEN n % 13 = 0 THEN '2.0L' END
      FROM generate_series(1, ${count}) AS n`;
    await fill(shop.id, 3_000).execute(db);
    await fill(other.shop.id, 500).execute(db);
    await sql`ANALYZE parts`.execute(db);
    const everything = await db.selectFrom('parts').selectAll().where('service_center_id', '=', shop.id).orderBy('part_number').execute();

    const fitsField = (value: string | null, wanted?: string) => !wanted || value === null || value.toLowerCase() === wanted.toLowerCase();
    const expected = (filters: Filters) =>
      everything
        .filter((part) => {
          const text = [part.part_number, part.name, part.brand ?? '', part.make ?? '', part.model ?? '', part.engine ?? ''].join('\n').toLowerCase();
          return (
            (!filters.search || text.includes(filters.search.toLowerCase())) &&
            fitsField(part.make, filters.make) &&
            fitsField(part.model, filters.model) &&
            (filters.year === undefined || ((part.year_from === null || part.year_from <= filters.year) && (part.year_to === null || part.year_to >= filters.year))) &&
            (!filters.category || part.category === filters.category)
          );
        })
        .map((part) => part.part_number);
    const allPages = async (filters: Filters) => {
      const numbers: string[] = [];
      let cursor: string | null | undefined;
      for (let pages = 0; pages < 200; pages++) {
        const page: { items: Part[]; nextCursor: string | null } = await tech.parts.list({ serviceCenterId: shop.id, limit: 100, cursor, ...filters });
        numbers.push(...page.items.map((part) => part.partNumber));
        if (!page.nextCursor) return numbers;
        cursor = page.nextCursor;
      }
      throw new Error('too many pages');
    };

    const cases: Filters[] = [
      { search: 'elise' }, // sparse words: only the last ten parts
      { make: 'Lotus', year: 2012 }, // sparse fitment (parts naming no make fit too)
      { search: 'filter', make: 'lotus', model: 'ELISE', year: 2013 }, // sparse words and fitment
      { search: 'brake', make: 'Honda', model: 'Civic', year: 1925 }, // the long and open ranges
      { year: 2025 }, // only open ends and parts naming no years
      { search: 'filter', make: 'Toyota' }, // broad: the window fills the page
      { make: 'Honda', model: 'Corolla', category: 'Engine' },
      { search: 'no part has this' },
      { search: 'fi', make: 'Lotus' }, // words too short for the index
    ];
    for (const filters of cases) {
      const want = expected(filters);
      expect(await allPages(filters), JSON.stringify(filters)).toEqual(want);
    }
    // A first page of a sparse search, checked on its own: the tenth match of "elise" ends it.
    const sparse = await tech.parts.list({ serviceCenterId: shop.id, search: 'elise', limit: 25 });
    expect(sparse.items.map((part) => part.partNumber)).toEqual(expected({ search: 'elise' }));
    expect(sparse.items).toHaveLength(10);
    expect(sparse.nextCursor).toBeNull();
  });
});
