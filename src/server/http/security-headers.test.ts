import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { createUser, signInCookie } from '../../../tests/helpers/factories.ts';
import { buildApp } from '../app.ts';

describeEachDatabase('security headers', (getDb) => {
  it('go with every answer, of its kind: API answers and pages, success, error, not found and refused; HSTS only over HTTPS', async () => {
    const app = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', trustProxy: true });
    await app.ready();
    try {
      const answers = await Promise.all([
        app.inject({ method: 'GET', url: '/api/knowledge/search?q=oil' }),
        app.inject({ method: 'GET', url: '/api/auth/user' }),
        app.inject({ method: 'GET', url: '/api/no-such-path' }),
        app.inject({ method: 'POST', url: '/api/customer-inquiries', headers: { 'content-type': 'application/json' }, payload: '{not json' }),
        app.inject({ method: 'POST', url: '/api/login', headers: { origin: 'https://evil.example' }, payload: { email: 'a@b.c', password: 'x' } }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400, 403]);
      for (const res of answers) {
        // Not pages: the API policy (OWASP's for REST answers).
        expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['referrer-policy']).toBeUndefined();
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
      // Pages, also under /api and also when refused, carry the whole browser policy.
      const pages = await Promise.all([
        app.inject({ method: 'GET', url: '/api/login' }),
        app.inject({ method: 'GET', url: '/api/docs' }),
        app.inject({ method: 'POST', url: '/api/login', payload: 'email=nobody%40example.test&password=wrong-password' , headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      ]);
      expect(pages.map((p) => p.statusCode)).toEqual([200, 200, 401]);
      for (const res of pages) {
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        const csp = String(res.headers['content-security-policy']);
        const directives = new Map(csp.split(';').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
        expect(directives.get('default-src')).toBe("'self'");
        expect(directives.get('script-src')).toBe("'self'");
        expect(directives.get('frame-ancestors')).toBe("'none'");
        expect(directives.get('object-src')).toBe("'none'");
        expect(directives.get('style-src')).toBe("'self' 'unsafe-inline'");
        expect(csp).not.toContain('unsafe-eval');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      }
      const overHttps = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await app.close();
    }
  });

  it('answers that belong to someone are stored by no cache and vary on Cookie; the client files keep their caching', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vintech-client-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>VinTech</title></head><body></body></html>');
    writeFileSync(path.join(dir, 'assets/app-AbC123.js'), 'console.log(1);\n');
    const app = await buildApp({
      db: getDb(),
      appName: 'VinTech',
      sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies',
      clientDir: dir,
      rateLimits: { signIn: { limit: 1000, windowMs: 60_000 } },
    });
    onTestFinished(async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await app.ready();
    const user = await createUser(getDb(), { role: 'tech' });
    const cookie = await signInCookie(app, user.email);
    const { token } = (await app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'headers' } })).json<{ token: string }>();
    const bearer = { authorization: `Bearer ${token}` };
    const personal = {
      'REST read': await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }),
      'REST public read with a session': await app.inject({ method: 'GET', url: '/api/knowledge/search?q=oil', headers: { cookie } }),
      'REST with a token': await app.inject({ method: 'GET', url: '/api/tokens', headers: bearer }),
      'tRPC GET query': await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } }),
      'tRPC GET batch': await app.inject({ method: 'GET', url: `/trpc/auth.me,auth.tokens.list?batch=1&input=${encodeURIComponent('{}')}`, headers: { cookie } }),
      'tRPC GET with a token': await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: bearer }),
      'tRPC mutation': await app.inject({ method: 'POST', url: '/trpc/auth.updatePreferences', headers: { cookie }, payload: { json: { darkMode: true } } }),
      'ended session': await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: 'vt.sid=forged.value' } }),
      'refused token': await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: 'Bearer vt_unknown' } }),
    };
    for (const [name, res] of Object.entries(personal)) {
      expect(res.statusCode, name).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(String(res.headers.vary).split(/,\s*/), name).toContain('Cookie');
    }
    expect(personal['tRPC GET query'].json().result.data.json.id).toBe(user.id);
    // The tRPC GET path's own Vary stays.
    expect(String(personal['tRPC GET query'].headers.vary)).toBe('trpc-accept, accept, Cookie');

    // An anonymous API answer may be cached, but only for requests without a Cookie.
    const anonymous = await app.inject({ method: 'GET', url: '/api/knowledge/search?q=oil' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
    expect(anonymous.headers.vary).toBe('Cookie');

    // The built client is the same for everyone, signed in or not.
    const asset = await app.inject({ method: 'GET', url: '/assets/app-AbC123.js', headers: { cookie } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary ?? '').not.toContain('Cookie');
    const shell = await app.inject({ method: 'GET', url: '/garage', headers: { cookie } });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
