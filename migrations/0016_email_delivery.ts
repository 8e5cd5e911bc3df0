import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Weekly e-mail digests: one row per user and ISO week once that week's digest went out.
// items_until is the newest notification time the digest covered; the next digest lists unread
// notifications after it.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE email_digests (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      week text NOT NULL CHECK (week ~ '^[0-9]{4}-W[0-9]{2}$'),
      items_until timestamptz NOT NULL,
      item_count integer NOT NULL CHECK (item_count >= 0),
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, week)
    )`.execute(db);
  await sql`CREATE INDEX email_digests_latest_idx ON email_digests (user_id, items_until DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS email_digests`.execute(db);
}
