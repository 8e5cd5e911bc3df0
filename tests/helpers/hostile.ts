import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/index.ts';
import { appRouter } from '../../src/server/router.ts';
import { describeEachDatabase } from './db.ts';
import { buildTestApp, createUser, signInCookie } from './factories.ts';

/**
 * Hostile input (docs/decisions/160): every REST path and every tRPC mutation gets random bodies built
 * from its real field names, and every field every nasty string; nothing may answer 5xx, and a
 * rejected request must leave every table as it was. Two files run the two halves side by side.
 */

// Tables whose rows change on every request by design (session activity, rate-limit counters).
const VOLATILE = new Set(['sessions', 'rate_limits', 'kysely_migration', 'kysely_migration_lock']);

/**
 * Counts every row written to a table that a refused request must leave alone: a row-level trigger
 * on each such table adds one to `hostile_writes` per row inserted, updated or deleted, in the same
 * transaction, so only committed writes count. One row read a request, where a checksum of every
 * table's rows took most of this suite's time.
 */
async function countWrites(db: Database): Promise<void> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  await sql`CREATE TABLE hostile_writes (n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO hostile_writes VALUES (0)`.execute(db);
  await sql`CREATE FUNCTION hostile_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE hostile_writes SET n = n + 1; RETURN NULL; END $$`.execute(db);
  for (const { name } of tables.rows.filter(({ name }) => !VOLATILE.has(name))) {
    await sql`CREATE TRIGGER hostile_count AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(name)} FOR EACH ROW EXECUTE FUNCTION hostile_count()`.execute(db);
  }
  // The counter sees a write, or this suite could not fail.
  const before = await writesSoFar(db);
  await sql`UPDATE users SET email = email`.execute(db);
  expect(await writesSoFar(db), 'the write counter missed a write').not.toBe(before);
}

/** How many rows have been written to the watched tables so far. */
async function writesSoFar(db: Database): Promise<string> {
  const { rows } = await sql<{ n: string }>`SELECT n::text AS n FROM hostile_writes`.execute(db);
  return rows[0]?.n ?? 'none';
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

function fieldNamesOf(procedure: string | undefined): string[] {
  if (!procedure) return [];
  const procs = (appRouter._def as unknown as { procedures: Record<string, { _def: { inputs: { shape?: Record<string, unknown> }[] } }> }).procedures;
  return Object.keys(procs[procedure]?._def.inputs[0]?.shape ?? {});
}

/**
 * Every hostile string in every known field at once, one body a string: the schema checks every field,
 * so each field meets each string, in 20 requests a path however many fields it has.
 */
function sweep(fieldNames: string[]): unknown[] {
  return fieldNames.length ? NASTY_STRINGS.map((value) => Object.fromEntries(fieldNames.map((field) => [field, value]))) : [];
}

// Random bodies a path, after its sweep (fast-check counts the examples within numRuns).
const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
const SUITE_TIMEOUT_MS = 180_000;

/** The hostile-input suite for one half: the REST paths or the tRPC mutations. */
export function describeHostileInput(part: 'rest' | 'trpc'): void {
  describeEachDatabase(`hostile input on every ${part === 'rest' ? 'REST path' : 'tRPC mutation'}`, (getDb) => {
    let app: FastifyInstance;
    let cookie: string;
    beforeAll(async () => {
      app = await buildTestApp(getDb());
      const tech = await createUser(getDb(), { role: 'tech' });
      cookie = await signInCookie(app, tech.email);
      await countWrites(getDb());
    });
    afterAll(async () => {
      await app.close();
    });

    // The last count seen, valid until a request is accepted: a rejected one must write nothing, so
    // its "after" is the next request's "before" (one read a request, not two).
    let known: string | null = null;
    async function unchanged(label: string, status: number, before: string): Promise<void> {
      if (status < 400) {
        known = null;
        return;
      }
      const after = await writesSoFar(getDb());
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

    if (part === 'rest') it('answers every REST path with a 4xx and a message, never a 5xx, and rejected requests change nothing', async () => {
      const docs = app.restDocs.filter((d) => !(d.method === 'GET' && d.url === '/api/logout') && !(d.method === 'POST' && d.url === '/api/logout'));
      expect(docs.length).toBeGreaterThan(5);
      for (const doc of docs) {
        const fields = doc.bodySchema && 'shape' in doc.bodySchema ? Object.keys((doc.bodySchema as unknown as { shape: object }).shape) : fieldNamesOf(doc.procedure);
        // A well-formed id, so that the body's fields are what gets judged.
        const examples = sweep(fields).map((body) => [body, randomUUID()] as [unknown, string]);
        await fc.assert(
          fc.asyncProperty(hostileBody(fields), fc.oneof(nasty, fc.uuid()), async (payload, id) => {
            const url = doc.url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(id.slice(0, 2000)));
            const before = known ?? (await writesSoFar(getDb()));
            known = null;
            const res = await send(doc.method, url, payload, doc.inputFrom === 'query' || doc.method === 'GET');
            expect(res.statusCode, `${doc.method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
            if (res.statusCode >= 400) {
              const body = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : { message: res.body };
              expect(typeof body.message, `${doc.method} ${doc.url}`).toBe('string');
            }
            await unchanged(`${doc.method} ${doc.url}`, res.statusCode, before);
          }),
          { numRuns: RUNS + examples.length, examples },
        );
      }
    }, SUITE_TIMEOUT_MS);

    if (part === 'trpc') it('answers every tRPC mutation with a 4xx, never a 5xx, and rejected calls change nothing', async () => {
      const procs = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string; inputs: { shape?: Record<string, unknown> }[] } }> }).procedures;
      const mutations = Object.entries(procs).filter(([, p]) => p._def.type === 'mutation');
      expect(mutations.length).toBeGreaterThan(3);
      // A procedure behind a REST path has every field swept with every nasty string there already.
      const swept = new Set(app.restDocs.map((doc) => doc.procedure).filter((name) => name !== undefined));
      for (const [path, proc] of mutations) {
        const fields = Object.keys(proc._def.inputs[0]?.shape ?? {});
        const examples = swept.has(path) ? [] : sweep(fields).map((body) => [body] as [unknown]);
        await fc.assert(
          fc.asyncProperty(hostileBody(fields), async (payload) => {
            const before = known ?? (await writesSoFar(getDb()));
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
          { numRuns: RUNS + examples.length, examples },
        );
      }
    }, SUITE_TIMEOUT_MS);
  });
}

