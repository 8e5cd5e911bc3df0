import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// A shop's inquiry page filtered by status, newest first
// (docs/inquiries.md#the-page-customer-inquiries-tech-mode): the shop's inquiries of that status in
// order, so a searched page reads about a quarter of the rows the shop's (center, created) index
// hands it. An index only: no row changes.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX customer_inquiries_center_status_created_idx ON customer_inquiries (service_center_id, status, created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS customer_inquiries_center_status_created_idx`.execute(db);
}
