import { randomUUID } from 'node:crypto';
import { expect, it, onTestFinished } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { createUser, signInCookie, TEST_PASSWORD, uniqueEmail } from '../../../../tests/helpers/factories.ts';
import { buildApp, type AppOptions } from '../../app.ts';
import type { Database } from '../../db/index.ts';
import { loadEnv } from '../../env.ts';

async function appWith(db: Database, options: Partial<AppOptions>) {
  const app = await buildApp({ db, appName: 'VinTech', sessionSecret: 'sign-in-limits-test-secret-long-enough', ...options });
  onTestFinished(() => app.close());
  return app;
}

describeEachDatabase('sign-in limits', (getDb) => {
  it('behind a proxy that appends the real address (TRUST_PROXY=1), a forged leftmost X-Forwarded-For does not escape the limit', async () => {
    const app = await appWith(getDb(), {
      trustProxy: loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY,
      rateLimits: { signIn: { limit: 3, windowMs: 60_000 } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        // The client wrote a new first address each time; the proxy (10.0.0.9) appended the one it saw.
        remoteAddress: '10.0.0.9',
        headers: { 'x-forwarded-for': `198.51.${i}.${Math.floor(Math.random() * 250) + 1}, 10.0.0.1` },
        payload: { email: uniqueEmail(), password: `wrong ${randomUUID()}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('limits failed passwords per account from any address; a right password is not counted and does not wipe the failures', async () => {
    const app = await appWith(getDb(), { rateLimits: { signIn: { limit: 1000, windowMs: 60_000 } } });
    const user = await createUser(getDb());
    const bystander = await createUser(getDb());
    let n = 0;
    const signIn = (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/login', remoteAddress: `198.51.100.${++n}`, payload: { email, password } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn(user.email, 'wrong password')).statusCode);
    statuses.push((await signIn(user.email, TEST_PASSWORD)).statusCode);
    for (let i = 0; i < 5; i++) statuses.push((await signIn(user.email, 'wrong password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 200, 401, 401, 401, 401, 401]);
    const limited = await signIn(user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many failed password attempts for this account. Please wait 15 minutes and try again.', code: 'TOO_MANY_REQUESTS' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    const page = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email)}&password=anything-at-all`,
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Too many failed password attempts for this account.');
    // Other accounts are not affected.
    expect((await signIn(bystander.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown address is limited the same way, so the limit tells no one which addresses have accounts', async () => {
    const app = await appWith(getDb(), { rateLimits: { signIn: { limit: 1000, windowMs: 60_000 } } });
    const email = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await app.inject({ method: 'POST', url: '/api/login', remoteAddress: `192.0.2.${i + 1}`, payload: { email, password: 'wrong password' } })).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('the current-password check of a password change draws on the same allowance', async () => {
    const app = await appWith(getDb(), { rateLimits: { signIn: { limit: 1000, windowMs: 60_000 } } });
    const user = await createUser(getDb());
    const cookie = await signInCookie(app, user.email);
    const { password_hash: hashBefore } = await getDb().selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    const change = (currentPassword: string) =>
      app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload: { currentPassword, newPassword: 'a brand new password' } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await change('wrong password')).statusCode);
    expect(statuses).toEqual(Array<number>(10).fill(400));
    const limited = await change(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many failed password attempts for this account. Please wait 15 minutes and try again.');
    // Both the REST path and the tRPC call say when to come back.
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    const viaTrpc = await app.inject({
      method: 'POST',
      url: '/trpc/auth.changePassword',
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload: JSON.stringify({ json: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' } }),
    });
    expect(viaTrpc.statusCode).toBe(429);
    expect(Number(viaTrpc.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: TEST_PASSWORD } })).statusCode).toBe(429);
    // The password did not change.
    const stored = await getDb().selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toBe(hashBefore);
  });
});
