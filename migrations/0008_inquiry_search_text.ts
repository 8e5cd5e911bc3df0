import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// The inquiry list's text search walks the newest rows of a status and keeps those whose subject or
// description contains the term. One stored, lower-cased copy of both lets a single LIKE reject a
// row instead of two ILIKEs that each lower-case the row and the pattern again. A row matching
// either column always matches this copy, so it can only narrow the exact test, never replace it.
// Existing rows get their value when the column is added; PostgreSQL keeps it current on every
// insert and update.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customer_inquiries ADD COLUMN search_text text
      GENERATED ALWAYS AS (lower(subject || E'\\n' || description)) STORED`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE customer_inquiries DROP COLUMN IF EXISTS search_text`.execute(db);
}
