import { describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { createUser, signInCookie, TEST_PASSWORD } from '../../../tests/helpers/factories.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/index.ts';
import { encodeOnce, isShared, ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  it('shares one load between concurrent reads and reuses it until it expires or its scope is cleared', async () => {
    vi.useFakeTimers();
    const cache = new ReadCache(50);
    let loads = 0;
    // A load that is still running when the second read arrives.
    let release = () => {};
    const load = async () => {
      loads += 1;
      if (loads === 1) await new Promise<void>((r) => (release = r));
      return { loads };
    };
    const first = cache.get('s', 'k', load);
    const second = cache.get('s', 'k', load);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(loads).toBe(1);
    expect(a).toBe(b);
    await cache.get('s', 'other', load);
    expect(loads).toBe(2);
    cache.invalidate('s');
    await cache.get('s', 'k', load);
    expect(loads).toBe(3);
    vi.advanceTimersByTime(60);
    await cache.get('s', 'k', load);
    expect(loads).toBe(4);
    vi.useRealTimers();
  });

  it('encodes a value it handed out once per encoder, and anything else every time', async () => {
    const cache = new ReadCache(1000);
    const list = await cache.get('s', 'k', async () => [{ id: 1 }, { id: 2 }]);
    expect(isShared(list)).toBe(true);
    let encodings = 0;
    const encode = (value: unknown) => {
      encodings += 1;
      return JSON.stringify(value);
    };
    expect(encodeOnce(list, encode)).toBe('[{"id":1},{"id":2}]');
    expect(encodeOnce(await cache.get('s', 'k', async () => []), encode)).toBe('[{"id":1},{"id":2}]');
    expect(encodings).toBe(1);
    expect(encodeOnce(list, (value) => `other:${JSON.stringify(value)}`)).toBe('other:[{"id":1},{"id":2}]');
    const fresh = [{ id: 3 }];
    expect(isShared(fresh)).toBe(false);
    encodeOnce(fresh, encode);
    encodeOnce(fresh, encode);
    expect(encodings).toBe(3);
  });

  it('joins the same parts once while they come together again, and within a budget of its own', () => {
    const cache = new ReadCache(60_000, { maxBytes: 200_000, maxEntries: 1_000 });
    let joins = 0;
    const join = (parts: readonly Buffer[]) => {
      joins += 1;
      return Buffer.concat(parts);
    };
    const a = Buffer.from('[1]');
    const b = Buffer.from('[2]');
    const whole = cache.joined('k', [a, b], join);
    expect(whole.toString()).toBe('[1][2]');
    expect(cache.joined('k', [a, b], join)).toBe(whole);
    expect(joins).toBe(1);
    // The same text in another buffer is another value (read again): joined afresh.
    const again = cache.joined('k', [a, Buffer.from('[2]')], join);
    expect(again).not.toBe(whole);
    expect(joins).toBe(2);
    expect(cache.joined('k', [a], join).toString()).toBe('[1]');
    expect(joins).toBe(3);
    const part = Buffer.alloc(10_000, 'x');
    for (let i = 0; i < 100; i++) cache.joined(`many${i}`, [part, Buffer.from(String(i))], join);
    expect(cache.bytes).toBeLessThanOrEqual(50_000);
    const off = new ReadCache(0);
    off.joined('k', [a, b], join);
    off.joined('k', [a, b], join);
    expect(joins).toBe(105);
  });

  it('forgets failed loads and passes through when disabled', async () => {
    const cache = new ReadCache(1000);
    await expect(cache.get('s', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(cache.get('s', 'k', async () => 'up')).resolves.toBe('up');
    const off = new ReadCache(0);
    let loads = 0;
    await off.get('s', 'k', async () => ++loads);
    await off.get('s', 'k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('holds at most its byte budget however many distinct reads come, and a value too large not at all', async () => {
    const cache = new ReadCache(60_000, { maxBytes: 200_000, maxEntries: 1_000 });
    const row = 'x'.repeat(1_000);
    for (let i = 0; i < 500; i++) await cache.get('s', `k${i}`, async () => [row, i]);
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
    expect(cache.size).toBeLessThan(500);
    expect(cache.size).toBeGreaterThan(10);
    let loads = 0;
    const huge = async () => {
      loads += 1;
      return ['y'.repeat(100_000)];
    };
    await cache.get('s', 'huge', huge);
    await cache.get('s', 'huge', huge);
    expect(loads).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(200_000);
  });
});

/** An app whose hot list reads stay cached for a minute, unless a write through it clears them. */
async function cachingApp(db: Database) {
  const app = await buildApp({ db, appName: 'VinTech', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', readCacheMs: 60_000 });
  await app.ready();
  return app;
}

describeEachDatabase('hot list reads through the micro-cache', (getDb) => {
  it('serve a repeated list from memory and show a write of this process at once', async () => {
    const db = getDb();
    const app = await cachingApp(db);
    try {
      const tech = await createUser(db, { role: 'tech' });
      const cookie = await signInCookie(app, tech.email, TEST_PASSWORD);
      const list = async () => (await app.inject({ method: 'GET', url: '/api/service-centers', headers: { cookie } })).json() as { name: string }[];
      const before = await list();
      // A row written behind the app's back is not seen while the read is cached...
      await db.insertInto('service_centers').values({ name: 'Behind The Back', address: '1 A St', city: 'X', state: 'Y' }).execute();
      expect((await list()).map((c) => c.name)).toEqual(before.map((c) => c.name));
      // ...but a write through the app clears the cache: both rows show.
      const created = await app.inject({
        method: 'POST',
        url: '/api/service-centers',
        headers: { cookie },
        payload: { name: 'Through The App', address: '2 B St', city: 'X', state: 'Y' },
      });
      expect(created.statusCode).toBe(201);
      const names = (await list()).map((c) => c.name);
      expect(names).toContain('Behind The Back');
      expect(names).toContain('Through The App');
    } finally {
      await app.close();
    }
  });

  it("answer a GET the same viewer repeats from the held list without running the procedure, and nobody else's", async () => {
    const db = getDb();
    const app = await cachingApp(db);
    try {
      const tech = await createUser(db, { role: 'tech' });
      const cookie = await signInCookie(app, tech.email, TEST_PASSWORD);
      const reads = vi.spyOn(app.readCache, 'get');
      const list = async (headers: Record<string, string>) => {
        const res = await app.inject({ method: 'GET', url: '/api/service-centers', headers });
        expect(res.statusCode).toBe(200);
        return res.body;
      };
      const first = await list({ cookie });
      expect(reads).toHaveBeenCalledTimes(1);
      expect(await list({ cookie })).toBe(first);
      expect(reads).toHaveBeenCalledTimes(1);
      // A visitor's call runs the procedure (its own read), and is then recalled for visitors.
      await list({});
      expect(reads).toHaveBeenCalledTimes(2);
      await list({});
      expect(reads).toHaveBeenCalledTimes(2);
      // A write through the app drops the held list: the next call runs again.
      await app.inject({ method: 'POST', url: '/api/service-centers', headers: { cookie }, payload: { name: 'Drops The List', address: '5 E St', city: 'X', state: 'Y' } });
      expect(await list({ cookie })).toContain('Drops The List');
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      await app.close();
    }
  });

  it('keep what visitors and signed-in users may see apart', async () => {
    const db = getDb();
    const app = await cachingApp(db);
    try {
      const tech = await createUser(db, { role: 'tech' });
      const cookie = await signInCookie(app, tech.email, TEST_PASSWORD);
      await db.insertInto('service_centers').values({ name: 'Closed For Good', address: '3 C St', city: 'X', state: 'Y', is_active: false }).execute();
      await app.inject({ method: 'POST', url: '/api/service-centers', headers: { cookie }, payload: { name: 'Clears The Cache', address: '4 D St', city: 'X', state: 'Y' } });
      const names = async (headers: Record<string, string>) =>
        ((await app.inject({ method: 'GET', url: '/api/service-centers', headers })).json() as { name: string }[]).map((c) => c.name);
      // Twice each, so the second answer of each viewer comes from the cache.
      for (let round = 0; round < 2; round++) {
        expect(await names({ cookie })).toContain('Closed For Good');
        expect(await names({})).not.toContain('Closed For Good');
      }
    } finally {
      await app.close();
    }
  });
});
