import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Purchase orders (docs/parts.md#purchase-orders): a shop's order of parts from one of its
// suppliers, from draft to received; its lines (a part of the shop's catalogue, the quantity
// ordered and received so far, the unit cost in cents); the receipts, one per request that received
// stock (a client's key makes a repeated request receive nothing more). A stock movement may name
// the purchase order it received. Widens only: three new tables and a nullable column.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE purchase_orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      number integer NOT NULL CHECK (number > 0),
      supplier_id uuid NOT NULL REFERENCES suppliers (id),
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'ordered', 'partially_received', 'received', 'cancelled')),
      notes text CHECK (char_length(notes) <= 2000),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ordered_at timestamptz,
      received_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (service_center_id, number)
    )`.execute(db);
  // The shop's list, newest first (its status filter reads the same rows).
  await sql`CREATE INDEX purchase_orders_center_idx ON purchase_orders (service_center_id, created_at DESC, id DESC)`.execute(db);
  // A supplier's orders (the list's supplier filter), and the foreign key.
  await sql`CREATE INDEX purchase_orders_supplier_idx ON purchase_orders (supplier_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX purchase_orders_created_by_idx ON purchase_orders (created_by) WHERE created_by IS NOT NULL`.execute(db);
  await sql`CREATE TRIGGER purchase_orders_updated_at BEFORE UPDATE ON purchase_orders
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`CREATE TABLE purchase_order_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purchase_order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      part_id uuid NOT NULL REFERENCES parts (id),
      quantity_ordered integer NOT NULL CHECK (quantity_ordered BETWEEN 1 AND 10000),
      quantity_received integer NOT NULL DEFAULT 0 CHECK (quantity_received >= 0),
      unit_cost_cents integer NOT NULL CHECK (unit_cost_cents BETWEEN 0 AND 100000000),
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (quantity_received <= quantity_ordered),
      UNIQUE (purchase_order_id, part_id)
    )`.execute(db);
  // A part is on an order once (its unique key); the lines in their order.
  await sql`CREATE INDEX purchase_order_lines_order_idx ON purchase_order_lines (purchase_order_id, position)`.execute(db);
  await sql`CREATE INDEX purchase_order_lines_part_idx ON purchase_order_lines (part_id)`.execute(db);

  // One row per request that received stock; the unique key is what makes a repeat receive nothing.
  await sql`CREATE TABLE purchase_order_receipts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      purchase_order_id uuid NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
      request_key uuid,
      received_by uuid REFERENCES users (id) ON DELETE SET NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (purchase_order_id, request_key)
    )`.execute(db);
  await sql`CREATE INDEX purchase_order_receipts_received_by_idx ON purchase_order_receipts (received_by) WHERE received_by IS NOT NULL`.execute(db);

  // Stock received against a purchase order says which.
  await sql`ALTER TABLE stock_movements ADD COLUMN purchase_order_id uuid REFERENCES purchase_orders (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX stock_movements_purchase_order_idx ON stock_movements (purchase_order_id) WHERE purchase_order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stock_movements DROP COLUMN IF EXISTS purchase_order_id`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_order_receipts`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_order_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS purchase_orders`.execute(db);
}
