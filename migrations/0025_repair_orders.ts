import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Repair orders (docs/repair-orders.md): a shop's order of work on one of its customers' vehicles,
// from estimate to paid; its lines (labour, parts from the shop's stock or ordered specially, fees,
// discounts), each with the customer's decision; the technicians' clocked time on labour lines; the
// payments recorded against the invoice. The shop gets a tax rate and a default labour rate; a
// stock movement may name the order that used it. Widens only: four new tables, three new columns.

export async function up(db: Kysely<any>): Promise<void> {
  // Basis points: 825 is 8.25 %.
  await sql`ALTER TABLE service_centers ADD COLUMN tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 3000)`.execute(db);
  await sql`ALTER TABLE service_centers ADD COLUMN labor_rate_cents integer NOT NULL DEFAULT 0 CHECK (labor_rate_cents BETWEEN 0 AND 10000000)`.execute(db);

  await sql`CREATE TABLE repair_orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      number integer NOT NULL CHECK (number > 0),
      customer_vehicle_id uuid REFERENCES shop_customer_vehicles (id) ON DELETE SET NULL,
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      customer_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      customer_name text NOT NULL CHECK (char_length(customer_name) BETWEEN 1 AND 120),
      appointment_id uuid REFERENCES service_appointments (id) ON DELETE SET NULL,
      inquiry_id uuid REFERENCES customer_inquiries (id) ON DELETE SET NULL,
      inspection_id uuid REFERENCES inspections (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'estimate'
        CHECK (status IN ('estimate', 'sent', 'approved', 'declined', 'in_progress', 'completed', 'invoiced', 'paid', 'cancelled')),
      mileage integer CHECK (mileage BETWEEN 0 AND 2000000),
      notes text CHECK (char_length(notes) <= 2000),
      tax_rate_bp integer NOT NULL DEFAULT 0 CHECK (tax_rate_bp BETWEEN 0 AND 3000),
      total_cents integer NOT NULL DEFAULT 0 CHECK (total_cents >= 0),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      sent_at timestamptz,
      decided_at timestamptz,
      started_at timestamptz,
      completed_at timestamptz,
      invoiced_at timestamptz,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (service_center_id, number)
    )`.execute(db);
  await sql`CREATE INDEX repair_orders_center_idx ON repair_orders (service_center_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX repair_orders_customer_idx ON repair_orders (customer_user_id, created_at DESC) WHERE customer_user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_orders_customer_vehicle_idx ON repair_orders (customer_vehicle_id) WHERE customer_vehicle_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_orders_vehicle_idx ON repair_orders (vehicle_id)`.execute(db);
  await sql`CREATE INDEX repair_orders_appointment_idx ON repair_orders (appointment_id) WHERE appointment_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_orders_inquiry_idx ON repair_orders (inquiry_id) WHERE inquiry_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_orders_inspection_idx ON repair_orders (inspection_id) WHERE inspection_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_orders_created_by_idx ON repair_orders (created_by) WHERE created_by IS NOT NULL`.execute(db);
  await sql`CREATE TRIGGER repair_orders_updated_at BEFORE UPDATE ON repair_orders
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  // Amounts in whole cents; hours in hundredths. A discount's amount is positive and comes off.
  await sql`CREATE TABLE repair_order_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      repair_order_id uuid NOT NULL REFERENCES repair_orders (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      kind text NOT NULL CHECK (kind IN ('labor', 'part', 'fee', 'discount')),
      description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 200),
      component_id uuid REFERENCES vehicle_components (id) ON DELETE SET NULL,
      service_type text CHECK (char_length(service_type) BETWEEN 1 AND 120),
      technician_id uuid REFERENCES users (id) ON DELETE SET NULL,
      hours_hundredths integer CHECK (hours_hundredths BETWEEN 1 AND 100000),
      rate_cents integer CHECK (rate_cents BETWEEN 0 AND 10000000),
      part_id uuid REFERENCES parts (id) ON DELETE SET NULL,
      part_number text CHECK (char_length(part_number) BETWEEN 1 AND 60),
      quantity integer CHECK (quantity BETWEEN 1 AND 10000),
      unit_price_cents integer CHECK (unit_price_cents BETWEEN 0 AND 100000000),
      unit_cost_cents integer CHECK (unit_cost_cents BETWEEN 0 AND 100000000),
      amount_cents integer CHECK (amount_cents BETWEEN 0 AND 100000000),
      taxable boolean NOT NULL DEFAULT false,
      decision text CHECK (decision IN ('approved', 'declined')),
      decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
      decided_at timestamptz,
      service_record_id uuid REFERENCES service_records (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind <> 'labor' OR (hours_hundredths IS NOT NULL AND rate_cents IS NOT NULL AND service_type IS NOT NULL)),
      CHECK (kind <> 'part' OR (quantity IS NOT NULL AND unit_price_cents IS NOT NULL)),
      CHECK (kind NOT IN ('fee', 'discount') OR amount_cents IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX repair_order_lines_order_idx ON repair_order_lines (repair_order_id, position)`.execute(db);
  await sql`CREATE INDEX repair_order_lines_part_idx ON repair_order_lines (part_id) WHERE part_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_order_lines_component_idx ON repair_order_lines (component_id) WHERE component_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_order_lines_technician_idx ON repair_order_lines (technician_id) WHERE technician_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_order_lines_decided_by_idx ON repair_order_lines (decided_by) WHERE decided_by IS NOT NULL`.execute(db);
  await sql`CREATE INDEX repair_order_lines_record_idx ON repair_order_lines (service_record_id) WHERE service_record_id IS NOT NULL`.execute(db);

  // Clocked time on a labour line; a technician has at most one clock running.
  await sql`CREATE TABLE repair_order_time_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      line_id uuid NOT NULL REFERENCES repair_order_lines (id) ON DELETE CASCADE,
      technician_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      started_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      CHECK (ended_at IS NULL OR ended_at >= started_at)
    )`.execute(db);
  await sql`CREATE INDEX repair_order_time_entries_line_idx ON repair_order_time_entries (line_id, started_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX repair_order_time_entries_running_key ON repair_order_time_entries (technician_id) WHERE ended_at IS NULL`.execute(db);

  await sql`CREATE TABLE repair_order_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      repair_order_id uuid NOT NULL REFERENCES repair_orders (id) ON DELETE CASCADE,
      amount_cents integer NOT NULL CHECK (amount_cents BETWEEN 1 AND 100000000),
      method text NOT NULL CHECK (method IN ('cash', 'card', 'check', 'transfer', 'other')),
      reference text CHECK (char_length(reference) BETWEEN 1 AND 120),
      received_by uuid REFERENCES users (id) ON DELETE SET NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX repair_order_payments_order_idx ON repair_order_payments (repair_order_id, received_at)`.execute(db);
  await sql`CREATE INDEX repair_order_payments_received_by_idx ON repair_order_payments (received_by) WHERE received_by IS NOT NULL`.execute(db);

  // A part used on an order says which.
  await sql`ALTER TABLE stock_movements ADD COLUMN repair_order_id uuid REFERENCES repair_orders (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX stock_movements_repair_order_idx ON stock_movements (repair_order_id) WHERE repair_order_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stock_movements DROP COLUMN IF EXISTS repair_order_id`.execute(db);
  await sql`DROP TABLE IF EXISTS repair_order_payments`.execute(db);
  await sql`DROP TABLE IF EXISTS repair_order_time_entries`.execute(db);
  await sql`DROP TABLE IF EXISTS repair_order_lines`.execute(db);
  await sql`DROP TABLE IF EXISTS repair_orders`.execute(db);
  await sql`ALTER TABLE service_centers DROP COLUMN IF EXISTS labor_rate_cents`.execute(db);
  await sql`ALTER TABLE service_centers DROP COLUMN IF EXISTS tax_rate_bp`.execute(db);
}
