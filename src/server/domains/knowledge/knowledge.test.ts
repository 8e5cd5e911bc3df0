import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp } from '../../../../tests/helpers/factories.ts';
import { PAGE_CONTEXTS, type Audience, type Priority } from '../../../shared/knowledge.ts';
import { LIBRARY_ITEMS, seedDatabase, TIP_ITEMS } from '../../db/seed.ts';
import type { Database } from '../../db/index.ts';

// Knowledge search; the assistant's tips and the Knowledge Base library have files of their own.

interface Fixture {
  audience: Audience;
  priority: Priority;
  title: string;
  body: string;
  tags: string[];
  isActive?: boolean;
  vehicleId?: string;
  componentId?: string;
}

async function insertItems(db: Database, items: Fixture[]): Promise<string[]> {
  const rows = await db
    .insertInto('knowledge_items')
    .values(
      items.map((item) => ({
        audience: item.audience,
        priority: item.priority,
        title: item.title,
        body: item.body,
        tags: item.tags,
        is_active: item.isActive ?? true,
        vehicle_id: item.vehicleId ?? null,
        component_id: item.componentId ?? null,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

describeEachDatabase('knowledge search', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDatabase(getDb());
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  /** A fresh set of items under a tag of their own, so the seed and other tests never interfere. */
  async function fixture() {
    const tag = `t${randomUUID().slice(0, 8)}`;
    // Ten random letters and a final x, which no English suffix ends in: two fixtures' words never
    // share a stem. (Hex digits turned into one letter left five words in eight sharing it, and two
    // fixtures' words were the same about once in two hundred pairs.)
    const word = `zork${Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}x`;
    const vehicle = await getDb()
      .insertInto('vehicles')
      .values({ year: 2018, make: 'Toyota', model: `Camry ${tag}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const component = await getDb()
      .insertInto('vehicle_components')
      .values({ vehicle_id: vehicle.id, name: 'Brakes', category: 'brakes' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [simpleLow, techHigh, bothMedium, inactive, critical, vehicleItem, componentItem] = await insertItems(getDb(), [
      { audience: 'simple', priority: 'low', title: `Simple ${word}`, body: 'Plain words for owners.', tags: [tag, 'alpha'] },
      { audience: 'tech', priority: 'high', title: 'Tech note', body: `Torque ${word} to spec, twice ${word}.`, tags: [tag, 'beta'] },
      { audience: 'both', priority: 'medium', title: 'Everyone', body: 'Shared advice.', tags: [tag, 'alpha', 'beta'] },
      { audience: 'both', priority: 'critical', title: `Hidden ${word}`, body: 'Inactive item.', tags: [tag], isActive: false },
      { audience: 'tech', priority: 'critical', title: 'Critical tech', body: `Safety ${word}.`, tags: [tag, 'gamma'] },
      { audience: 'simple', priority: 'medium', title: 'Vehicle item', body: 'For one vehicle.', tags: [tag], vehicleId: vehicle.id },
      {
        audience: 'tech',
        priority: 'low',
        title: 'Component item',
        body: 'For one component.',
        tags: [tag],
        vehicleId: vehicle.id,
        componentId: component.id,
      },
    ]);
    return {
      tag,
      word,
      vehicleId: vehicle.id,
      componentId: component.id,
      ids: { simpleLow, techHigh, bothMedium, inactive, critical, vehicleItem, componentItem },
    };
  }

  const search = async (query: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: `/api/knowledge/search?${new URLSearchParams(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json() as { id: string }[]).map((item) => item.id), total: Number(res.headers['x-total-count']), body: res.json() };
  };

  it('returns only active items, most urgent first, to anonymous callers', async () => {
    const { tag, ids } = await fixture();
    const { ids: found, total, body } = await search({ tags: tag });
    expect(found).toEqual([ids.critical, ids.techHigh, ids.bothMedium, ids.vehicleItem, ids.componentItem, ids.simpleLow]);
    expect(total).toBe(6);
    expect(found).not.toContain(ids.inactive);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['audience', 'body', 'componentId', 'createdAt', 'createdBy', 'id', 'isActive', 'kind', 'mediaUrls', 'priority', 'steps', 'tags', 'title', 'updatedAt', 'vehicleId'].sort(),
    );
  });

  it('filters one by one: audience (with both), tags (any), priority, vehicle, component and text', async () => {
    const { tag, word, vehicleId, componentId, ids } = await fixture();
    expect((await search({ tags: tag, audience: 'simple' })).ids.sort()).toEqual([ids.simpleLow, ids.bothMedium, ids.vehicleItem].sort());
    expect((await search({ tags: tag, audience: 'tech' })).ids.sort()).toEqual(
      [ids.techHigh, ids.bothMedium, ids.critical, ids.componentItem].sort(),
    );
    expect((await search({ tags: tag, audience: 'both' })).ids).toEqual([ids.bothMedium]);

    // Tags: any of them matches.
    expect((await search({ tags: `${tag}-none,${tag}` })).total).toBe(6);
    const gammaOrAlpha = await app.inject({ method: 'GET', url: `/api/knowledge/search?tags=gamma,alpha&q=${word}` });
    expect(gammaOrAlpha.json().map((i: { id: string }) => i.id).sort()).toEqual([ids.critical, ids.simpleLow].sort());

    expect((await search({ tags: tag, priority: 'medium' })).ids.sort()).toEqual([ids.bothMedium, ids.vehicleItem].sort());
    expect((await search({ vehicleId })).ids.sort()).toEqual([ids.vehicleItem, ids.componentItem].sort());
    expect((await search({ componentId })).ids).toEqual([ids.componentItem]);

    // Full-text over title and body; stems match ("torqued" finds "torque").
    expect((await search({ q: word })).ids.sort()).toEqual([ids.simpleLow, ids.techHigh, ids.critical].sort());
    expect((await search({ q: `torqued ${word}` })).ids).toEqual([ids.techHigh]);
    expect((await search({ q: `${word} -torque` })).ids.sort()).toEqual([ids.simpleLow, ids.critical].sort());
  });

  it('combines filters with AND and ranks text matches within a priority', async () => {
    const { tag, word, vehicleId, ids } = await fixture();
    expect((await search({ tags: tag, audience: 'tech', priority: 'critical', q: word })).ids).toEqual([ids.critical]);
    expect((await search({ tags: tag, audience: 'simple', priority: 'high' })).ids).toEqual([]);
    expect((await search({ tags: tag, audience: 'tech', vehicleId })).ids).toEqual([ids.componentItem]);
    expect((await search({ tags: 'alpha', audience: 'tech', q: word })).ids).toEqual([]);

    const rankTag = `r${randomUUID().slice(0, 8)}`;
    const [weak, strong, title] = await insertItems(getDb(), [
      { audience: 'both', priority: 'medium', title: 'Weak match', body: `One mention of ${word} in a long body about other things entirely.`, tags: [rankTag] },
      { audience: 'both', priority: 'medium', title: 'Strong match', body: `${word} ${word} ${word}.`, tags: [rankTag] },
      { audience: 'both', priority: 'medium', title: `${word} in the title`, body: `And ${word} in the body.`, tags: [rankTag] },
    ]);
    expect((await search({ tags: rankTag, q: word })).ids).toEqual([title, strong, weak]);
  });

  it('pages with a bounded size and ignores blank parameters', async () => {
    const { tag, ids } = await fixture();
    const first = await search({ tags: tag, limit: '2' });
    const second = await search({ tags: tag, limit: '2', offset: '2' });
    expect(first.ids).toEqual([ids.critical, ids.techHigh]);
    expect(second.ids).toEqual([ids.bothMedium, ids.vehicleItem]);
    expect(first.total).toBe(6);
    // A page past the end has no rows but still the total.
    const past = await search({ tags: tag, limit: '2', offset: '10' });
    expect(past.ids).toEqual([]);
    expect(past.total).toBe(6);
    expect((await search({ tags: tag, audience: '', priority: '', q: '  ' })).total).toBe(6);
    // Only stop words: no text filter, like an empty box.
    expect((await search({ tags: tag, q: 'the and of' })).total).toBe(6);

    const all = await app.inject({ method: 'GET', url: '/api/knowledge/search' });
    expect((all.json() as unknown[]).length).toBe(20);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(TIP_ITEMS.length);
  });

  it('answers 400 with a clear message for bad filters', async () => {
    for (const [query, message] of [
      ['audience=everyone', 'Audience must be simple, tech or both'],
      ['priority=urgent', 'Priority must be low, medium, high or critical'],
      ['vehicleId=manual-123', 'Invalid vehicle id'],
      ['componentId=42', 'Invalid component id'],
      ['limit=51', 'Limit must be at most 50'],
      ['limit=abc', 'Limit must be a number'],
      ['offset=-1', 'Offset must not be negative'],
      ['tags=bad tag!', 'Tags use letters, digits and dashes only'],
      [`q=${'x'.repeat(201)}`, 'Search text must be at most 200 characters'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/knowledge/search?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    // Search syntax is never an error: websearch syntax accepts anything.
    const odd = await app.inject({ method: 'GET', url: `/api/knowledge/search?q=${encodeURIComponent('"brake & (fluid | !oil')}` });
    expect(odd.statusCode).toBe(200);
  });

  it('seeds at least three items per page context for each role, written for that audience, idempotently', async () => {
    const seeded = await getDb().selectFrom('knowledge_items').select(['audience', 'tags']).where('seed_key', 'is not', null).execute();
    const count = (audience: Audience, page: string) => seeded.filter((r) => r.audience === audience && r.tags.includes(page)).length;
    for (const page of PAGE_CONTEXTS) {
      expect(count('simple', page), `${page} simple`).toBeGreaterThanOrEqual(3);
      expect(count('tech', page), `${page} tech`).toBeGreaterThanOrEqual(3);
      expect(count('both', page), `${page} both`).toBeGreaterThanOrEqual(1);
    }
    const guidance = TIP_ITEMS.map((item) => item.body).join('\n');
    expect(guidance).toContain('60% overlap');
    expect(guidance).toContain('public vehicle database');

    const before = await getDb().selectFrom('knowledge_items').select(['id', 'updated_at']).where('seed_key', 'is not', null).orderBy('id').execute();
    await seedDatabase(getDb());
    const after = await getDb().selectFrom('knowledge_items').select(['id', 'updated_at']).where('seed_key', 'is not', null).orderBy('id').execute();
    expect(after).toEqual(before);
    expect(after.length).toBe(TIP_ITEMS.length + LIBRARY_ITEMS.length);
  });

});
