import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/db.ts';
import { buildTestApp } from '../helpers/factories.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';

describe('API reference', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
    app = await buildTestApp(handle.db);
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  it('documents every registered /api route in an OpenAPI 3.1 document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
    const registered = app.apiRoutes.filter((r) => r !== 'GET /api/openapi.json' && r !== 'GET /api/docs');
    expect(registered.length).toBeGreaterThan(5);
    const missing = registered.filter((route) => !documented.has(route));
    expect(missing).toEqual([]);
  });

  it('takes request schemas from the procedures zod inputs', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const create = doc.paths['/api/tokens'].post;
    expect(create.operationId).toBe('auth.tokens.create');
    expect(create.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
      required: ['name'],
    });
    const signup = doc.paths['/api/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.properties.password).toMatchObject({ minLength: 8 });
  });

  it('serves a readable reference page with no external assets', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('API reference');
    expect(res.body).toContain('/api/tokens');
    expect(res.body).not.toMatch(/(src|href)="https?:/);
  });
});
