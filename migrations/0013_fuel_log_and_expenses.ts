import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// The owner's fuel and charging log and other vehicle expenses. Rows belong to a user's history of
// a stored vehicle (user_id, vehicle_id), as service records do: removing a vehicle from the garage
// hides them until it is saved again. Canonical units: miles, US gallons, kWh; money numeric(10,2).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE fuel_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      date date NOT NULL,
      odometer integer NOT NULL CHECK (odometer BETWEEN 0 AND 2000000),
      kind text NOT NULL CHECK (kind IN ('fuel', 'charge')),
      quantity numeric(10,4) NOT NULL CHECK (quantity > 0),
      total_price numeric(10,2) CHECK (total_price >= 0),
      full_fill boolean NOT NULL DEFAULT true,
      missed_before boolean NOT NULL DEFAULT false,
      station text CHECK (char_length(station) <= 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX fuel_entries_history_idx ON fuel_entries (user_id, vehicle_id, date, odometer)`.execute(db);

  await sql`CREATE TABLE vehicle_expenses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      date date NOT NULL,
      category text NOT NULL CHECK (category IN ('registration', 'insurance', 'tax', 'parking', 'repair', 'other')),
      amount numeric(10,2) NOT NULL CHECK (amount >= 0),
      note text CHECK (char_length(note) <= 500),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX vehicle_expenses_history_idx ON vehicle_expenses (user_id, vehicle_id, date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS vehicle_expenses`.execute(db);
  await sql`DROP TABLE IF EXISTS fuel_entries`.execute(db);
}
