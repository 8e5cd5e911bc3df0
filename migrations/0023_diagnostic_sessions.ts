import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Diagnostic sessions (docs/diagnostics.md): what was read from a vehicle in one sitting, through
// an OBD-II adapter or typed by hand: the adapter and protocol, the VIN, the warning light, the
// readiness monitors and a snapshot of live values and freeze-frame data (as JSON arrays, bounded by
// the application), the codes found with their status, and the clearing of codes. By the owner for
// their own vehicle, or by a shop for its customer's. Widens only: two new tables.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE diagnostic_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      service_center_id uuid REFERENCES service_centers (id) ON DELETE CASCADE,
      customer_vehicle_id uuid REFERENCES shop_customer_vehicles (id) ON DELETE SET NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      source text NOT NULL CHECK (source IN ('adapter', 'manual')),
      adapter text CHECK (char_length(adapter) <= 120),
      protocol text CHECK (char_length(protocol) <= 120),
      vin text CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
      mileage integer CHECK (mileage BETWEEN 0 AND 2000000),
      mil_on boolean,
      voltage numeric(4, 1) CHECK (voltage BETWEEN 0 AND 40),
      readiness jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(readiness) = 'array'),
      live jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(live) = 'array'),
      freeze_frame jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(freeze_frame) = 'array'),
      notes text CHECK (char_length(notes) <= 2000),
      cleared_at timestamptz,
      cleared_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (customer_vehicle_id IS NULL OR service_center_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX diagnostic_sessions_owner_idx ON diagnostic_sessions (user_id, vehicle_id, created_at DESC) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX diagnostic_sessions_shop_idx ON diagnostic_sessions (service_center_id, created_at DESC) WHERE service_center_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX diagnostic_sessions_customer_vehicle_idx ON diagnostic_sessions (customer_vehicle_id) WHERE customer_vehicle_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX diagnostic_sessions_created_by_idx ON diagnostic_sessions (created_by) WHERE created_by IS NOT NULL`.execute(db);
  await sql`CREATE INDEX diagnostic_sessions_cleared_by_idx ON diagnostic_sessions (cleared_by) WHERE cleared_by IS NOT NULL`.execute(db);

  await sql`CREATE TABLE diagnostic_codes (
      session_id uuid NOT NULL REFERENCES diagnostic_sessions (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[PCBU][0-3][0-9A-F]{3}$'),
      status text NOT NULL CHECK (status IN ('stored', 'pending', 'permanent')),
      position integer NOT NULL CHECK (position >= 0),
      PRIMARY KEY (session_id, code, status)
    )`.execute(db);
  await sql`CREATE INDEX diagnostic_codes_code_idx ON diagnostic_codes (code)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS diagnostic_codes`.execute(db);
  await sql`DROP TABLE IF EXISTS diagnostic_sessions`.execute(db);
}
