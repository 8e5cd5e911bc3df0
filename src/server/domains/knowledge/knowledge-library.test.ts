import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createStaff, makeAdmin, registerShop } from '../../../../tests/helpers/shops.ts';
import type { User } from '../../../shared/auth.ts';
import { KNOWLEDGE_KINDS, type KnowledgeItemInput } from '../../../shared/knowledge.ts';
import { seedDatabase } from '../../db/seed.ts';

describeEachDatabase('knowledge base library: tabs, reading and writing', (getDb) => {
  let app: FastifyInstance;
  let techCookie: string;
  let ownerCookie: string;
  let tech: User;
  beforeAll(async () => {
    await seedDatabase(getDb());
    app = await buildTestApp(getDb());
    // Staff of a shop write knowledge; the mode has nothing to do with it.
    tech = await createUser(getDb(), { role: 'simple' });
    await registerShop(getDb(), tech);
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

  it('lets shop staff write an item, owners read it, and nobody else write', async () => {
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

  it('lets staff edit their own items only, admins every item; Tech Mode grants nothing', async () => {
    const db = getDb();
    const shopOwner = await createUser(db);
    const shop = await registerShop(db, shopOwner);
    const author = await createStaff(db, shop.id, 'technician');
    const colleague = await createStaff(db, shop.id, 'manager');
    const item = await callerFor(db, author).knowledge.create({ ...valid, title: 'Rotate the tyres' });
    expect(item.createdBy).toBe(author.id);
    await expect(callerFor(db, colleague).knowledge.update({ id: item.id, title: 'Not mine' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, colleague).knowledge.delete({ id: item.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await callerFor(db, author).knowledge.update({ id: item.id, priority: 'high' })).toMatchObject({ priority: 'high' });

    const switched = await callerFor(db, await createUser(db)).auth.setRole({ role: 'tech' });
    await expect(callerFor(db, switched).knowledge.create(valid)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, switched).knowledge.update({ id: item.id, title: 'Mine now' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const admin = await makeAdmin(db, await createUser(db));
    expect(await callerFor(db, admin).knowledge.update({ id: item.id, title: 'Rotate the wheels' })).toMatchObject({ title: 'Rotate the wheels' });
    expect((await callerFor(db, admin).knowledge.create({ ...valid, title: 'Admin item' })).createdBy).toBe(admin.id);

    // An author who left every shop no longer edits.
    await db.deleteFrom('shop_staff').where('user_id', '=', author.id).execute();
    await expect(callerFor(db, author).knowledge.update({ id: item.id, title: 'Still mine?' })).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const removed = await app.inject({ method: 'DELETE', url: `/api/knowledge/${item.id}`, headers: { cookie: ownerCookie } });
    expect(removed.statusCode).toBe(403);
    await callerFor(db, admin).knowledge.delete({ id: item.id });
    await expect(callerFor(db, null).knowledge.get({ id: item.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(db, admin).knowledge.delete({ id: item.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
