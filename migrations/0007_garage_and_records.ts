import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).

export async function up(db: Kysely<any>): Promise<void> {
  // A user's saved vehicles, with a name of their own and the odometer the due list reads.
  await sql`CREATE TABLE garage_vehicles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      nickname text NOT NULL CHECK (char_length(nickname) BETWEEN 1 AND 60),
      odometer integer NOT NULL CHECK (odometer BETWEEN 0 AND 2000000),
      odometer_updated_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, vehicle_id)
    )`.execute(db);
  await sql`CREATE INDEX garage_vehicles_user_created_idx ON garage_vehicles (user_id, created_at)`.execute(db);
  await sql`CREATE INDEX garage_vehicles_vehicle_idx ON garage_vehicles (vehicle_id)`.execute(db);
  await sql`CREATE TRIGGER garage_vehicles_updated_at BEFORE UPDATE ON garage_vehicles
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  // Service records widen: whose vehicle history a record belongs to, its status, cost, notes and
  // the mileage as a number (the text column stays readable for older callers).
  await sql`ALTER TABLE service_records ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE service_records ADD COLUMN status text NOT NULL DEFAULT 'completed'
      CHECK (status IN ('completed', 'scheduled', 'urgent'))`.execute(db);
  await sql`ALTER TABLE service_records ADD COLUMN cost numeric(10, 2) CHECK (cost >= 0)`.execute(db);
  await sql`ALTER TABLE service_records ADD COLUMN notes text`.execute(db);
  await sql`ALTER TABLE service_records ADD COLUMN mileage_value integer CHECK (mileage_value BETWEEN 0 AND 2000000)`.execute(db);
  await sql`ALTER TABLE service_records ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`UPDATE service_records SET mileage_value = NULLIF(regexp_replace(mileage, '[^0-9]', '', 'g'), '')::integer
      WHERE mileage ~ '^[0-9 ,.]{1,12}$' AND length(regexp_replace(mileage, '[^0-9]', '', 'g')) BETWEEN 1 AND 7`.execute(db);
  await sql`CREATE TRIGGER service_records_updated_at BEFORE UPDATE ON service_records
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  // A history newest first; the due list's latest completed service per component.
  await sql`CREATE INDEX service_records_user_vehicle_date_idx ON service_records (user_id, vehicle_id, date DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX service_records_due_idx ON service_records (user_id, vehicle_id, component_id, lower(service_type), date DESC)
      WHERE status = 'completed'`.execute(db);
  // Technicians reach a customer's vehicle through the customer's inquiries and appointments.
  await sql`CREATE INDEX customer_inquiries_customer_vehicle_idx ON customer_inquiries (customer_id, vehicle_id) WHERE vehicle_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX service_appointments_customer_vehicle_idx ON service_appointments (customer_id, vehicle_id) WHERE vehicle_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS service_appointments_customer_vehicle_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS customer_inquiries_customer_vehicle_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS service_records_due_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS service_records_user_vehicle_date_idx`.execute(db);
  await sql`DROP TRIGGER IF EXISTS service_records_updated_at ON service_records`.execute(db);
  for (const column of ['updated_at', 'mileage_value', 'notes', 'cost', 'status', 'user_id']) {
    await sql`ALTER TABLE service_records DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS garage_vehicles`.execute(db);
}
