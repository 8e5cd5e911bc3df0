import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Parts, inventory and suppliers of a shop (docs/parts.md): the shop's catalogue of parts with their
// fitment, cost and price; the stock ledger, one row per movement (received, used, adjusted), whose
// sum each part's on_hand equals (kept in the movement's transaction: decision 150); the shop's
// suppliers; and whether the shop lets stock go below zero (backorders). Widens only: three new
// tables and a column with a default.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE service_centers ADD COLUMN allow_backorders boolean NOT NULL DEFAULT false`.execute(db);

  await sql`CREATE TABLE suppliers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
      contact_name text CHECK (char_length(contact_name) BETWEEN 1 AND 120),
      email text CHECK (char_length(email) BETWEEN 3 AND 254),
      phone text CHECK (char_length(phone) BETWEEN 7 AND 30),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending')),
      notes text CHECK (char_length(notes) <= 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One supplier of a name per shop, whatever its case; also the list's order (by name).
  await sql`CREATE UNIQUE INDEX suppliers_center_name_key ON suppliers (service_center_id, lower(name))`.execute(db);
  await sql`CREATE TRIGGER suppliers_updated_at BEFORE UPDATE ON suppliers
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`CREATE TABLE parts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      part_number text NOT NULL CHECK (char_length(part_number) BETWEEN 1 AND 60),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
      brand text CHECK (char_length(brand) BETWEEN 1 AND 60),
      category text NOT NULL DEFAULT 'Other'
        CHECK (category IN ('Engine', 'Drive Motor', 'Transmission', 'Battery', 'Brakes', 'Suspension', 'Exhaust', 'Other')),
      make text CHECK (char_length(make) BETWEEN 1 AND 60),
      model text CHECK (char_length(model) BETWEEN 1 AND 60),
      year_from integer CHECK (year_from BETWEEN 1900 AND 2100),
      year_to integer CHECK (year_to BETWEEN 1900 AND 2100),
      engine text CHECK (char_length(engine) BETWEEN 1 AND 60),
      unit_cost_cents integer NOT NULL DEFAULT 0 CHECK (unit_cost_cents >= 0),
      price_cents integer NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
      reorder_point integer NOT NULL DEFAULT 0 CHECK (reorder_point >= 0),
      on_hand integer NOT NULL DEFAULT 0,
      notes text CHECK (char_length(notes) <= 2000),
      search_text text GENERATED ALWAYS AS (
        lower(part_number || E'\\n' || name || E'\\n' || coalesce(brand, '') || E'\\n' || coalesce(make, '') || E'\\n' || coalesce(model, '') || E'\\n' || coalesce(engine, ''))) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (service_center_id, part_number),
      CHECK (year_from IS NULL OR year_to IS NULL OR year_from <= year_to)
    )`.execute(db);
  // "Contains" search over number, name, brand and fitment text (as inquiries and customers do).
  await sql`CREATE INDEX parts_search_trgm_idx ON parts USING gin (search_text gin_trgm_ops)`.execute(db);
  // Parts that fit a make and model.
  await sql`CREATE INDEX parts_center_fitment_idx ON parts (service_center_id, lower(make), lower(model))`.execute(db);
  await sql`CREATE TRIGGER parts_updated_at BEFORE UPDATE ON parts
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  // The ledger: append only. Received is positive, used negative, adjusted either way with a reason.
  await sql`CREATE TABLE stock_movements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      part_id uuid NOT NULL REFERENCES parts (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('received', 'used', 'adjusted')),
      quantity integer NOT NULL CHECK (quantity <> 0),
      reason text CHECK (char_length(reason) BETWEEN 1 AND 300),
      supplier_id uuid REFERENCES suppliers (id) ON DELETE SET NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind <> 'received' OR quantity > 0),
      CHECK (kind <> 'used' OR quantity < 0),
      CHECK (kind <> 'adjusted' OR reason IS NOT NULL),
      CHECK (supplier_id IS NULL OR kind = 'received')
    )`.execute(db);
  await sql`CREATE INDEX stock_movements_part_idx ON stock_movements (part_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX stock_movements_supplier_idx ON stock_movements (supplier_id) WHERE supplier_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX stock_movements_created_by_idx ON stock_movements (created_by) WHERE created_by IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS stock_movements`.execute(db);
  await sql`DROP TABLE IF EXISTS parts`.execute(db);
  await sql`DROP TABLE IF EXISTS suppliers`.execute(db);
  await sql`ALTER TABLE service_centers DROP COLUMN IF EXISTS allow_backorders`.execute(db);
}
