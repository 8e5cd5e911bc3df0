import { randomUUID } from 'node:crypto';
import { expect, it, onTestFinished } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { uniqueEmail } from '../../../../tests/helpers/factories.ts';
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
});
