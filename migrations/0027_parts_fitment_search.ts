import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// The parts search by words and fitment at once (docs/parts.md#search): one GIN index holds both the
// trigrams of a part's search text and its fitment keys: "mk:toyota" for a part of Toyotas, "mk"
// alone for a part naming no make (so "md" for model and "en" for engine), and "yr:2012" for each
// year of a closed range of up to 60 years ("yr" alone for an open or longer one, which the year's
// own condition then checks). A search that only a few parts of a large catalogue meet is found
// from the index instead of by reading the catalogue in number order. It takes the place of the trigram index of
// 0024, which the new index's first column serves as well. Indexes only: no row changes.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE FUNCTION part_fit_years(year_from integer, year_to integer) RETURNS text[]
      LANGUAGE sql IMMUTABLE PARALLEL SAFE
      AS $$ SELECT CASE WHEN year_from IS NULL OR year_to IS NULL OR year_to - year_from > 60 THEN ARRAY['yr']
        ELSE ARRAY(SELECT 'yr:' || y FROM generate_series(year_from, year_to) AS y) END $$`.execute(db);
  await sql`CREATE INDEX parts_search_fitment_idx ON parts USING gin (
      search_text gin_trgm_ops,
      (ARRAY[coalesce('mk:' || lower(make), 'mk'), coalesce('md:' || lower(model), 'md'), coalesce('en:' || lower(engine), 'en')] || part_fit_years(year_from, year_to))
    )`.execute(db);
  await sql`DROP INDEX parts_search_trgm_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX parts_search_trgm_idx ON parts USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`DROP INDEX parts_search_fitment_idx`.execute(db);
  await sql`DROP FUNCTION part_fit_years(integer, integer)`.execute(db);
}
