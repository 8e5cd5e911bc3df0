import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { buildApp } from './app.ts';

/** A client build in miniature, laid out as the real one: index.html and hashed assets with their compressed copies. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vintech-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><title>VinTech</title></head><body><div id="root"></div></body></html>');
  const script = Buffer.from(`console.log(${JSON.stringify('diagnostics '.repeat(400))});\n`);
  writeFileSync(path.join(dir, 'assets/index-AbC123.js'), script);
  writeFileSync(path.join(dir, 'assets/index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets/index-AbC123.js.gz'), gzipSync(script));
  writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'VinTech', start_url: '/' }));
  return dir;
}

describeEachDatabase('the built client', (getDb) => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = fakeClientBuild();
    app = await buildApp({ db: getDb(), appName: 'VinTech', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', clientDir: dir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the compressed copy the browser accepts, cached for good, and the plain file to others', async () => {
    const original = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-encoding']).toBeUndefined();
    expect(original.headers['content-type']).toMatch(/javascript/);
    const plain = original.rawPayload;

    const br = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 5);
    expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true);

    const gz = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true);
  });

  it('serves the page shell for client routes, never cached, with the page policy', async () => {
    const page = await app.inject({ method: 'GET', url: '/service-centers' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.body).toContain('<div id="root">');
  });

  it('serves the service worker revalidated, under a policy that lets it fetch this origin only, and the manifest as a manifest', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    // A changed worker must reach browsers at once; its fetches need connect-src 'self'.
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    // Any other script keeps the resource policy.
    const script = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(script.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");

    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'VinTech', start_url: '/' });
  });

  it('names the installed app after APP_NAME', async () => {
    const renamed = await buildApp({ db: getDb(), appName: 'Northside Garage', sessionSecret: 'test-secret-that-is-long-enough-for-signing-cookies', clientDir: dir });
    try {
      const manifest = await renamed.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.json()).toMatchObject({ name: 'Northside Garage', short_name: 'Northside Garage', start_url: '/' });
    } finally {
      await renamed.close();
    }
  });
});
