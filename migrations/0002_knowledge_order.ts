import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).

export async function up(db: Kysely<any>): Promise<void> {
  // Seeded reference items carry a stable key, so re-seeding updates them instead of adding copies.
  await sql`ALTER TABLE knowledge_items ADD COLUMN seed_key text`.execute(db);
  await sql`CREATE UNIQUE INDEX knowledge_items_seed_key_key ON knowledge_items (seed_key)`.execute(db);
  // Results are listed most urgent first; a sortable number lets an index serve that order.
  await sql`ALTER TABLE knowledge_items ADD COLUMN priority_rank smallint GENERATED ALWAYS AS (
      CASE priority WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END
    ) STORED`.execute(db);
  await sql`CREATE INDEX knowledge_items_priority_order_idx ON knowledge_items (priority_rank, title, id) WHERE is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS knowledge_items_priority_order_idx`.execute(db);
  await sql`ALTER TABLE knowledge_items DROP COLUMN IF EXISTS priority_rank`.execute(db);
  await sql`DROP INDEX IF EXISTS knowledge_items_seed_key_key`.execute(db);
  await sql`ALTER TABLE knowledge_items DROP COLUMN IF EXISTS seed_key`.execute(db);
}
