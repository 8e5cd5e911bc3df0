import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../helpers/db.ts';
import { buildTestApp, createUser, signInCookie } from '../helpers/factories.ts';
import type { DatabaseHandle } from '../../src/server/db/index.ts';

// Killing server connections needs a PostgreSQL server; CI always provides one.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('database faults [postgres]', () => {
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let admin: pg.Client;
  let dbName: string;

  beforeAll(async () => {
    handle = await createTestDatabase('postgres');
    app = await buildTestApp(handle.db);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    dbName = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(handle.db)).rows[0]?.name ?? '';
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await handle?.close();
  });

  const killConnections = () =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
      dbName,
    ]);

  it('answers 503 with a message while connections die, recovers by itself, and loses no acknowledged write', async () => {
    const user = await createUser(handle.db);
    const cookie = await signInCookie(app, user.email);
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    for (let round = 0; round < 6; round++) {
      const writes = Array.from({ length: 8 }, (_, i) =>
        app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: `fault ${round}-${i}` } }),
      );
      await killConnections();
      for (const res of await Promise.all(writes)) {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect([201, 503], res.body).toContain(res.statusCode);
        if (res.statusCode === 201) acknowledged.push(res.json().id);
        else expect(res.json(), res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable. Please try again.' });
      }
    }
    // Recovery without a restart: the pool drops the killed connections and opens new ones. A
    // request may still meet a connection whose death it learns of only then (503), so wait for a 200.
    const list = () => app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } });
    const seen: number[] = [];
    const status = async () => {
      const { statusCode } = await list();
      seen.push(statusCode);
      return statusCode;
    };
    await expect.poll(status, { timeout: 2_000, interval: 50 }).toBe(200);
    expect(seen.every((code) => code === 200 || code === 503), seen.join(',')).toBe(true);
    const after = await list();
    expect(after.statusCode).toBe(200);
    expect(statuses.get(503) ?? 0, 'some requests met a killed connection').toBeGreaterThan(0);
    const stored = new Set((after.json() as { id: string }[]).map((t) => t.id));
    for (const id of acknowledged) expect(stored.has(id)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(0);
  });
});
