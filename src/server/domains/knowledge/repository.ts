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
import { GENERIC_PLAN, type Executor } from '../../db/index.ts';
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
  'knowledge_items.created_by',
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
  | 'created_by'
  | 'created_at'
  | 'updated_at'
>;

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
}

function toItem(row: ItemRow): KnowledgeItem {
  return {
    id: row.id,
    createdBy: row.created_by,
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

/**
 * Active items matching every given filter, most urgent first, then best full-text match, with
 * the number of all matches, in one statement.
 * `q` uses web-search syntax (words, "phrases", or, -exclusions); a q without searchable words
 * filters nothing, like an empty search box (ranking all matches equally).
 */
export async function searchKnowledge(db: Executor, filters: KnowledgeSearch): Promise<KnowledgePage> {
  const query = sql`websearch_to_tsquery('english', ${filters.q ?? ''})`;

  let base = db.selectFrom('knowledge_items').where('knowledge_items.is_active', '=', true);
  if (filters.kind) base = base.where('knowledge_items.kind', '=', filters.kind);
  if (filters.audience) base = base.where('knowledge_items.audience', 'in', audiences(filters.audience));
  if (filters.tags && filters.tags.length > 0) {
    base = base.where(sql<SqlBool>`knowledge_items.tags && ${sql.val(filters.tags)}::text[]`);
  }
  if (filters.priority) base = base.where('knowledge_items.priority', '=', filters.priority);
  if (filters.vehicleId) base = base.where('knowledge_items.vehicle_id', '=', filters.vehicleId);
  if (filters.componentId) base = base.where('knowledge_items.component_id', '=', filters.componentId);
  // The planner settles the "no searchable words" test from the constant q before it runs, so the
  // text condition stays an index condition.
  if (filters.q) base = base.where(sql<SqlBool>`(numnode(${query}) = 0 OR knowledge_items.search_vector @@ ${query})`);

  let ordered = base.select(itemColumns).select(sql<number>`(count(*) OVER ())::int`.as('total')).orderBy('knowledge_items.priority_rank', 'asc');
  if (filters.q) ordered = ordered.orderBy(sql<number>`ts_rank(knowledge_items.search_vector, ${query})`, 'desc');
  const rows = await ordered
    .orderBy('knowledge_items.title', 'asc')
    .orderBy('knowledge_items.id', 'asc')
    .limit(filters.limit)
    .offset(filters.offset)
    .execute();
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const total =
    rows[0]?.total ??
    (filters.offset > 0 ? (await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow()).total : 0);
  return { items: rows.map(toItem), total, limit: filters.limit, offset: filters.offset };
}

/** The fields of an item a tip shows. */
export interface TipItem {
  id: string;
  title: string;
  body: string;
  priority: Priority;
  tags: string[];
}

/**
 * The assistant's tips for a page in one statement (docs/avatars.md#how-tips-are-chosen): the first reading (`search` with
 * `candidates` rows, as searchKnowledge ranks them) split into the page's own matches (tagged
 * `page`) and the others; the page's own matches come first, then the page's other items, most
 * urgent first, then the other matches; at most `shown`. A `q` without searchable words filters
 * nothing, as in searchKnowledge.
 */
export async function tipItems(
  db: Executor,
  options: { audience: Audience; q: string; priority: Priority; tags: string[]; page: string; candidates: number; shown: number },
): Promise<TipItem[]> {
  // The query is read once per statement (not folded into the plan), so one plan serves every
  // page and role, made once on the embedded database (decision 173).
  const query = sql`(SELECT query FROM reading)`;
  const audience = audiences(options.audience);
  const matchesText = sql<SqlBool>`(numnode(${query}) = 0 OR search_vector @@ ${query})`;
  const matchesTags = options.tags.length > 0 ? sql<SqlBool>`tags && ${sql.val(options.tags)}::text[]` : sql<SqlBool>`true`;
  const page = sql.val(options.page);
  const result = await sql<TipItem & { part: number; position: number }>`${sql.raw(GENERIC_PLAN)}
    WITH reading AS MATERIALIZED (SELECT websearch_to_tsquery('english', ${options.q}) AS query),
    matches AS (
      SELECT id, title, body, priority, tags, ${page} = ANY(tags) AS on_page,
             row_number() OVER (ORDER BY priority_rank, ts_rank(search_vector, ${query}) DESC, title, id) AS position
      FROM knowledge_items
      WHERE is_active AND audience = ANY(${sql.val(audience)}::text[]) AND priority = ${options.priority}
        AND ${matchesTags} AND ${matchesText}
      ORDER BY position
      LIMIT ${options.candidates}
    ),
    on_page AS (
      SELECT * FROM matches WHERE on_page ORDER BY position LIMIT ${options.shown}
    ),
    top_up AS (
      SELECT id, title, body, priority, tags, row_number() OVER (ORDER BY priority_rank, title, id) AS position
      FROM knowledge_items
      WHERE is_active AND audience = ANY(${sql.val(audience)}::text[]) AND tags && ARRAY[${page}]::text[]
        AND id NOT IN (SELECT id FROM on_page)
      ORDER BY priority_rank, title, id
      LIMIT ${options.shown}
    )
    SELECT id, title, body, priority, tags, 0 AS part, position FROM on_page
    UNION ALL
    SELECT id, title, body, priority, tags, 1 AS part, position FROM top_up
    UNION ALL
    SELECT id, title, body, priority, tags, 2 AS part, position FROM matches WHERE NOT on_page
    ORDER BY part, position
    LIMIT ${options.shown}`.execute(db);
  return result.rows.map((row) => ({ id: row.id, title: row.title, body: row.body, priority: row.priority, tags: row.tags }));
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

/** Takes an item out of search and reading (the row is kept); false when there was no active item. */
export async function deactivateItem(db: Executor, id: string): Promise<boolean> {
  const row = await db.updateTable('knowledge_items').set({ is_active: false }).where('id', '=', id).where('is_active', '=', true).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Whether the user is staff of any shop: who may add knowledge items (docs/knowledge.md#who-may-write). */
export async function isStaffAnywhere(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('shop_staff').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
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
