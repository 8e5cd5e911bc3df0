import type { FastifyInstance } from 'fastify';
import { expect, it, onTestFinished } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { createUser, signInCookie, TEST_PASSWORD } from '../../../../tests/helpers/factories.ts';
import { buildApp } from '../../app.ts';
import type { AuthCache } from './cache.ts';

/**
 * Makes the next session read of `cache` arrive late: what the read found is handed to the memory
 * only when `letGo` is called, as when a database answer is still on its way (on PostgreSQL a
 * sign-out on another connection can commit in between).
 */
function delayNextSessionRead(cache: AuthCache) {
  const remember = cache.setSession.bind(cache);
  let armed = true;
  let reachedNow: () => void = () => {};
  let release: () => void = () => {};
  const reached = new Promise<void>((resolve) => (reachedNow = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let remembered: Promise<void> = Promise.resolve();
  cache.setSession = (...args: Parameters<AuthCache['setSession']>) => {
    if (!armed) return remember(...args);
    armed = false;
    remembered = released.then(() => remember(...args));
    reachedNow();
  };
  return {
    reached,
    /** Lets the late answer in and waits until it was handed over. */
    async letGo() {
      release();
      await remembered;
    },
  };
}

const secret = 'session-end-test-secret-long-enough-to-sign';

describeEachDatabase('an ended session stays ended', (getDb) => {
  /** Two processes on one database: `elsewhere` signs people in; `here` remembers sessions for a minute. */
  async function twoProcesses(): Promise<{ elsewhere: FastifyInstance; here: FastifyInstance }> {
    const limits = { signIn: { limit: 1000, windowMs: 60_000 } };
    const elsewhere = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: secret, rateLimits: limits });
    const here = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: secret, rateLimits: limits, authCacheMs: 60_000 });
    onTestFinished(async () => {
      await elsewhere.close();
      await here.close();
    });
    return { elsewhere, here };
  }

  it('a sign-out is final even while a request that read the session is still under way', async () => {
    const { elsewhere, here } = await twoProcesses();
    const user = await createUser(getDb());
    const cookie = await signInCookie(elsewhere, user.email);
    const late = delayNextSessionRead(here.authCache);
    const inFlight = here.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    await late.reached;
    expect((await here.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    await late.letGo();
    // The request that read the session before the sign-out finishes as it began.
    expect((await inFlight).statusCode).toBe(200);
    // Nothing it read may come back: the next request is signed out.
    expect((await here.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a password change is final for the other sessions even while one of them is being read', async () => {
    const { elsewhere, here } = await twoProcesses();
    const user = await createUser(getDb());
    const current = await signInCookie(elsewhere, user.email);
    const other = await signInCookie(elsewhere, user.email);
    const late = delayNextSessionRead(here.authCache);
    const inFlight = here.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other } });
    await late.reached;
    const changed = await here.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: current },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another long password' },
    });
    expect(changed.statusCode).toBe(204);
    await late.letGo();
    expect((await inFlight).statusCode).toBe(200);
    expect((await here.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await here.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: current } })).statusCode).toBe(200);
  });

  it('a password change revokes the API tokens; a request made with a token cannot create tokens', async () => {
    const { here } = await twoProcesses();
    const user = await createUser(getDb());
    const cookie = await signInCookie(here, user.email);
    const create = (headers: Record<string, string>, name: string) =>
      here.inject({ method: 'POST', url: '/api/tokens', headers, payload: { name } });
    const { token } = (await create({ cookie }, 'script')).json<{ token: string }>();
    const bearer = { authorization: `Bearer ${token}` };
    expect((await here.inject({ method: 'GET', url: '/api/auth/user', headers: bearer })).statusCode).toBe(200);

    const byToken = await create(bearer, 'minted by a token');
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toMatchObject({ message: 'An API token cannot create API tokens: sign in to create one', code: 'FORBIDDEN' });
    const byTokenTrpc = await here.inject({ method: 'POST', url: '/trpc/auth.tokens.create', headers: bearer, payload: { json: { name: 'minted' } } });
    expect(byTokenTrpc.statusCode).toBe(403);
    const names = (await here.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } })).json<{ name: string }[]>().map((t) => t.name);
    expect(names).toEqual(['script']);

    const changed = await here.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another long password' },
    });
    expect(changed.statusCode).toBe(204);
    const after = await here.inject({ method: 'GET', url: '/api/auth/user', headers: bearer });
    expect(after.statusCode).toBe(401);
    expect((await here.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } })).json()).toEqual([]);
  });
});
