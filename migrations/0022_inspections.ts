import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Vehicle inspections (docs/inspections.md): an inspection of one vehicle, by its owner (a
// self-check) or by a shop for its customer; its items, one per check of a component or a custom
// one, each with a status, a measurement, a recommendation and the customer's decision on it; and
// the photos of each item. Widens only: four new tables.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE inspections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      service_center_id uuid REFERENCES service_centers (id) ON DELETE CASCADE,
      customer_vehicle_id uuid REFERENCES shop_customer_vehicles (id) ON DELETE SET NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'completed', 'shared')),
      mileage integer CHECK (mileage BETWEEN 0 AND 2000000),
      notes text CHECK (char_length(notes) <= 2000),
      signed_name text CHECK (char_length(signed_name) BETWEEN 1 AND 120),
      signed_by uuid REFERENCES users (id) ON DELETE SET NULL,
      completed_at timestamptz,
      shared_at timestamptz,
      link_hash text UNIQUE,
      link_created_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (customer_vehicle_id IS NULL OR service_center_id IS NOT NULL),
      CHECK (status = 'draft' OR (signed_name IS NOT NULL AND completed_at IS NOT NULL)),
      CHECK (status <> 'shared' OR (service_center_id IS NOT NULL AND shared_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX inspections_owner_idx ON inspections (user_id, vehicle_id, completed_at DESC) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX inspections_shop_idx ON inspections (service_center_id, created_at DESC) WHERE service_center_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX inspections_customer_vehicle_idx ON inspections (customer_vehicle_id) WHERE customer_vehicle_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX inspections_created_by_idx ON inspections (created_by) WHERE created_by IS NOT NULL`.execute(db);
  await sql`CREATE INDEX inspections_signed_by_idx ON inspections (signed_by) WHERE signed_by IS NOT NULL`.execute(db);

  await sql`CREATE TABLE inspection_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inspection_id uuid NOT NULL REFERENCES inspections (id) ON DELETE CASCADE,
      component_id uuid REFERENCES vehicle_components (id) ON DELETE SET NULL,
      position integer NOT NULL CHECK (position >= 0),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
      unit text CHECK (char_length(unit) BETWEEN 1 AND 16),
      status text CHECK (status IN ('good', 'attention', 'urgent')),
      measurement numeric(10, 2),
      notes text CHECK (char_length(notes) <= 1000),
      recommendation text CHECK (char_length(recommendation) BETWEEN 1 AND 300),
      estimated_cost numeric(10, 2) CHECK (estimated_cost >= 0),
      decision text CHECK (decision IN ('approved', 'declined')),
      decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
      decided_at timestamptz,
      request_inquiry_id uuid REFERENCES customer_inquiries (id) ON DELETE SET NULL,
      CHECK (decision IS NULL OR recommendation IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX inspection_items_inspection_idx ON inspection_items (inspection_id, position)`.execute(db);
  await sql`CREATE INDEX inspection_items_component_idx ON inspection_items (component_id) WHERE component_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX inspection_items_decided_by_idx ON inspection_items (decided_by) WHERE decided_by IS NOT NULL`.execute(db);
  await sql`CREATE INDEX inspection_items_inquiry_idx ON inspection_items (request_inquiry_id) WHERE request_inquiry_id IS NOT NULL`.execute(db);

  await sql`CREATE TABLE inspection_photos (
      item_id uuid NOT NULL REFERENCES inspection_items (id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
      inspection_id uuid NOT NULL REFERENCES inspections (id) ON DELETE CASCADE,
      attached_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (item_id, file_id)
    )`.execute(db);
  await sql`CREATE INDEX inspection_photos_file_idx ON inspection_photos (file_id)`.execute(db);
  await sql`CREATE INDEX inspection_photos_inspection_idx ON inspection_photos (inspection_id)`.execute(db);
  await sql`CREATE INDEX inspection_photos_attached_by_idx ON inspection_photos (attached_by) WHERE attached_by IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS inspection_photos`.execute(db);
  await sql`DROP TABLE IF EXISTS inspection_items`.execute(db);
  await sql`DROP TABLE IF EXISTS inspections`.execute(db);
}
