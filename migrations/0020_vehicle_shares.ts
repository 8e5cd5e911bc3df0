import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// A household: the owner of a garage vehicle lets other accounts see (viewer) or also keep (editor)
// its history. The history stays the owner's (user_id of its rows); a share only opens it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE garage_vehicle_shares (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      garage_vehicle_id uuid NOT NULL REFERENCES garage_vehicles (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('viewer', 'editor')),
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (garage_vehicle_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX garage_vehicle_shares_user_idx ON garage_vehicle_shares (user_id)`.execute(db);
  await sql`CREATE TRIGGER garage_vehicle_shares_updated_at BEFORE UPDATE ON garage_vehicle_shares
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS garage_vehicle_shares`.execute(db);
}
