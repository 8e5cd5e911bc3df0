import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// 3D scans (docs/scans.md): a scan session's options (the resolution its photos are kept at, the
// kind of scan, the format its result is offered in first), its processing (stage, progress, the
// reason a failed scan gives) and its photos, one row each with the bytes kept at the session's
// resolution; a model's owner and its geometry in compact binary arrays (points: float32 xyz with
// uint8 rgb; the surface: float32 vertices and uint32 triangles) that the downloads write out as PLY,
// STL or OBJ. Widens only: new columns
// with defaults and two new tables; the photos live in scan_images, so `images` stays an empty list.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE scan_sessions ALTER COLUMN images SET DEFAULT '[]'::jsonb`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN resolution text NOT NULL DEFAULT 'medium' CHECK (resolution IN ('high', 'medium', 'low'))`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN scan_type text NOT NULL DEFAULT 'full' CHECK (scan_type IN ('full', 'surface', 'detail'))`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN output_format text NOT NULL DEFAULT 'ply' CHECK (output_format IN ('ply', 'stl', 'obj'))`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN stage text CHECK (stage IN ('queued', 'features', 'matching', 'poses', 'points', 'surface'))`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN progress real NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 1)`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN failure_reason text CHECK (char_length(failure_reason) <= 500)`.execute(db);
  await sql`ALTER TABLE scan_sessions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);

  await sql`CREATE TABLE scan_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL REFERENCES scan_sessions (id) ON DELETE CASCADE,
      ordinal integer NOT NULL CHECK (ordinal BETWEEN 1 AND 1000),
      client_key text NOT NULL CHECK (char_length(client_key) BETWEEN 1 AND 64),
      content bytea NOT NULL,
      byte_size integer NOT NULL CHECK (byte_size > 0),
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      focal_px real CHECK (focal_px > 0),
      focal_source text NOT NULL CHECK (focal_source IN ('sensor', '35mm', 'fallback')),
      sharpness real NOT NULL,
      overlap real CHECK (overlap BETWEEN 0 AND 1),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (session_id, ordinal),
      UNIQUE (session_id, client_key)
    )`.execute(db);

  await sql`ALTER TABLE model3d ADD COLUMN owner_id uuid REFERENCES users (id) ON DELETE CASCADE`.execute(db);
  await sql`CREATE INDEX model3d_owner_idx ON model3d (owner_id, created_at DESC) WHERE owner_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE model3d_geometry (
      model_id uuid PRIMARY KEY REFERENCES model3d (id) ON DELETE CASCADE,
      point_count integer NOT NULL CHECK (point_count >= 0),
      points bytea NOT NULL,
      point_colors bytea NOT NULL,
      vertex_count integer NOT NULL CHECK (vertex_count >= 0),
      face_count integer NOT NULL CHECK (face_count >= 0),
      vertices bytea NOT NULL,
      faces bytea NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE model3d_geometry`.execute(db);
  await sql`DROP INDEX model3d_owner_idx`.execute(db);
  await sql`ALTER TABLE model3d DROP COLUMN owner_id`.execute(db);
  await sql`DROP TABLE scan_images`.execute(db);
  for (const column of ['updated_at', 'failure_reason', 'progress', 'stage', 'output_format', 'scan_type', 'resolution']) {
    await sql`ALTER TABLE scan_sessions DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
  await sql`ALTER TABLE scan_sessions ALTER COLUMN images DROP DEFAULT`.execute(db);
}
