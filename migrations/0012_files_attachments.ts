import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Receipts and photos: a file's description (what lists and quotas read), its bytes in a table of
// their own (read only when the file itself is served), and which service records it is attached
// to. Widens only: three new tables.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE files (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
      content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
      byte_size integer NOT NULL CHECK (byte_size BETWEEN 1 AND 10485760),
      thumbnail_size integer NOT NULL DEFAULT 0 CHECK (thumbnail_size BETWEEN 0 AND 1048576),
      width integer CHECK (width > 0),
      height integer CHECK (height > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX files_owner_idx ON files (owner_id, created_at)`.execute(db);

  await sql`CREATE TABLE file_contents (
      file_id uuid PRIMARY KEY REFERENCES files (id) ON DELETE CASCADE,
      content bytea NOT NULL,
      thumbnail bytea
    )`.execute(db);

  await sql`CREATE TABLE record_attachments (
      record_id uuid NOT NULL REFERENCES service_records (id) ON DELETE CASCADE,
      file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
      attached_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (record_id, file_id)
    )`.execute(db);
  await sql`CREATE INDEX record_attachments_file_idx ON record_attachments (file_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS record_attachments`.execute(db);
  await sql`DROP TABLE IF EXISTS file_contents`.execute(db);
  await sql`DROP TABLE IF EXISTS files`.execute(db);
}
