import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
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
});
