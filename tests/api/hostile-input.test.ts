import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/db.ts';
import { buildTestApp, createUser, signInCookie } from '../helpers/factories.ts';
import type { Database } from '../../src/server/db/index.ts';
import { appRouter } from '../../src/server/router.ts';

// Tables whose rows change on every request by design (session activity, rate-limit counters).
const VOLATILE = new Set(['sessions', 'rate_limits', 'kysely_migration', 'kysely_migration_lock']);

/**
 * One checksum of every table's rows, in one statement: a per-table query was two round trips a
 * table per request, which made this suite the slowest of the tier.
 */
async function fingerprint(db: Database): Promise<string> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const parts = tables.rows
    .filter(({ name }) => !VOLATILE.has(name))
    .map(({ name }) => sql`SELECT ${name}::text AS name, count(*)::text AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS h FROM ${sql.table(name)} t`);
  const rows = await sql<{ name: string; n: string; h: string }>`SELECT name, n, h FROM (${sql.join(parts, sql` UNION ALL `)}) AS sums ORDER BY name`.execute(db);
  return rows.rows.map((row) => `${row.name}:${row.n}:${row.h}`).join(';');
}

const NASTY_STRINGS = [
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '\u0000',
    'a\u0000b',
    '𝓥𝓲𝓷 🚗 é ü ß 漢字',
    '../../etc/passwd',
    '%00%27',
    '__proto__',
    'constructor',
    '',
    ' ',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
const nasty = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
);

const scalar = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));

function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.oneof(nasty, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), { maxKeys: 4 })),
})).value;

/** Bodies built from the real field names, with wrong types, missing fields and extra ones. */
function hostileBody(fieldNames: string[]): fc.Arbitrary<unknown> {
  const fieldValue = fc.oneof({ weight: 4, arbitrary: nasty }, { weight: 2, arbitrary: scalar }, { weight: 1, arbitrary: hostileValue });
  const known = fieldNames.length
    ? fc.record(Object.fromEntries(fieldNames.map((f) => [f, fieldValue])), { requiredKeys: [] })
    : fc.constant({});
  return fc.oneof(
    known,
    fc.tuple(known, fc.dictionary(nasty, hostileValue, { maxKeys: 3 })).map(([a, b]) => ({ ...b, ...a })),
    hostileValue,
    fc.constant(deep(2000)),
    fc.constant({ __proto__: { isAdmin: true } }),
  );
}

/** Every known field paired with every hostile string: a sweep that random runs could miss. */
function sweep(fieldNames: string[]): unknown[] {
  return fieldNames.flatMap((field) => NASTY_STRINGS.map((value) => ({ [field]: value })));
}

function fieldNamesOf(procedure: string | undefined): string[] {
  if (!procedure) return [];
  const procs = (appRouter._def as unknown as { procedures: Record<string, { _def: { inputs: { shape?: Record<string, unknown> }[] } }> }).procedures;
  return Object.keys(procs[procedure]?._def.inputs[0]?.shape ?? {});
}

const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
// Every path gets RUNS requests, each compared with a checksum of all tables: minutes, not seconds.
const SUITE_TIMEOUT_MS = 180_000;

describeEachDatabase('hostile input on every REST path and tRPC mutation', (getDb) => {
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
    const tech = await createUser(getDb(), { role: 'tech' });
    cookie = await signInCookie(app, tech.email);
  });
  afterAll(async () => {
    await app.close();
  });

  // The last fingerprint seen, valid until a request is accepted: a rejected one must leave the data
  // as it was, so its "after" is the next request's "before" (one checksum a request, not two).
  let known: string | null = null;
  async function unchanged(label: string, status: number, before: string): Promise<void> {
    if (status < 400) {
      known = null;
      return;
    }
    const after = await fingerprint(getDb());
    expect(after, `${label} changed data on ${status}`).toBe(before);
    known = after;
  }

  async function send(method: string, url: string, payload: unknown, asQuery: boolean) {
    const query = asQuery && payload && typeof payload === 'object' && !Array.isArray(payload)
      ? Object.fromEntries(Object.entries(payload as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
      : undefined;
    const hasBody = !asQuery && method !== 'GET' && method !== 'DELETE';
    return app.inject({
      method: method as 'GET',
      url,
      query,
      headers: { cookie, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      payload: hasBody ? JSON.stringify(payload) : undefined,
    });
  }

  it('answers every REST path with a 4xx and a message, never a 5xx, and rejected requests change nothing', async () => {
    const docs = app.restDocs.filter((d) => !(d.method === 'GET' && d.url === '/api/logout') && !(d.method === 'POST' && d.url === '/api/logout'));
    expect(docs.length).toBeGreaterThan(5);
    for (const doc of docs) {
      const fields = doc.bodySchema && 'shape' in doc.bodySchema ? Object.keys((doc.bodySchema as unknown as { shape: object }).shape) : fieldNamesOf(doc.procedure);
      await fc.assert(
        fc.asyncProperty(hostileBody(fields), fc.oneof(nasty, fc.uuid()), async (payload, id) => {
          const url = doc.url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(id.slice(0, 2000)));
          const before = known ?? (await fingerprint(getDb()));
          known = null;
          const res = await send(doc.method, url, payload, doc.inputFrom === 'query' || doc.method === 'GET');
          expect(res.statusCode, `${doc.method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : { message: res.body };
            expect(typeof body.message, `${doc.method} ${doc.url}`).toBe('string');
          }
          await unchanged(`${doc.method} ${doc.url}`, res.statusCode, before);
        }),
        { numRuns: RUNS, examples: sweep(fields).map((body) => [body, 'not-a-uuid'] as [unknown, string]) },
      );
    }
  }, SUITE_TIMEOUT_MS);

  it('answers every tRPC mutation with a 4xx, never a 5xx, and rejected calls change nothing', async () => {
    const procs = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string; inputs: { shape?: Record<string, unknown> }[] } }> }).procedures;
    const mutations = Object.entries(procs).filter(([, p]) => p._def.type === 'mutation');
    expect(mutations.length).toBeGreaterThan(3);
    for (const [path, proc] of mutations) {
      const fields = Object.keys(proc._def.inputs[0]?.shape ?? {});
      await fc.assert(
        fc.asyncProperty(hostileBody(fields), async (payload) => {
          const before = known ?? (await fingerprint(getDb()));
          known = null;
          const res = await app.inject({
            method: 'POST',
            url: `/trpc/${path}`,
            headers: { cookie, 'content-type': 'application/json' },
            payload: JSON.stringify({ json: payload }),
          });
          expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().error?.json?.message, path).toBe('string');
          await unchanged(path, res.statusCode, before);
        }),
        { numRuns: RUNS, examples: sweep(fields).map((body) => [body] as [unknown]) },
      );
    }
  }, SUITE_TIMEOUT_MS);
});
