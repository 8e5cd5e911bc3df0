import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// A user's private calendar feed: at most one live token each, stored as its SHA-256 hash.
// Revoking deletes the row; creating a new link replaces it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE calendar_feeds (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS calendar_feeds`.execute(db);
}
