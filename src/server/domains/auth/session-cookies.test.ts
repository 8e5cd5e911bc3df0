import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, createUser, signInCookie, TEST_PASSWORD } from '../../../../tests/helpers/factories.ts';
import { buildApp } from '../../app.ts';

/** The session cookie: issued at sign-in, replaced, scoped, refused when forged, shared by instances. */
describeEachDatabase('sessions', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('regenerates the session id at sign-in and ends it at sign-out', async () => {
    const user = await createUser(getDb());
    const planted = await app.inject({ method: 'GET', url: '/api/login' });
    expect(planted.statusCode).toBe(200);
    const cookie = await signInCookie(app, user.email);
    const sid = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0] ?? '';
    expect(await getDb().selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeDefined();
    const out = await app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/');
    expect(await getDb().selectFrom('sessions').select('sid').where('sid', '=', sid).executeTakeFirst()).toBeUndefined();
    const after = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('signing in again with a session replaces it: the old id stops working', async () => {
    const user = await createUser(getDb());
    const first = await signInCookie(app, user.email);
    const again = await app.inject({ method: 'POST', url: '/api/login', headers: { cookie: first }, payload: { email: user.email, password: TEST_PASSWORD } });
    expect(again.statusCode).toBe(200);
    const second = again.cookies.find((c) => c.name === 'vt.sid');
    expect(second?.value).toBeDefined();
    expect(`vt.sid=${second?.value}`).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: first } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `vt.sid=${second?.value}` } })).statusCode).toBe(200);
    expect(await getDb().selectFrom('sessions').select('sid').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  it('sets the session cookie host-wide, for 30 days, Secure over HTTPS only, and clears it at sign-out', async () => {
    const proxied = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', trustProxy: true });
    try {
      const user = await createUser(getDb());
      for (const [headers, secure] of [[{}, false], [{ 'x-forwarded-proto': 'https' }, true]] as const) {
        const res = await proxied.inject({ method: 'POST', url: '/api/login', headers, payload: { email: user.email, password: TEST_PASSWORD } });
        const cookie = res.cookies.find((c) => c.name === 'vt.sid');
        expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
        expect(Boolean(cookie?.secure)).toBe(secure);
        expect(cookie?.maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
        expect(cookie?.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
        expect(new Date(cookie?.expires ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
        const out = await proxied.inject({ method: 'POST', url: '/api/logout', headers: { ...headers, cookie: `vt.sid=${cookie?.value}` } });
        const cleared = out.cookies.find((c) => c.name === 'vt.sid');
        expect(cleared?.value).toBe('');
        expect(new Date(cleared?.expires ?? Date.now()).getTime()).toBe(0);
      }
    } finally {
      await proxied.close();
    }
  });

  it('treats forged and malformed cookies as signed out', async () => {
    for (const cookie of ['vt.sid=forged.value', 'vt.sid=%%%', 'vt.sid=', 'garbage']) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json()).toEqual({ message: 'Not signed in', code: 'UNAUTHORIZED' });
    }
  });

  it('a session made by one app instance is valid on another on the same database', async () => {
    const user = await createUser(getDb());
    const cookie = await signInCookie(app, user.email);
    const other = await buildTestApp(getDb());
    try {
      const res = await other.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(user.id);
    } finally {
      await other.close();
    }
  });
});
