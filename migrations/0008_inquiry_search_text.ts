import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// The inquiry list's text search ("subject or description contains the term", case-insensitive)
// tested two ILIKEs per row, each lower-casing the row and the pattern again, and planned from two
// trigram indexes. search_text is one stored, lower-cased copy of both, joined by a line break: a
// term without a line break is in subject or description exactly when its lower-cased form is in
// search_text, so one LIKE with one trigram index answers the same question. Existing rows get
// their value when the column is added; PostgreSQL keeps it current on every insert and update.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customer_inquiries ADD COLUMN search_text text
      GENERATED ALWAYS AS (lower(subject || E'\\n' || description)) STORED`.execute(db);
  await sql`CREATE INDEX customer_inquiries_search_text_trgm_idx ON customer_inquiries USING gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS customer_inquiries_search_text_trgm_idx`.execute(db);
  await sql`ALTER TABLE customer_inquiries DROP COLUMN IF EXISTS search_text`.execute(db);
}
