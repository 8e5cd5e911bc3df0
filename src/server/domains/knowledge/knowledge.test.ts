import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { HELP_TEXTS } from '../../../shared/help-texts.ts';
import {
  KNOWLEDGE_KINDS,
  PAGE_CONTEXTS,
  pageContextForPath,
  splitTags,
  tagsFromText,
  type Audience,
  type KnowledgeItemInput,
  type Priority,
} from '../../../shared/knowledge.ts';
import { LIBRARY_ITEMS, seedDatabase, TIP_ITEMS } from '../../db/seed.ts';
import type { Database } from '../../db/index.ts';
import { anyWordQuery } from './service.ts';

describe('page contexts and help text', () => {
  it("maps routes to the assistant's page contexts (docs/avatars.md#page-contexts)", () => {
    expect(pageContextForPath('/')).toBe('home');
    expect(pageContextForPath('/search')).toBe('vehicle-search');
    expect(pageContextForPath('/scanner')).toBe('scanning');
    expect(pageContextForPath('/viewer')).toBe('model-viewing');
    expect(pageContextForPath('/camera')).toBe('camera-scanning');
    expect(pageContextForPath('/knowledge')).toBe('knowledge-base');
    expect(pageContextForPath('/records')).toBe('service-records');
    expect(pageContextForPath('/records/')).toBe('service-records');
    expect(pageContextForPath('/avatars')).toBe('general');
    expect(pageContextForPath('/service-centers')).toBe('general');
  });

  it('derives tags from keywords and builds an any-word query', () => {
    expect(tagsFromText('Scanning a VIN for Diagnostic component data')).toEqual(['vin', 'scanning', 'diagnostics', 'components']);
    expect(tagsFromText('Switch modes')).toEqual([]);
    expect(anyWordQuery('Decode the VIN, decode it!')).toBe('decode or the or vin');
    expect(anyWordQuery('word '.repeat(10) + 'a'.repeat(300)).length).toBeLessThanOrEqual(200);
    expect(splitTags('vin, brakes,,')).toEqual(['vin', 'brakes']);
    expect(splitTags(['vin', 'a,b'])).toEqual(['vin', 'a', 'b']);
    expect(splitTags(' , ')).toBeUndefined();
  });
});

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

describeEachDatabase('knowledge search and tips', (getDb) => {
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
    const word = `zork${randomUUID().replaceAll('-', '').slice(0, 6).replace(/\d/g, 'q')}`;
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
      ['audience', 'body', 'componentId', 'createdAt', 'id', 'isActive', 'kind', 'mediaUrls', 'priority', 'steps', 'tags', 'title', 'updatedAt', 'vehicleId'].sort(),
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

  it('gives three tips for every page context and role from the seed, for the role only', async () => {
    const caller = callerFor(getDb(), null);
    const audienceOf = new Map(
      (await getDb().selectFrom('knowledge_items').select(['id', 'audience', 'priority', 'tags']).execute()).map((r) => [r.id, r]),
    );
    for (const pageContext of PAGE_CONTEXTS) {
      for (const role of ['simple', 'tech'] as const) {
        const tips = await caller.knowledge.tips({ pageContext, role });
        const label = `${pageContext} ${role}`;
        expect(tips, label).toHaveLength(3);
        expect(new Set(tips.map((t) => t.id)).size, label).toBe(3);
        for (const tip of tips) {
          const row = audienceOf.get(tip.id);
          expect([role, 'both'], label).toContain(row?.audience);
          expect(Object.keys(tip).sort()).toEqual(['body', 'id', 'priority', 'tags', 'title']);
          // The seed has enough for every page, so every tip is one of the page's own items.
          expect(tip.tags, `${label}: ${tip.title}`).toContain(pageContext);
        }
      }
    }
    const viaRest = await app.inject({ method: 'GET', url: '/api/knowledge/tips?pageContext=scanning&role=simple' });
    expect(viaRest.statusCode).toBe(200);
    expect(viaRest.json()).toHaveLength(3);
    const bad = await app.inject({ method: 'GET', url: '/api/knowledge/tips?pageContext=garage&role=simple' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Unknown page context');
  });

  it("puts the first reading's matches on the page before the page's top-up, and other pages' matches last", async () => {
    const caller = callerFor(getDb(), null);
    // The tech home help text names vin and component: medium items of the home page tagged so come first.
    const home = await caller.knowledge.tips({ pageContext: 'home', role: 'tech' });
    expect(home[0]?.priority).toBe('medium');
    expect(home[0]?.tags).toContain('home');
    expect(home[0]?.tags.some((t) => t === 'vin' || t === 'components')).toBe(true);

  });
});

describeEachDatabase('tips on a page with too few items of its own', (getDb) => {
  it('fills up from the first reading of other pages, after the page items', async () => {
    const db = getDb();
    await seedDatabase(db);
    const profileTech = await db
      .selectFrom('knowledge_items')
      .select('id')
      .where(sql<boolean>`'profile' = ANY(tags)`)
      .where('audience', 'in', ['tech', 'both'])
      .orderBy('priority_rank')
      .orderBy('title')
      .execute();
    const [kept, ...dropped] = profileTech.map((r) => r.id);
    await db.updateTable('knowledge_items').set({ is_active: false }).where('id', 'in', dropped).execute();

    const tips = await callerFor(db, null).knowledge.tips({ pageContext: 'profile', role: 'tech' });
    expect(tips).toHaveLength(3);
    expect(tips[0]?.id).toBe(kept);
    const others = await db.selectFrom('knowledge_items').select(['id', 'priority', 'audience', 'tags']).where('id', 'in', [tips[1]!.id, tips[2]!.id]).execute();
    for (const other of others) {
      expect(other.priority).toBe('medium');
      expect(['tech', 'both']).toContain(other.audience);
      expect(other.tags).not.toContain('profile');
    }
  });
});

describeEachDatabase('knowledge base library: tabs, reading and writing', (getDb) => {
  let app: FastifyInstance;
  let techCookie: string;
  let ownerCookie: string;
  beforeAll(async () => {
    await seedDatabase(getDb());
    app = await buildTestApp(getDb());
    const tech = await createUser(getDb(), { role: 'tech' });
    const owner = await createUser(getDb(), { role: 'simple' });
    techCookie = await signInCookie(app, tech.email);
    ownerCookie = await signInCookie(app, owner.email);
  });
  afterAll(async () => {
    await app.close();
  });

  const valid: KnowledgeItemInput = {
    title: 'Replace a cabin air filter',
    body: 'A clogged cabin filter weakens the blower and fogs the windows.',
    kind: 'procedure',
    audience: 'simple',
    priority: 'low',
    tags: ['HVAC', ' filters '],
    steps: ['Empty the glove box', ' Release the glove box stops ', 'Swap the filter, arrow pointing down'],
  };

  it('seeds every tab with items for owners and for technicians; procedures have steps', async () => {
    const caller = callerFor(getDb(), null);
    for (const kind of KNOWLEDGE_KINDS) {
      for (const audience of ['simple', 'tech'] as const) {
        const page = await caller.knowledge.search({ kind, audience });
        expect(page.total, `${kind} ${audience}`).toBeGreaterThanOrEqual(3);
        for (const item of page.items) {
          expect(item.kind).toBe(kind);
          expect([audience, 'both']).toContain(item.audience);
        }
      }
    }
    const procedures = await caller.knowledge.search({ kind: 'procedure', limit: 50 });
    expect(procedures.items.length).toBeGreaterThan(0);
    for (const item of procedures.items.filter((i) => i.steps !== null)) expect(item.steps!.length).toBeGreaterThanOrEqual(3);
    expect(procedures.items.filter((i) => i.steps !== null).length).toBeGreaterThanOrEqual(6);
  });

  it('filters a tab by kind over REST and ranks the text search within it', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/knowledge/search?kind=faq&q=check+engine+light' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as { kind: string; title: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.kind === 'faq')).toBe(true);
    expect(items[0]?.title).toBe('Why is my check engine light on?');
    const bad = await app.inject({ method: 'GET', url: '/api/knowledge/search?kind=video' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Kind must be article, manual, procedure or faq');
  });

  it('counts tags of a tab and audience for the chips, most used first', async () => {
    const db = getDb();
    const caller = callerFor(db, null);
    const chips = await caller.knowledge.tags({ kind: 'procedure', audience: 'tech' });
    const rows = await db
      .selectFrom('knowledge_items')
      .select(['tags'])
      .where('is_active', '=', true)
      .where('kind', '=', 'procedure')
      .where('audience', 'in', ['tech', 'both'])
      .execute();
    const expected = new Map<string, number>();
    for (const row of rows) for (const tag of row.tags) expected.set(tag, (expected.get(tag) ?? 0) + 1);
    expect(chips.length).toBe(Math.min(expected.size, 16));
    for (const chip of chips) expect(chip.count, chip.tag).toBe(expected.get(chip.tag));
    const counts = chips.map((c) => c.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  });

  it('lets technicians write an item, owners read it, and nobody else write', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/knowledge', headers: { cookie: techCookie }, payload: valid });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json() as { id: string; tags: string[]; steps: string[]; kind: string; audience: string };
    expect(item).toMatchObject({ kind: 'procedure', audience: 'simple', tags: ['hvac', 'filters'] });
    expect(item.steps).toEqual(['Empty the glove box', 'Release the glove box stops', 'Swap the filter, arrow pointing down']);

    const read = await app.inject({ method: 'GET', url: `/api/knowledge/${item.id}`, headers: { cookie: ownerCookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json().title).toBe(valid.title);
    const found = await callerFor(getDb(), null).knowledge.search({ kind: 'procedure', q: 'cabin filter' });
    expect(found.items[0]?.id).toBe(item.id);

    const asOwner = await app.inject({ method: 'POST', url: '/api/knowledge', headers: { cookie: ownerCookie }, payload: valid });
    expect(asOwner.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/api/knowledge', payload: valid });
    expect(anonymous.statusCode).toBe(401);
    const ownerPatch = await app.inject({ method: 'PATCH', url: `/api/knowledge/${item.id}`, headers: { cookie: ownerCookie }, payload: { title: 'Mine now' } });
    expect(ownerPatch.statusCode).toBe(403);
    expect((await callerFor(getDb(), null).knowledge.get({ id: item.id })).title).toBe(valid.title);
  });

  it('edits only the fields sent; empty steps clear them', async () => {
    const tech = await createUser(getDb(), { role: 'tech' });
    const caller = callerFor(getDb(), tech);
    const item = await caller.knowledge.create({ ...valid, title: 'Bleed the brakes' });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/knowledge/${item.id}`,
      headers: { cookie: techCookie },
      payload: { priority: 'critical', audience: 'tech', steps: [] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ title: 'Bleed the brakes', priority: 'critical', audience: 'tech', steps: null, body: valid.body });
    const row = await getDb().selectFrom('knowledge_items').select(['created_by']).where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row.created_by).toBe(tech.id);
  });

  it('refuses bad items with the field messages of the shared schema and stores nothing', async () => {
    const before = await getDb().selectFrom('knowledge_items').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, title: 'ab' }, 'Title must be at least 3 characters'],
      [{ ...valid, body: 'short' }, 'Body must be at least 10 characters'],
      [{ ...valid, kind: 'video' }, 'Kind must be article, manual, procedure or faq'],
      [{ ...valid, audience: 'everyone' }, 'Audience must be simple, tech or both'],
      [{ ...valid, tags: ['brakes', 'Brakes'] }, 'Tags must not repeat'],
      [{ ...valid, tags: ['no spaces'] }, 'Tags use letters, digits and dashes only'],
      [{ ...valid, steps: ['ok', '  '] }, 'Steps must not be empty'],
      [{ ...valid, steps: Array.from({ length: 41 }, (_, i) => `Step ${i}`) }, 'At most 40 steps'],
      [{ ...valid, isActive: false }, 'Unrecognized key'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/knowledge', headers: { cookie: techCookie }, payload });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message, message).toContain(message);
    }
    const after = await getDb().selectFrom('knowledge_items').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const missing = await app.inject({ method: 'GET', url: `/api/knowledge/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Knowledge item not found');
    const patchMissing = await app.inject({ method: 'PATCH', url: `/api/knowledge/${randomUUID()}`, headers: { cookie: techCookie }, payload: { title: 'Nothing here' } });
    expect(patchMissing.statusCode).toBe(404);
    const badId = await app.inject({ method: 'GET', url: '/api/knowledge/not-a-uuid' });
    expect(badId.statusCode).toBe(400);
  });
});
