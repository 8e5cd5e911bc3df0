import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Imported rows remember a fingerprint of their content, unique per owner and vehicle, so importing
// the same file again adds nothing twice. Widens only: nullable columns and partial unique indexes;
// rows written by hand have no fingerprint and are never compared.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE service_records ADD COLUMN import_key text CHECK (char_length(import_key) <= 64)`.execute(db);
  await sql`ALTER TABLE fuel_entries ADD COLUMN import_key text CHECK (char_length(import_key) <= 64)`.execute(db);
  await sql`CREATE UNIQUE INDEX service_records_import_key ON service_records (user_id, vehicle_id, import_key) WHERE import_key IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX fuel_entries_import_key ON fuel_entries (user_id, vehicle_id, import_key) WHERE import_key IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS fuel_entries_import_key`.execute(db);
  await sql`DROP INDEX IF EXISTS service_records_import_key`.execute(db);
  await sql`ALTER TABLE fuel_entries DROP COLUMN IF EXISTS import_key`.execute(db);
  await sql`ALTER TABLE service_records DROP COLUMN IF EXISTS import_key`.execute(db);
}
