import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      token_hash text NOT NULL,
      token_prefix text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX api_tokens_hash_key ON api_tokens (token_hash)`.execute(db);
  await sql`CREATE INDEX api_tokens_user_created_idx ON api_tokens (user_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS api_tokens`.execute(db);
}
