import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// A record a shop writes names the shop customer's vehicle it was written for, so the records of
// customers without an account (no user_id) stay apart even when two of them own the same model.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE service_records ADD COLUMN customer_vehicle_id uuid REFERENCES shop_customer_vehicles (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX service_records_customer_vehicle_idx ON service_records (customer_vehicle_id, date DESC) WHERE customer_vehicle_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX service_records_center_idx ON service_records (service_center_id, date DESC) WHERE service_center_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS service_records_center_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS service_records_customer_vehicle_idx`.execute(db);
  await sql`ALTER TABLE service_records DROP COLUMN IF EXISTS customer_vehicle_id`.execute(db);
}
