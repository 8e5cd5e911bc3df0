import { sql, type Kysely } from 'kysely';

// Frozen: never import application code here. One statement per execute (PGlite).

export async function up(db: Kysely<any>): Promise<void> {
  // The Knowledge Base's tabs; existing items are articles.
  await sql`ALTER TABLE knowledge_items ADD COLUMN kind text NOT NULL DEFAULT 'article'
      CHECK (kind IN ('article', 'manual', 'procedure', 'faq'))`.execute(db);
  // Who wrote an item from the Knowledge Base (null for seeded reference items).
  await sql`ALTER TABLE knowledge_items ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX knowledge_items_created_by_idx ON knowledge_items (created_by)`.execute(db);
  // A tab lists its items most urgent first, then by title.
  await sql`CREATE INDEX knowledge_items_kind_order_idx ON knowledge_items (kind, priority_rank, title, id) WHERE is_active`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS knowledge_items_kind_order_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS knowledge_items_created_by_idx`.execute(db);
  await sql`ALTER TABLE knowledge_items DROP COLUMN IF EXISTS created_by`.execute(db);
  await sql`ALTER TABLE knowledge_items DROP COLUMN IF EXISTS kind`.execute(db);
}
