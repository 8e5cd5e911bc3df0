import { sql, type Selectable, type SqlBool } from 'kysely';
import type {
  Audience,
  KnowledgeItem,
  KnowledgeItemPatch,
  KnowledgeItemValues,
  KnowledgeKind,
  KnowledgePage,
  KnowledgeSearch,
  Priority,
  TagCount,
} from '../../../shared/knowledge.ts';
import { TAG_CHIPS_SHOWN } from '../../../shared/knowledge.ts';
import type { Executor } from '../../db/index.ts';
import type { KnowledgeItemsTable } from '../../db/schema.ts';

const itemColumns = [
  'knowledge_items.id',
  'knowledge_items.kind',
  'knowledge_items.audience',
  'knowledge_items.tags',
  'knowledge_items.title',
  'knowledge_items.body',
  'knowledge_items.steps',
  'knowledge_items.media_urls',
  'knowledge_items.component_id',
  'knowledge_items.vehicle_id',
  'knowledge_items.priority',
  'knowledge_items.is_active',
  'knowledge_items.created_at',
  'knowledge_items.updated_at',
] as const;

type ItemRow = Pick<
  Selectable<KnowledgeItemsTable>,
  | 'id'
  | 'kind'
  | 'audience'
  | 'tags'
  | 'title'
  | 'body'
  | 'steps'
  | 'media_urls'
  | 'component_id'
  | 'vehicle_id'
  | 'priority'
  | 'is_active'
  | 'created_at'
  | 'updated_at'
>;

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

function toItem(row: ItemRow): KnowledgeItem {
  return {
    id: row.id,
    kind: row.kind,
    audience: row.audience,
    tags: row.tags,
    title: row.title,
    body: row.body,
    steps: stringList(row.steps),
    mediaUrls: stringList(row.media_urls),
    componentId: row.component_id,
    vehicleId: row.vehicle_id,
    priority: row.priority,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Audience X is served items for X and items for everyone. */
function audiences(audience: Audience): Audience[] {
  return audience === 'both' ? ['both'] : [audience, 'both'];
}

/** True when the text has words full-text search can use (not only stop words or punctuation). */
export async function hasSearchableWords(db: Executor, q: string): Promise<boolean> {
  const result = await sql<{ nodes: number }>`SELECT numnode(websearch_to_tsquery('english', ${q}))::int AS nodes`.execute(db);
  return (result.rows[0]?.nodes ?? 0) > 0;
}

/**
 * Active items matching every given filter, most urgent first, then best full-text match.
 * `q` uses web-search syntax (words, "phrases", or, -exclusions); a q without searchable words
 * filters nothing, like an empty search box.
 */
export async function searchKnowledge(db: Executor, filters: KnowledgeSearch): Promise<KnowledgePage> {
  const q = filters.q && (await hasSearchableWords(db, filters.q)) ? filters.q : undefined;
  const query = sql`websearch_to_tsquery('english', ${q ?? ''})`;

  let base = db.selectFrom('knowledge_items').where('knowledge_items.is_active', '=', true);
  if (filters.kind) base = base.where('knowledge_items.kind', '=', filters.kind);
  if (filters.audience) base = base.where('knowledge_items.audience', 'in', audiences(filters.audience));
  if (filters.tags && filters.tags.length > 0) {
    base = base.where(sql<SqlBool>`knowledge_items.tags && ${sql.val(filters.tags)}::text[]`);
  }
  if (filters.priority) base = base.where('knowledge_items.priority', '=', filters.priority);
  if (filters.vehicleId) base = base.where('knowledge_items.vehicle_id', '=', filters.vehicleId);
  if (filters.componentId) base = base.where('knowledge_items.component_id', '=', filters.componentId);
  if (q) base = base.where(sql<SqlBool>`knowledge_items.search_vector @@ ${query}`);

  let ordered = base.select(itemColumns).orderBy('knowledge_items.priority_rank', 'asc');
  if (q) ordered = ordered.orderBy(sql<number>`ts_rank(knowledge_items.search_vector, ${query})`, 'desc');
  const [rows, count] = await Promise.all([
    ordered
      .orderBy('knowledge_items.title', 'asc')
      .orderBy('knowledge_items.id', 'asc')
      .limit(filters.limit)
      .offset(filters.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toItem), total: count.total, limit: filters.limit, offset: filters.offset };
}

/** Active items carrying any of `tags` for the audience, most urgent first (the tips' top-up). */
export async function itemsTagged(
  db: Executor,
  options: { audience: Audience; tags: string[]; excludeIds: string[]; limit: number },
): Promise<KnowledgeItem[]> {
  if (options.tags.length === 0 || options.limit <= 0) return [];
  let query = db
    .selectFrom('knowledge_items')
    .select(itemColumns)
    .where('knowledge_items.is_active', '=', true)
    .where('knowledge_items.audience', 'in', audiences(options.audience))
    .where(sql<SqlBool>`knowledge_items.tags && ${sql.val(options.tags)}::text[]`);
  if (options.excludeIds.length > 0) query = query.where('knowledge_items.id', 'not in', options.excludeIds);
  const rows = await query
    .orderBy('knowledge_items.priority_rank', 'asc')
    .orderBy('knowledge_items.title', 'asc')
    .orderBy('knowledge_items.id', 'asc')
    .limit(options.limit)
    .execute();
  return rows.map(toItem);
}

/** One active item, or undefined. */
export async function findItem(db: Executor, id: string): Promise<KnowledgeItem | undefined> {
  const row = await db
    .selectFrom('knowledge_items')
    .select(itemColumns)
    .where('knowledge_items.id', '=', id)
    .where('knowledge_items.is_active', '=', true)
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

export async function insertItem(db: Executor, values: KnowledgeItemValues, createdBy: string): Promise<KnowledgeItem> {
  const row = await db
    .insertInto('knowledge_items')
    .values({
      kind: values.kind,
      audience: values.audience,
      priority: values.priority,
      tags: values.tags,
      title: values.title,
      body: values.body,
      steps: values.steps.length > 0 ? JSON.stringify(values.steps) : null,
      created_by: createdBy,
    })
    .returning(itemColumns)
    .executeTakeFirstOrThrow();
  return toItem(row);
}

/** Changes the given fields of an active item; undefined when there is no such item. */
export async function updateItem(db: Executor, id: string, patch: KnowledgeItemPatch & { steps?: string[] }): Promise<KnowledgeItem | undefined> {
  const changes = {
    ...(patch.kind !== undefined && { kind: patch.kind }),
    ...(patch.audience !== undefined && { audience: patch.audience }),
    ...(patch.priority !== undefined && { priority: patch.priority }),
    ...(patch.tags !== undefined && { tags: patch.tags }),
    ...(patch.title !== undefined && { title: patch.title }),
    ...(patch.body !== undefined && { body: patch.body }),
    ...(patch.steps !== undefined && { steps: patch.steps.length > 0 ? JSON.stringify(patch.steps) : null }),
  };
  if (Object.keys(changes).length === 0) return findItem(db, id);
  const row = await db
    .updateTable('knowledge_items')
    .set(changes)
    .where('knowledge_items.id', '=', id)
    .where('knowledge_items.is_active', '=', true)
    .returning(itemColumns)
    .executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/** The most used tags among the active items of a kind and audience, for the tag chips. */
export async function tagCounts(db: Executor, filters: { kind?: KnowledgeKind; audience?: Audience }): Promise<TagCount[]> {
  let query = db
    .selectFrom(sql<{ tag: string }>`(SELECT unnest(tags) AS tag, kind, audience FROM knowledge_items WHERE is_active)`.as('t'))
    .select(['t.tag', sql<number>`count(*)::int`.as('count')]);
  if (filters.kind) query = query.where(sql.ref('t.kind'), '=', filters.kind);
  if (filters.audience) query = query.where(sql.ref('t.audience'), 'in', audiences(filters.audience));
  return query.groupBy('t.tag').orderBy('count', 'desc').orderBy('t.tag', 'asc').limit(TAG_CHIPS_SHOWN).execute();
}

export interface SeedKnowledgeItem {
  seedKey: string;
  kind?: KnowledgeKind;
  audience: Audience;
  tags: string[];
  title: string;
  body: string;
  priority: Priority;
  steps?: string[];
}

/** Inserts or refreshes seeded items by their key: running it twice leaves the same rows. */
export async function upsertSeedItems(db: Executor, items: readonly SeedKnowledgeItem[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('knowledge_items')
    .values(
      items.map((item) => ({
        seed_key: item.seedKey,
        kind: item.kind ?? 'article',
        audience: item.audience,
        tags: item.tags,
        title: item.title,
        body: item.body,
        priority: item.priority,
        steps: item.steps ? JSON.stringify(item.steps) : null,
      })),
    )
    .onConflict((oc) =>
      oc.column('seed_key').doUpdateSet((eb) => ({
        kind: eb.ref('excluded.kind'),
        audience: eb.ref('excluded.audience'),
        tags: eb.ref('excluded.tags'),
        title: eb.ref('excluded.title'),
        body: eb.ref('excluded.body'),
        priority: eb.ref('excluded.priority'),
        steps: eb.ref('excluded.steps'),
      })).where(
        // Unchanged items keep their updated_at.
        sql<SqlBool>`(knowledge_items.kind, knowledge_items.audience, knowledge_items.tags, knowledge_items.title,
          knowledge_items.body, knowledge_items.priority, knowledge_items.steps) IS DISTINCT FROM
          (excluded.kind, excluded.audience, excluded.tags, excluded.title, excluded.body, excluded.priority, excluded.steps)`,
      ),
    )
    .execute();
}
