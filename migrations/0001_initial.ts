import { sql, type Kysely, type RawBuilder } from 'kysely';

// Frozen: never import application code here. Each statement runs on its own because PGlite's
// extended protocol accepts one statement per query.

const tablesWithUpdatedAt = [
  'users',
  'vehicles',
  'model3d',
  'avatar_profiles',
  'knowledge_items',
  'service_centers',
  'customer_inquiries',
  'service_appointments',
];

const statements: RawBuilder<unknown>[] = [
  sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  sql`CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger AS $$
      BEGIN
        NEW.updated_at = now();
        RETURN NEW;
      END;
      $$ LANGUAGE plpgsql`,

  sql`CREATE TABLE app_settings (
      key text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,

  // Shared by every app process, so limits hold behind a load balancer too.
  sql`CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      count integer NOT NULL,
      reset_at timestamptz NOT NULL
    )`,
  sql`CREATE INDEX rate_limits_reset_idx ON rate_limits (reset_at)`,

  sql`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      password_hash text,
      first_name text,
      last_name text,
      profile_image_url text,
      role text CHECK (role IN ('simple', 'tech')),
      preferences jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_format CHECK (email = lower(email) AND position('@' in email) > 1),
      CONSTRAINT users_preferences_object CHECK (jsonb_typeof(preferences) = 'object')
    )`,
  sql`CREATE UNIQUE INDEX users_email_key ON users (email)`,

  sql`CREATE TABLE sessions (
      sid text PRIMARY KEY,
      sess jsonb NOT NULL,
      expire timestamptz NOT NULL,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE
    )`,
  sql`CREATE INDEX sessions_expire_idx ON sessions (expire)`,
  sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`,

  sql`CREATE TABLE vehicles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      vin varchar(17) CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
      year integer NOT NULL CHECK (year BETWEEN 1900 AND 2100),
      make text NOT NULL CHECK (length(make) > 0),
      model text NOT NULL CHECK (length(model) > 0),
      trim text,
      engine text,
      transmission text,
      drivetrain text,
      body_style text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE UNIQUE INDEX vehicles_vin_key ON vehicles (vin)`,
  sql`CREATE INDEX vehicles_year_make_model_idx ON vehicles (lower(make), lower(model), year, created_at)`,

  sql`CREATE TABLE vehicle_components (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) > 0),
      category text NOT NULL CHECK (length(category) > 0),
      description text,
      specifications jsonb NOT NULL DEFAULT '{}'::jsonb,
      service_intervals jsonb NOT NULL DEFAULT '{}'::jsonb,
      common_issues text[] NOT NULL DEFAULT '{}',
      diagram_position jsonb NOT NULL DEFAULT '{"x": 50, "y": 50, "color": "blue"}'::jsonb,
      sort_order integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX vehicle_components_vehicle_idx ON vehicle_components (vehicle_id, sort_order)`,

  sql`CREATE TABLE service_records (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      component_id uuid REFERENCES vehicle_components (id) ON DELETE SET NULL,
      service_type text NOT NULL CHECK (length(service_type) > 0),
      description text,
      mileage text,
      date timestamptz NOT NULL DEFAULT now(),
      technician_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX service_records_vehicle_date_idx ON service_records (vehicle_id, date DESC)`,
  sql`CREATE INDEX service_records_component_idx ON service_records (component_id)`,
  sql`CREATE INDEX service_records_technician_idx ON service_records (technician_id)`,

  sql`CREATE TABLE video_walkthroughs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      vehicle_id uuid NOT NULL REFERENCES vehicles (id) ON DELETE CASCADE,
      title text NOT NULL CHECK (length(title) > 0),
      description text,
      video_url text NOT NULL,
      duration text,
      chapters jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX video_walkthroughs_vehicle_idx ON video_walkthroughs (vehicle_id, created_at)`,

  sql`CREATE TABLE model3d (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      component_id uuid REFERENCES vehicle_components (id) ON DELETE SET NULL,
      vehicle_id uuid REFERENCES vehicles (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) > 0),
      model_type text NOT NULL,
      model_url text NOT NULL,
      texture_urls jsonb,
      dimensions jsonb,
      animations jsonb,
      scan_data jsonb,
      scan_source text,
      scan_timestamp timestamptz,
      is_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX model3d_component_idx ON model3d (component_id)`,
  sql`CREATE INDEX model3d_vehicle_idx ON model3d (vehicle_id, created_at)`,

  sql`CREATE TABLE avatar_profiles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 2 AND 50),
      style jsonb NOT NULL CHECK (jsonb_typeof(style) = 'object'),
      personality text NOT NULL DEFAULT 'friendly'
        CHECK (personality IN ('friendly', 'professional', 'expert', 'casual')),
      voice text NOT NULL DEFAULT 'text' CHECK (voice IN ('text', 'audio')),
      tips_level text NOT NULL DEFAULT 'basic' CHECK (tips_level IN ('basic', 'intermediate', 'advanced')),
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  // At most one active avatar per user, whatever the request interleaving.
  sql`CREATE UNIQUE INDEX avatar_profiles_one_active_idx ON avatar_profiles (user_id) WHERE is_active`,
  sql`CREATE INDEX avatar_profiles_user_created_idx ON avatar_profiles (user_id, created_at)`,

  sql`CREATE TABLE knowledge_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      audience text NOT NULL CHECK (audience IN ('simple', 'tech', 'both')),
      tags text[] NOT NULL DEFAULT '{}',
      title text NOT NULL CHECK (length(title) > 0),
      body text NOT NULL CHECK (length(body) > 0),
      steps jsonb,
      media_urls jsonb,
      component_id uuid REFERENCES vehicle_components (id) ON DELETE CASCADE,
      vehicle_id uuid REFERENCES vehicles (id) ON DELETE CASCADE,
      priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'critical')),
      is_active boolean NOT NULL DEFAULT true,
      search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(body, '')), 'B')
      ) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX knowledge_items_search_idx ON knowledge_items USING gin (search_vector)`,
  sql`CREATE INDEX knowledge_items_tags_idx ON knowledge_items USING gin (tags)`,
  sql`CREATE INDEX knowledge_items_audience_idx ON knowledge_items (audience, priority) WHERE is_active`,
  sql`CREATE INDEX knowledge_items_component_idx ON knowledge_items (component_id)`,
  sql`CREATE INDEX knowledge_items_vehicle_idx ON knowledge_items (vehicle_id)`,

  sql`CREATE TABLE scan_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      vehicle_id uuid REFERENCES vehicles (id) ON DELETE SET NULL,
      component_id uuid REFERENCES vehicle_components (id) ON DELETE SET NULL,
      images jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
      result_model_id uuid REFERENCES model3d (id) ON DELETE SET NULL,
      notes text,
      scan_metadata jsonb,
      user_role text NOT NULL CHECK (user_role IN ('simple', 'tech')),
      guidance_used boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`,
  sql`CREATE INDEX scan_sessions_user_created_idx ON scan_sessions (user_id, created_at DESC)`,
  sql`CREATE INDEX scan_sessions_vehicle_idx ON scan_sessions (vehicle_id)`,
  sql`CREATE INDEX scan_sessions_component_idx ON scan_sessions (component_id)`,
  sql`CREATE INDEX scan_sessions_result_model_idx ON scan_sessions (result_model_id)`,

  sql`CREATE TABLE service_centers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) > 0),
      address text NOT NULL CHECK (length(btrim(address)) > 0),
      city text NOT NULL CHECK (length(btrim(city)) > 0),
      state text NOT NULL CHECK (length(btrim(state)) > 0),
      zip_code text,
      phone text,
      email text,
      website text CHECK (website IS NULL OR website ~* '^https?://'),
      manager_id uuid REFERENCES users (id) ON DELETE SET NULL,
      services text[] NOT NULL DEFAULT '{}',
      operating_hours jsonb,
      certifications text[] NOT NULL DEFAULT '{}',
      specializations text[] NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX service_centers_manager_idx ON service_centers (manager_id)`,
  sql`CREATE INDEX service_centers_name_idx ON service_centers (lower(name), id)`,
  sql`CREATE INDEX service_centers_search_idx ON service_centers
      USING gin ((lower(name || ' ' || city || ' ' || state)) gin_trgm_ops)`,

  sql`CREATE TABLE customer_inquiries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid REFERENCES users (id) ON DELETE SET NULL,
      service_center_id uuid REFERENCES service_centers (id) ON DELETE SET NULL,
      vehicle_id uuid REFERENCES vehicles (id) ON DELETE SET NULL,
      inquiry_type text NOT NULL CHECK (inquiry_type IN ('service', 'quote', 'appointment', 'complaint', 'general')),
      subject text NOT NULL CHECK (length(btrim(subject)) > 0),
      description text NOT NULL CHECK (length(btrim(description)) > 0),
      priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
      assigned_to_id uuid REFERENCES users (id) ON DELETE SET NULL,
      estimated_cost numeric(12, 2) CHECK (estimated_cost >= 0),
      scheduled_date timestamptz,
      completed_date timestamptz,
      customer_notes text,
      technician_notes text,
      attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX customer_inquiries_created_idx ON customer_inquiries (created_at DESC, id DESC)`,
  sql`CREATE INDEX customer_inquiries_customer_idx ON customer_inquiries (customer_id, created_at DESC)`,
  sql`CREATE INDEX customer_inquiries_status_idx ON customer_inquiries (status, created_at DESC)`,
  sql`CREATE INDEX customer_inquiries_priority_idx ON customer_inquiries (priority, created_at DESC)`,
  sql`CREATE INDEX customer_inquiries_center_idx ON customer_inquiries (service_center_id)`,
  sql`CREATE INDEX customer_inquiries_vehicle_idx ON customer_inquiries (vehicle_id)`,
  sql`CREATE INDEX customer_inquiries_assigned_idx ON customer_inquiries (assigned_to_id)`,

  sql`CREATE TABLE service_appointments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      inquiry_id uuid REFERENCES customer_inquiries (id) ON DELETE SET NULL,
      customer_id uuid REFERENCES users (id) ON DELETE SET NULL,
      service_center_id uuid REFERENCES service_centers (id) ON DELETE SET NULL,
      vehicle_id uuid REFERENCES vehicles (id) ON DELETE SET NULL,
      technician_id uuid REFERENCES users (id) ON DELETE SET NULL,
      appointment_date timestamptz NOT NULL,
      duration integer NOT NULL CHECK (duration BETWEEN 15 AND 1440),
      service_type text NOT NULL CHECK (length(btrim(service_type)) > 0),
      description text,
      status text NOT NULL DEFAULT 'scheduled'
        CHECK (status IN ('scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show')),
      estimated_cost numeric(12, 2) CHECK (estimated_cost >= 0),
      actual_cost numeric(12, 2) CHECK (actual_cost >= 0),
      notes text,
      reminder_sent boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
  sql`CREATE INDEX service_appointments_date_idx ON service_appointments (appointment_date DESC, id DESC)`,
  sql`CREATE INDEX service_appointments_status_date_idx ON service_appointments (status, appointment_date DESC)`,
  sql`CREATE INDEX service_appointments_customer_idx ON service_appointments (customer_id, appointment_date DESC)`,
  sql`CREATE INDEX service_appointments_inquiry_idx ON service_appointments (inquiry_id)`,
  sql`CREATE INDEX service_appointments_center_idx ON service_appointments (service_center_id)`,
  sql`CREATE INDEX service_appointments_vehicle_idx ON service_appointments (vehicle_id)`,
  sql`CREATE INDEX service_appointments_technician_idx ON service_appointments (technician_id)`,
  sql`CREATE INDEX service_appointments_created_idx ON service_appointments (created_at DESC)`,

  ...tablesWithUpdatedAt.map(
    (table) =>
      sql`CREATE TRIGGER ${sql.raw(`${table}_set_updated_at`)} BEFORE UPDATE ON ${sql.table(table)}
          FOR EACH ROW EXECUTE FUNCTION set_updated_at()`,
  ),
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) {
    await statement.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'service_appointments',
    'customer_inquiries',
    'service_centers',
    'scan_sessions',
    'knowledge_items',
    'avatar_profiles',
    'model3d',
    'video_walkthroughs',
    'service_records',
    'vehicle_components',
    'vehicles',
    'sessions',
    'users',
    'rate_limits',
    'app_settings',
  ];
  for (const table of tables) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS set_updated_at()`.execute(db);
}
