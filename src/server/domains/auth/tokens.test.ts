import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, createUser, signInCookie, TEST_PASSWORD } from '../../../../tests/helpers/factories.ts';
import { buildApp } from '../../app.ts';

describeEachDatabase('API tokens, password change and session expiry', (getDb) => {
  let app: FastifyInstance;

  /** An app whose memory of sessions and users lasts `ms` (0: it reads them every time, as another process would). */
  async function appRememberingAuthFor(ms: number): Promise<FastifyInstance> {
    const instance = await buildApp({
      db: getDb(),
      appName: 'VinTech',
      sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
      authCacheMs: ms,
      rateLimits: { signIn: { limit: 1000, windowMs: 60_000 } },
    });
    onTestFinished(() => instance.close());
    return instance;
  }
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });


  it('creates a token shown once, authenticates REST and tRPC with it, lists and revokes it', async () => {
    const user = await createUser(getDb(), { role: 'tech' });
    const cookie = await signInCookie(app, user.email);
    const created = await app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'Workshop script' } });
    expect(created.statusCode).toBe(201);
    const { token, id, prefix } = created.json();
    expect(token).toMatch(/^vt_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(prefix)).toBe(true);
    const stored = await getDb().selectFrom('api_tokens').select(['token_hash']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);

    const bearer = { authorization: `Bearer ${token}` };
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    const viaTrpc = await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: bearer });
    expect(viaTrpc.statusCode).toBe(200);
    expect(viaTrpc.json().result.data.json.id).toBe(user.id);

    const list = await app.inject({ method: 'GET', url: '/api/tokens', headers: bearer });
    expect(list.json()).toEqual([expect.objectContaining({ id, name: 'Workshop script', prefix })]);
    expect(list.json()[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.json())).not.toContain(token);

    const revoke = await app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { cookie } });
    expect(revoke.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Invalid or revoked API token', code: 'UNAUTHORIZED' });
  });

  it('refuses unknown tokens and client-session bearer values with 401, and other users tokens with 404', async () => {
    const encodedSession = Buffer.from(JSON.stringify({ userId: 'temp-1', role: 'tech' })).toString('base64');
    for (const value of [`Bearer ${encodedSession}`, 'Bearer vt_unknown', 'Basic abc', 'Bearer']) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: value } });
      expect(res.statusCode, value).toBe(401);
    }
    const owner = await createUser(getDb());
    const other = await createUser(getDb());
    const ownerCookie = await signInCookie(app, owner.email);
    const { id } = (
      await app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie: ownerCookie }, payload: { name: 'mine' } })
    ).json();
    const otherCookie = await signInCookie(app, other.email);
    const steal = await app.inject({ method: 'DELETE', url: `/api/tokens/${id}`, headers: { cookie: otherCookie } });
    expect(steal.statusCode).toBe(404);
    const bad = await app.inject({ method: 'DELETE', url: '/api/tokens/not-a-uuid', headers: { cookie: otherCookie } });
    expect(bad.statusCode).toBe(400);
    const empty = await app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie: otherCookie }, payload: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Name is required');
    const anonymous = await app.inject({ method: 'GET', url: '/api/tokens' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rate-limits requests per token', async () => {
    const limited = await buildApp({
      db: getDb(),
      appName: 'VinTech',
      sessionSecret: 'token-limit-test-secret-long-enough-for-it',
      rateLimits: { apiToken: { limit: 2, windowMs: 60_000 }, signIn: { limit: 100, windowMs: 60_000 } },
    });
    try {
      const user = await createUser(getDb());
      const cookie = await signInCookie(limited, user.email);
      const { token } = (
        await limited.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'fast' } })
      ).json();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.inject({ method: 'GET', url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('a password change ends the other sessions but keeps the current one', async () => {
    const user = await createUser(getDb());
    const here = await signInCookie(app, user.email);
    const elsewhere = await signInCookie(app, user.email);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: here },
      payload: { currentPassword: 'nope nope', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const short = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: here },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: here },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: here } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: elsewhere } })).statusCode).toBe(401);
    await expect(signInCookie(app, user.email)).rejects.toThrow();
    await expect(signInCookie(app, user.email, 'a brand new password')).resolves.toMatch(/^vt\.sid=/);
  });

  it('ends sessions that were idle too long or are too old, and removes them from the database', async () => {
    // Reads every session from the database, as a process that did not create it would.
    const app = await appRememberingAuthFor(0);
    const day = 24 * 60 * 60_000;
    for (const [createdAgo, seenAgo] of [
      [31 * day, 1 * day],
      [10 * day, 8 * day],
    ] as const) {
      const user = await createUser(getDb());
      const cookie = await signInCookie(app, user.email);
      const row = await getDb().selectFrom('sessions').select(['sid', 'sess']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      const sess = { ...row.sess, createdAt: Date.now() - createdAgo, lastSeenAt: Date.now() - seenAgo };
      await getDb().updateTable('sessions').set({ sess: JSON.stringify(sess) }).where('sid', '=', row.sid).execute();
      const res = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(res.statusCode).toBe(401);
      expect(await getDb().selectFrom('sessions').select('sid').where('sid', '=', row.sid).executeTakeFirst()).toBeUndefined();
    }
    const fresh = await createUser(getDb());
    const cookie = await signInCookie(app, fresh.email);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('reuses a session it read for a moment only: a session deleted elsewhere stops working within the cache time', async () => {
    const cached = await appRememberingAuthFor(300);
    const user = await createUser(getDb());
    const cookie = await signInCookie(cached, user.email);
    await getDb().deleteFrom('sessions').where('user_id', '=', user.id).execute();
    // Served from this process's memory: no database read for the session or the user.
    expect((await cached.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    await expect
      .poll(async () => (await cached.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode, {
        timeout: 3000,
        interval: 100,
      })
      .toBe(401);
  });

  it('reuses a user it read for a moment only, even while requests keep coming: a role changed elsewhere shows', async () => {
    const cached = await appRememberingAuthFor(300);
    const user = await createUser(getDb(), { role: 'simple' });
    const cookie = await signInCookie(cached, user.email);
    const role = async () => (await cached.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json<{ role: string }>().role;
    expect(await role()).toBe('simple');
    // As another process would: straight to the database.
    await getDb().updateTable('users').set({ role: 'tech' }).where('id', '=', user.id).execute();
    // Asked far more often than the memory lasts: each hit must not extend it.
    await expect.poll(role, { timeout: 3000, interval: 20 }).toBe('tech');
  });
});
