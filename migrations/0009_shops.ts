import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Shops, staff and customers. Access to a shop's data comes from staff membership of a service
// center, not from the user's mode. This migration only widens: new tables and nullable columns;
// every existing row stays readable by the code of the previous release.

export async function up(db: Kysely<any>): Promise<void> {
  // Platform administrators (the first account of an install, plus ADMIN_EMAILS at run time) and
  // the shop a staff member works in right now, kept per user.
  await sql`ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN current_shop_id uuid REFERENCES service_centers (id) ON DELETE SET NULL`.execute(db);
  // An existing install's first account with a password administers it, as a fresh one's would.
  await sql`UPDATE users SET is_admin = true WHERE id = (
      SELECT id FROM users WHERE password_hash IS NOT NULL ORDER BY created_at, id LIMIT 1)`.execute(db);

  await sql`CREATE TABLE shop_staff (
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('owner', 'manager', 'technician')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (service_center_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX shop_staff_user_idx ON shop_staff (user_id, service_center_id)`.execute(db);
  await sql`CREATE TRIGGER shop_staff_updated_at BEFORE UPDATE ON shop_staff
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);
  // A center's named manager owns it.
  await sql`INSERT INTO shop_staff (service_center_id, user_id, role)
      SELECT id, manager_id, 'owner' FROM service_centers WHERE manager_id IS NOT NULL`.execute(db);

  // Single-use invitations; only a hash of the code is kept.
  await sql`CREATE TABLE shop_invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      code_hash text NOT NULL UNIQUE,
      role text NOT NULL CHECK (role IN ('owner', 'manager', 'technician')),
      email text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      accepted_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX shop_invites_center_idx ON shop_invites (service_center_id, created_at DESC)`.execute(db);

  // A shop's own customer records, each optionally linked to an account.
  await sql`CREATE TABLE shop_customers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
      email text,
      phone text,
      notes text,
      tags text[] NOT NULL DEFAULT '{}',
      search_text text GENERATED ALWAYS AS (
        lower(name || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(phone, ''))) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX shop_customers_account_key ON shop_customers (service_center_id, user_id) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX shop_customers_center_name_idx ON shop_customers (service_center_id, lower(name), id)`.execute(db);
  await sql`CREATE INDEX shop_customers_user_idx ON shop_customers (user_id) WHERE user_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX shop_customers_search_trgm_idx ON shop_customers USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE TRIGGER shop_customers_updated_at BEFORE UPDATE ON shop_customers
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  await sql`CREATE TABLE shop_customer_vehicles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid NOT NULL REFERENCES shop_customers (id) ON DELETE CASCADE,
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      plate text,
      odometer integer CHECK (odometer BETWEEN 0 AND 2000000),
      garage_vehicle_id uuid REFERENCES garage_vehicles (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (customer_id, vehicle_id)
    )`.execute(db);
  await sql`CREATE INDEX shop_customer_vehicles_vehicle_idx ON shop_customer_vehicles (vehicle_id)`.execute(db);
  await sql`CREATE TRIGGER shop_customer_vehicles_updated_at BEFORE UPDATE ON shop_customer_vehicles
      FOR EACH ROW EXECUTE FUNCTION set_updated_at()`.execute(db);

  // Inquiries and appointments name the shop's customer, the customer's vehicle and who wrote them.
  for (const table of ['customer_inquiries', 'service_appointments']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN shop_customer_id uuid REFERENCES shop_customers (id) ON DELETE SET NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN customer_vehicle_id uuid REFERENCES shop_customer_vehicles (id) ON DELETE SET NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN garage_vehicle_id uuid REFERENCES garage_vehicles (id) ON DELETE SET NULL`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
    await sql`CREATE INDEX ${sql.raw(`${table}_shop_customer_idx`)} ON ${sql.table(table)} (shop_customer_id)`.execute(db);
  }
  await sql`CREATE INDEX customer_inquiries_center_created_idx ON customer_inquiries (service_center_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX service_appointments_center_date_idx ON service_appointments (service_center_id, appointment_date DESC, id DESC)`.execute(db);

  // The conversation of an inquiry, newest last.
  await sql`CREATE TABLE inquiry_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inquiry_id uuid NOT NULL REFERENCES customer_inquiries (id) ON DELETE CASCADE,
      author_id uuid REFERENCES users (id) ON DELETE SET NULL,
      from_staff boolean NOT NULL,
      body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 5000),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX inquiry_messages_inquiry_idx ON inquiry_messages (inquiry_id, created_at, id)`.execute(db);

  // A record written by a shop names it in the owner's history.
  await sql`ALTER TABLE service_records ADD COLUMN service_center_id uuid REFERENCES service_centers (id) ON DELETE SET NULL`.execute(db);

  // Who changed a customer's data, when, and what it was before and after.
  await sql`CREATE TABLE audit_log (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      service_center_id uuid NOT NULL REFERENCES service_centers (id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      entity text NOT NULL,
      entity_id uuid NOT NULL,
      action text NOT NULL,
      before jsonb,
      after jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_center_created_idx ON audit_log (service_center_id, created_at DESC, id DESC)`.execute(db);

  // In-app notifications (a shop replied, a status changed).
  await sql`CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL,
      title text NOT NULL,
      body text NOT NULL DEFAULT '',
      link text,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE read_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS notifications`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`ALTER TABLE service_records DROP COLUMN IF EXISTS service_center_id`.execute(db);
  await sql`DROP TABLE IF EXISTS inquiry_messages`.execute(db);
  await sql`DROP INDEX IF EXISTS service_appointments_center_date_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS customer_inquiries_center_created_idx`.execute(db);
  for (const table of ['customer_inquiries', 'service_appointments']) {
    for (const column of ['created_by', 'garage_vehicle_id', 'customer_vehicle_id', 'shop_customer_id']) {
      await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db);
    }
  }
  await sql`DROP TABLE IF EXISTS shop_customer_vehicles`.execute(db);
  await sql`DROP TABLE IF EXISTS shop_customers`.execute(db);
  await sql`DROP TABLE IF EXISTS shop_invites`.execute(db);
  await sql`DROP TABLE IF EXISTS shop_staff`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS current_shop_id`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS is_admin`.execute(db);
}
