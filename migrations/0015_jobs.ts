import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).
//
// Background jobs (src/server/lib/jobs.ts): one row per job. A runner claims due rows with
// FOR UPDATE SKIP LOCKED and holds a lease (locked_until); a row whose lease ran out is claimed
// again. idempotency_key makes enqueuing the same thing twice one job (and a schedule's run one
// job per period).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      payload jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (octet_length(payload::text) <= 16384),
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts BETWEEN 1 AND 50),
      locked_until timestamptz,
      locked_by text,
      last_error text CHECK (char_length(last_error) <= 2000),
      idempotency_key text UNIQUE CHECK (char_length(idempotency_key) <= 200),
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  // What a runner's poll reads: the unfinished rows, by when they are due.
  await sql`CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('queued', 'running')`.execute(db);
  await sql`CREATE INDEX jobs_finished_idx ON jobs (finished_at) WHERE finished_at IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS jobs`.execute(db);
}
