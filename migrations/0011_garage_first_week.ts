import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// The owner's garage: what was known about past services when a vehicle was saved, where its
// tracking starts, and odometer corrections (a replaced odometer or a typo). Widens only: new
// columns with defaults and a new table; the previous release reads every row as before.

export async function up(db: Kysely<any>): Promise<void> {
  // The odometer when the vehicle was saved: services with no record count from it and the day
  // of saving. Existing rows start from their current reading.
  await sql`ALTER TABLE garage_vehicles ADD COLUMN tracking_odometer integer CHECK (tracking_odometer BETWEEN 0 AND 2000000)`.execute(db);
  await sql`UPDATE garage_vehicles SET tracking_odometer = odometer`.execute(db);
  // [{ "service": "Oil change", "date": "2026-05-01" | null, "mileage": 120000 | null }]
  await sql`ALTER TABLE garage_vehicles ADD COLUMN known_services jsonb NOT NULL DEFAULT '[]'::jsonb`.execute(db);
  // Miles shown on earlier odometers, and when the current one was fitted.
  await sql`ALTER TABLE garage_vehicles ADD COLUMN odometer_offset integer NOT NULL DEFAULT 0 CHECK (odometer_offset BETWEEN 0 AND 4000000)`.execute(db);
  await sql`ALTER TABLE garage_vehicles ADD COLUMN odometer_replaced_at timestamptz`.execute(db);

  await sql`CREATE TABLE garage_odometer_corrections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      garage_vehicle_id uuid NOT NULL REFERENCES garage_vehicles (id) ON DELETE CASCADE,
      from_mileage integer NOT NULL,
      to_mileage integer NOT NULL,
      reason text NOT NULL CHECK (reason IN ('replaced', 'typo')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX garage_odometer_corrections_vehicle_idx ON garage_odometer_corrections (garage_vehicle_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS garage_odometer_corrections`.execute(db);
  for (const column of ['odometer_replaced_at', 'odometer_offset', 'known_services', 'tracking_odometer']) {
    await sql`ALTER TABLE garage_vehicles DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db);
  }
}
