import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../tests/helpers/factories.ts';
import { buildApp } from '../app.ts';
import { plainQueryCounts, QUERY_PATHS } from './trpc-queries.ts';

/** tRPC's own handler answers a request that asks for a given response format. */
const STANDARD = { 'trpc-accept': 'application/json' };

describeEachDatabase('tRPC queries answered without the Fetch adapter', (getDb) => {
  let app: FastifyInstance;
  const cookies: Record<'anonymous' | 'owner' | 'tech', string> = { anonymous: '', owner: '', tech: '' };

  beforeAll(async () => {
    app = await buildTestApp(getDb());
    const owner = await createUser(getDb(), { role: 'simple' });
    const tech = await createUser(getDb(), { role: 'tech' });
    cookies.owner = await signInCookie(app, owner.email);
    cookies.tech = await signInCookie(app, tech.email);
    // Something in the lists, with dates for superjson to describe.
    await callerFor(getDb(), owner).inquiries.create({ inquiryType: 'service', subject: 'Brake noise', description: 'Squeals when stopping' });
    await callerFor(getDb(), tech).serviceCenters.create({ name: 'Query Garage', address: '1 Main St', city: 'Springfield', state: 'IL' });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, cookie: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...extra } });

  it('lists the query procedures and no mutation', () => {
    for (const path of ['auth.me', 'serviceCenters.all', 'inquiries.list', 'inquiries.stats', 'knowledge.search', 'garage.due']) {
      expect(QUERY_PATHS.has(path), path).toBe(true);
    }
    for (const path of ['auth.setRole', 'inquiries.create', 'inquiries.setStatus', 'serviceCenters.create', 'avatars.setActive']) {
      expect(QUERY_PATHS.has(path), path).toBe(false);
    }
  });

  it('answers every query exactly as tRPC does, for visitors, owners and technicians, alone and batched', async () => {
    const before = plainQueryCounts.answered;
    const inquiryPage = encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ limit: 25 }), 1: superjson.serialize(undefined) }));
    const urls = [
      ...[...QUERY_PATHS].map((path) => `/trpc/${path}`),
      ...[...QUERY_PATHS].map((path) => `/trpc/${path},serviceCenters.all?batch=1&input=%7B%7D`),
      `/trpc/inquiries.list,inquiries.stats?batch=1&input=${inquiryPage}`,
      `/trpc/serviceCenters.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ search: 'query', limit: 5 })))}`,
    ];
    let succeeded = 0;
    for (const who of ['anonymous', 'owner', 'tech'] as const) {
      for (const url of urls) {
        const fast = await get(url, cookies[who]);
        if (fast.statusCode === 200) succeeded += 1;
        const standard = await get(url, cookies[who], STANDARD);
        expect(fast.statusCode, `${who} ${url}`).toBe(standard.statusCode);
        expect(fast.json(), `${who} ${url}`).toEqual(standard.json());
        expect(fast.headers['content-type'], url).toMatch(/^application\/json\b/);
        expect(standard.headers['content-type'], url).toMatch(/^application\/json\b/);
        expect(fast.headers.vary, url).toBe(standard.headers.vary);
      }
    }
    // Every successful call went the short way (the comparison compared something); every failure
    // was left to tRPC.
    expect(succeeded).toBeGreaterThan(40);
    expect(plainQueryCounts.answered - before).toBe(succeeded);
  });

  it('never runs a mutation on GET, alone or hidden in a batch of queries', async () => {
    const owner = await createUser(getDb(), { role: 'simple' });
    const cookie = await signInCookie(app, owner.email);
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ role: 'tech' })));
    const alone = await get(`/trpc/auth.setRole?input=${input}`, cookie);
    expect(alone.statusCode).toBe(405);
    const batch = await get(`/trpc/auth.me,auth.setRole?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: superjson.serialize({ role: 'tech' }) }))}`, cookie);
    expect(batch.statusCode).not.toBe(200);
    const me = await getDb().selectFrom('users').select('role').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(me.role).toBe('simple');
  });

  it('leaves malformed input and failing calls to tRPC, which answers them as always', async () => {
    for (const url of [
      '/trpc/inquiries.list?input=%7Bnot-json',
      '/trpc/inquiries.list?batch=1&input=%5B1%5D',
      `/trpc/inquiries.list?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ limit: 'many' })))}`,
      '/trpc/no.such.query',
    ]) {
      const before = plainQueryCounts.answered;
      const res = await get(url, cookies.tech);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toEqual((await get(url, cookies.tech, STANDARD)).json());
      expect(plainQueryCounts.answered, url).toBe(before);
    }
  });

  it('remembers a cached answer per viewer only while the cache holds it', async () => {
    const cached = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', readCacheMs: 60_000 });
    try {
      const owner = await createUser(getDb(), { role: 'simple' });
      const tech = await createUser(getDb(), { role: 'tech' });
      const ownerCookie = await signInCookie(cached, owner.email);
      const techCookie = await signInCookie(cached, tech.email);
      await callerFor(getDb(), owner).inquiries.create({ inquiryType: 'service', subject: 'Owner only', description: 'Seen by the owner and technicians' });
      const url = `/trpc/inquiries.list,inquiries.stats?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ limit: 50 }) }))}`;
      const subjects = async (cookie: string) => {
        const res = await cached.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode).toBe(200);
        const [list] = res.json<[{ result: { data: unknown } }]>();
        const page = superjson.deserialize(list.result.data as never) as { items: { subject: string; customerId: string }[] };
        return page.items;
      };
      const first = await subjects(techCookie);
      const before = plainQueryCounts.remembered;
      expect(await subjects(techCookie)).toEqual(first);
      expect(plainQueryCounts.remembered - before).toBe(1);
      // Another viewer is never handed the technician's answer.
      const mine = await subjects(ownerCookie);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((i) => i.customerId === owner.id)).toBe(true);
      expect(first.length).toBeGreaterThan(mine.length);
      // A write through the app drops the cached read: the next answer runs again and shows it.
      const created = await cached.inject({
        method: 'POST',
        url: '/api/customer-inquiries',
        headers: { cookie: ownerCookie },
        payload: { inquiryType: 'service', subject: 'Written through the app', description: 'New' },
      });
      expect(created.statusCode).toBe(201);
      const again = plainQueryCounts.remembered;
      expect((await subjects(techCookie)).map((i) => i.subject)).toContain('Written through the app');
      expect(plainQueryCounts.remembered).toBe(again);
      // A batch that shares one call with an earlier one answers that call from memory, the same as tRPC would.
      const stats = await cached.inject({ method: 'GET', url: '/trpc/inquiries.stats', headers: { cookie: techCookie } });
      const mixedUrl = `/trpc/inquiries.list,inquiries.stats?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ limit: 2 }) }))}`;
      const partly = plainQueryCounts.remembered;
      const mixed = await cached.inject({ method: 'GET', url: mixedUrl, headers: { cookie: techCookie } });
      expect(plainQueryCounts.remembered).toBe(partly + 1);
      expect(mixed.json()).toEqual((await cached.inject({ method: 'GET', url: mixedUrl, headers: { cookie: techCookie, ...STANDARD } })).json());
      expect(mixed.json<unknown[]>()[1]).toEqual(stats.json());
      // A role change makes another viewer: the technician's memory does not follow the owner view.
      const switched = await cached.inject({ method: 'POST', url: '/trpc/auth.setRole', headers: { cookie: techCookie, 'content-type': 'application/json' }, payload: { json: { role: 'simple' } } });
      expect(switched.statusCode).toBe(200);
      expect(await subjects(techCookie)).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});
