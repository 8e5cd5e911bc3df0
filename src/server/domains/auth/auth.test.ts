import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie, TEST_PASSWORD, uniqueEmail } from '../../../../tests/helpers/factories.ts';
import { buildApp } from '../../app.ts';
import { findUserById } from './repository.ts';
import { SIGNED_UP_MESSAGE } from './rest.ts';

describeEachDatabase('accounts', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  const userCount = async () =>
    Number((await getDb().selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('signs up with JSON, starts a session and answers the user without the hash', async () => {
    const email = uniqueEmail();
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { email: email.toUpperCase(), password: 'long enough', firstName: 'Ada' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: SIGNED_UP_MESSAGE });
    const cookie = res.cookies.find((c) => c.name === 'vt.sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `vt.sid=${cookie?.value}` } });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({ email, firstName: 'Ada', lastName: null, role: null, profileImageUrl: null });
    expect(Object.keys(body).sort()).toEqual(
      ['createdAt', 'currentShopId', 'email', 'firstName', 'id', 'isAdmin', 'lastName', 'preferences', 'profileImageUrl', 'role', 'updatedAt'].sort(),
    );
    expect(body.preferences).toEqual({
      guidanceLevel: 'basic',
      autoScan: false,
      darkMode: false,
      notifications: true,
      emailNotifications: true,
      emailCadence: 'each',
      assistantEnabled: true,
      distanceUnit: 'mi',
      volumeUnit: 'gal',
      currency: 'USD',
      locale: 'en-US',
      camera: { mode: 'Auto', resolution: '1080p', quality: 'High', grid: true },
    });
    const stored = await getDb().selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(stored.password_hash).not.toContain('long enough');
  });

  it('refuses bad sign-ups with 400 and stores nothing', async () => {
    const before = await userCount();
    const cases = [
      { payload: { email: 'not-an-email', password: 'long enough' }, status: 400, message: 'Enter a valid email address' },
      { payload: { email: uniqueEmail(), password: 'short' }, status: 400, message: 'Password must be at least 8 characters' },
      { payload: { password: 'long enough' }, status: 400, message: 'Email is required' },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: 'POST', url: '/api/signup', payload: c.payload });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      expect(res.json().message).toContain(c.message);
    }
    expect(await userCount()).toBe(before);
  });

  it('answers a sign-up for a taken address exactly like one for a new address, and changes nothing of the account', async () => {
    const existing = await createUser(getDb());
    const before = await userCount();
    const signUp = (email: string) =>
      app.inject({ method: 'POST', url: '/api/signup', payload: { email, password: 'chosen by someone else', firstName: 'Mallory' } });
    const fresh = await signUp(uniqueEmail());
    const taken = await signUp(existing.email);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.body).toBe(fresh.body);
    const cookieShape = (res: typeof fresh) => {
      const cookie = res.cookies.find((c) => c.name === 'vt.sid');
      return { ...cookie, value: cookie?.value.length, expires: undefined, maxAge: Math.round((cookie?.maxAge ?? 0) / 100) };
    };
    expect(cookieShape(taken)).toEqual(cookieShape(fresh));
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // Only the new address got an account and a session.
    expect(await userCount()).toBe(before + 1);
    const me = (res: typeof fresh) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `vt.sid=${res.cookies.find((c) => c.name === 'vt.sid')?.value}` } });
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await me(taken)).statusCode).toBe(401);
    await expect(signInCookie(app, existing.email, 'chosen by someone else')).rejects.toThrow();
    await expect(signInCookie(app, existing.email)).resolves.toMatch(/^vt\.sid=/);
    const stored = await getDb().selectFrom('users').select(['first_name']).where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(stored.first_name).toBeNull();
  });

  it('the sign-up form leads a new address into the app and a taken one to the sign-in page with a notice', async () => {
    const existing = await createUser(getDb());
    const form = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/signup',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `email=${encodeURIComponent(email)}&password=long+enough+password`,
      });
    const fresh = await form(uniqueEmail());
    const taken = await form(existing.email);
    for (const res of [fresh, taken]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/api/login?signup=done');
    }
    expect(taken.body).toBe(fresh.body);
    const follow = (res: typeof fresh) =>
      app.inject({ method: 'GET', url: '/api/login?signup=done', headers: { cookie: `vt.sid=${res.cookies.find((c) => c.name === 'vt.sid')?.value}` } });
    const signedIn = await follow(fresh);
    expect(signedIn.statusCode).toBe(303);
    expect(signedIn.headers.location).toBe('/');
    const page = await follow(taken);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('If you already had an account with this email address, nothing was changed: sign in with its password.');
    expect(page.body).toContain('action="/api/login"');
  });

  it('shows form errors in the HTML page for a form post', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=bad&password=short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Enter a valid email address');
    expect(res.body).toContain('Password must be at least 8 characters');
    expect(res.body).toContain('value="bad"');
  });

  it('answers one generic message for a wrong password and an unknown email', async () => {
    const user = await createUser(getDb());
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'wrong password' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/login', payload: { email: uniqueEmail(), password: 'whatever1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('rate-limits sign-in attempts with 429', async () => {
    const limited = await buildApp({
      db: getDb(),
      appName: 'VinTech',
      sessionSecret: 'another-test-secret-long-enough-for-cookies',
      rateLimits: { signIn: { limit: 3, windowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '203.0.113.77',
          payload: { email: uniqueEmail(), password: 'wrong password' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('saves the role choice and preferences on the server', async () => {
    const user = await createUser(getDb(), { role: null });
    const caller = callerFor(getDb(), user);
    const tech = await caller.auth.setRole({ role: 'tech' });
    expect(tech.role).toBe('tech');
    expect(tech.preferences.guidanceLevel).toBe('detailed');
    const prefs = await callerFor(getDb(), tech).auth.updatePreferences({ darkMode: true });
    expect(prefs.preferences).toMatchObject({ darkMode: true, guidanceLevel: 'detailed' });
    const units = await callerFor(getDb(), prefs).auth.updatePreferences({ distanceUnit: 'km', volumeUnit: 'L', currency: 'EUR', locale: 'de-DE' });
    expect(units.preferences).toMatchObject({ darkMode: true, distanceUnit: 'km', volumeUnit: 'L', currency: 'EUR', locale: 'de-DE' });
    for (const bad of [{ distanceUnit: 'furlong' }, { volumeUnit: 'barrel' }, { currency: 'usd' }, { currency: 'XXX' }, { locale: 'xx-YY' }, { locale: 'en-US'.repeat(50) }]) {
      await expect(caller.auth.updatePreferences(bad as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    // A stored value no longer offered falls back to the default instead of resetting every preference.
    await getDb().updateTable('users').set({ preferences: JSON.stringify({ darkMode: true, distanceUnit: 'league', currency: 'EUR' }) }).where('id', '=', user.id).execute();
    const reread = await findUserById(getDb(), user.id);
    expect(reread?.preferences).toMatchObject({ darkMode: true, distanceUnit: 'mi', currency: 'EUR' });
    await expect(callerFor(getDb(), null).auth.setRole({ role: 'tech' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(
      caller.auth.updatePreferences({ darkMode: 'yes' } as unknown as { darkMode: boolean }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses cross-site state changes, oversized bodies and unknown API paths cleanly', async () => {
    const user = await createUser(getDb());
    const cookie = await signInCookie(app, user.email);
    const cross = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(200);
    const big = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(400_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(bad.statusCode).toBe(400);
    const proto = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@b.c", "password": "x"}',
    });
    expect(proto.statusCode).toBe(400);
    const missing = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect(TEST_PASSWORD.length).toBeGreaterThan(8);
  });
});
