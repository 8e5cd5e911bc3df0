import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../tests/helpers/factories.ts';
import { createShop } from '../../../tests/helpers/inquiries.ts';
import { buildApp } from '../app.ts';
import { appRouter } from '../router.ts';
import { MAX_BATCH_CALLS } from './trpc-queries.ts';

/** Every query procedure's path, read from the router for the test's coverage only. */
const QUERY_PATHS = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
  .filter(([, procedure]) => procedure._def.type === 'query')
  .map(([path]) => path);

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
    const shop = await createShop(getDb(), [{ userId: tech.id, role: 'technician' }]);
    await callerFor(getDb(), owner).inquiries.create({ inquiryType: 'service', subject: 'Brake noise', description: 'Squeals when stopping', serviceCenterId: shop.id });
    await callerFor(getDb(), tech).serviceCenters.create({ name: 'Query Garage', address: '1 Main St', city: 'Springfield', state: 'IL' });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (url: string, cookie: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...extra } });

  it('answers every query exactly as tRPC does, for visitors, owners and technicians, alone and batched', async () => {
    const inquiryPage = encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ limit: 25 }), 1: superjson.serialize(undefined) }));
    const urls = [
      ...QUERY_PATHS.map((path) => `/trpc/${path}`),
      ...QUERY_PATHS.map((path) => `/trpc/${path},serviceCenters.all?batch=1&input=%7B%7D`),
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
    // The comparison compared answers, not only refusals.
    expect(succeeded).toBeGreaterThan(40);
    expect(QUERY_PATHS.length).toBeGreaterThan(20);
  });

  it('never runs a mutation on GET, alone or hidden in a batch of queries', async () => {
    const owner = await createUser(getDb(), { role: 'simple' });
    const cookie = await signInCookie(app, owner.email);
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ role: 'tech' })));
    const alone = await get(`/trpc/auth.setRole?input=${input}`, cookie);
    expect(alone.statusCode).toBe(404);
    expect(alone.json().error.json.message).toBe('No "query"-procedure on path "auth.setRole"');
    const batch = await get(`/trpc/auth.me,auth.setRole?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: superjson.serialize({ role: 'tech' }) }))}`, cookie);
    expect(batch.statusCode).not.toBe(200);
    const me = await getDb().selectFrom('users').select('role').where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(me.role).toBe('simple');
  });

  it("answers failing calls in tRPC's own shape and status, and a batch of mixed outcomes with 207", async () => {
    const badInput = encodeURIComponent(JSON.stringify(superjson.serialize({ limit: 'many' })));
    const mixed = encodeURIComponent(JSON.stringify({ 0: superjson.serialize({ limit: 'many' }) }));
    const otherShop = encodeURIComponent(JSON.stringify(superjson.serialize({ serviceCenterId: randomUUID(), from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' })));
    for (const [url, who, status] of [
      [`/trpc/inquiries.list?input=${badInput}`, 'tech', 400],
      ['/trpc/inquiries.stats', 'anonymous', 401],
      [`/trpc/analytics.overview?input=${otherShop}`, 'owner', 404],
      [`/trpc/inquiries.list,serviceCenters.all?batch=1&input=${mixed}`, 'tech', 207],
      ['/trpc/inquiries.stats,inquiries.stats?batch=1', 'anonymous', 401],
    ] as const) {
      const fast = await get(url, cookies[who]);
      expect(fast.statusCode, url).toBe(status);
      const standard = await get(url, cookies[who], STANDARD);
      expect(standard.statusCode, url).toBe(status);
      expect(fast.json(), url).toEqual(standard.json());
    }
  });

  it('refuses a batch of more than the allowed calls, on both paths, before running any', async () => {
    const calls = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => 'inquiries.list').join(',');
    for (const headers of [{}, STANDARD]) {
      const res = await get(`/trpc/${calls}?batch=1&input=%7B%7D`, cookies.tech, headers);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('Batch call exceeds maximum size');
    }
    const allowed = Array.from({ length: MAX_BATCH_CALLS }, () => 'serviceCenters.all').join(',');
    expect((await get(`/trpc/${allowed}?batch=1&input=%7B%7D`, cookies.tech)).statusCode).toBe(200);
  });

  it("gives a viewer who repeats a call the held value, never another viewer's, and drops it on writes and role changes", async () => {
    const cached = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', readCacheMs: 60_000 });
    try {
      const owner = await createUser(getDb(), { role: 'simple' });
      const tech = await createUser(getDb(), { role: 'tech' });
      const ownerCookie = await signInCookie(cached, owner.email);
      const techCookie = await signInCookie(cached, tech.email);
      const shop = await createShop(getDb(), [{ userId: tech.id, role: 'technician' }]);
      await callerFor(getDb(), owner).inquiries.create({ inquiryType: 'service', subject: 'Owner only', description: 'Seen by the owner and the shop', serviceCenterId: shop.id });
      const url = (extra: Record<string, unknown> = {}) =>
        `/trpc/inquiries.list,inquiries.stats?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { ...superjson.serialize({ limit: 50 }), ...extra } }))}`;
      const subjects = async (cookie: string, extra: Record<string, unknown> = {}) => {
        const res = await cached.inject({ method: 'GET', url: url(extra), headers: { cookie } });
        expect(res.statusCode).toBe(200);
        const [list] = res.json<[{ result: { data: unknown } }]>();
        const page = superjson.deserialize(list.result.data as never) as { items: { subject: string; customerId: string }[] };
        return page.items;
      };
      const first = await subjects(techCookie);
      // A row written behind the app's back is not seen while the read is held, whatever the
      // envelope carries besides the input.
      await getDb().insertInto('customer_inquiries').values({ customer_id: owner.id, service_center_id: shop.id, inquiry_type: 'service', subject: 'Behind the back', description: 'x' }).execute();
      expect(await subjects(techCookie)).toEqual(first);
      expect(await subjects(techCookie, { ignored: 1 })).toEqual(first);
      // Another viewer is never handed the technician's answer.
      const mine = await subjects(ownerCookie);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((i) => i.customerId === owner.id)).toBe(true);
      expect(first.length).toBeGreaterThan(0);
      expect(mine.map((i) => i.subject)).toContain('Behind the back');
      expect(first.map((i) => i.subject)).not.toContain('Behind the back');
      // A write through the app drops the held read: the next answer runs again and shows both rows.
      const created = await cached.inject({
        method: 'POST',
        url: '/api/customer-inquiries',
        headers: { cookie: ownerCookie },
        payload: { inquiryType: 'service', subject: 'Written through the app', description: 'New', serviceCenterId: shop.id },
      });
      expect(created.statusCode).toBe(201);
      expect((await subjects(techCookie)).map((i) => i.subject)).toEqual(expect.arrayContaining(['Written through the app', 'Behind the back']));
      // A mode switch grants nothing and takes nothing: the staff member still reads their shop's rows.
      const before = await subjects(techCookie);
      const switched = await cached.inject({ method: 'POST', url: '/trpc/auth.setRole', headers: { cookie: techCookie, 'content-type': 'application/json' }, payload: { json: { role: 'simple' } } });
      expect(switched.statusCode).toBe(200);
      expect(await subjects(techCookie)).toEqual(before);
    } finally {
      await cached.close();
    }
  });

  it('leaves malformed input to tRPC, which answers it as always', async () => {
    for (const url of ['/trpc/inquiries.list?input=%7Bnot-json', '/trpc/inquiries.list?batch=1&input=%5B1%5D']) {
      const res = await get(url, cookies.tech);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json(), url).toEqual((await get(url, cookies.tech, STANDARD)).json());
    }
  });
});
