import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// What the server measured of each stored photo (docs/files.md#photo-analysis): sharpness,
// brightness, the shares at both ends of the histogram, and the verdict. Widens only: nullable
// columns (PDFs and photos stored before this migration have none) and one index for listing a
// person's photos newest first.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE files ADD COLUMN sharpness real CHECK (sharpness >= 0)`.execute(db);
  await sql`ALTER TABLE files ADD COLUMN mean_brightness real CHECK (mean_brightness BETWEEN 0 AND 255)`.execute(db);
  await sql`ALTER TABLE files ADD COLUMN dark_share real CHECK (dark_share BETWEEN 0 AND 1)`.execute(db);
  await sql`ALTER TABLE files ADD COLUMN bright_share real CHECK (bright_share BETWEEN 0 AND 1)`.execute(db);
  await sql`ALTER TABLE files ADD COLUMN verdict text CHECK (verdict IN ('sharp', 'blurry', 'too_dark', 'overexposed'))`.execute(db);
  await sql`CREATE INDEX files_owner_images_idx ON files (owner_id, created_at DESC, id DESC) WHERE content_type <> 'application/pdf'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS files_owner_images_idx`.execute(db);
  for (const column of ['verdict', 'bright_share', 'dark_share', 'mean_brightness', 'sharpness']) {
    await sql`ALTER TABLE files DROP COLUMN IF EXISTS ${sql.ref(column)}`.execute(db);
  }
}
