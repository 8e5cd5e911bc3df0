import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Reminders an owner sets for a stored vehicle of their garage (keyed by user and stored vehicle,
// as fuel and records are), and the due crossings already announced: one row per garage vehicle,
// item, due cycle and urgency, so a scan run twice (or by two processes at once) notifies once.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE custom_reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
      notes text CHECK (char_length(notes) <= 2000),
      due_date date,
      due_mileage integer CHECK (due_mileage BETWEEN 0 AND 2000000),
      every_months integer CHECK (every_months BETWEEN 1 AND 120),
      every_miles integer CHECK (every_miles BETWEEN 1 AND 1000000),
      done_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (due_date IS NOT NULL OR due_mileage IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX custom_reminders_history_idx ON custom_reminders (user_id, vehicle_id) WHERE done_at IS NULL`.execute(db);

  await sql`CREATE TABLE due_crossings (
      garage_vehicle_id uuid NOT NULL REFERENCES garage_vehicles (id) ON DELETE CASCADE,
      item_key text NOT NULL CHECK (char_length(item_key) <= 300),
      cycle text NOT NULL CHECK (char_length(cycle) <= 40),
      urgency text NOT NULL CHECK (urgency IN ('soon', 'due', 'overdue')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (garage_vehicle_id, item_key, cycle, urgency)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS due_crossings`.execute(db);
  await sql`DROP TABLE IF EXISTS custom_reminders`.execute(db);
}
