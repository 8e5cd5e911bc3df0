import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../src/server/db/index.ts';
import { findUserById } from '../src/server/domains/auth/repository.ts';
import type { User } from '../src/shared/auth.ts';

export interface BenchDatabase extends DatabaseHandle {
  /** What the printed figures were measured on. */
  label: string;
}

/**
 * The database a bench measures on: a throw-away database of the PostgreSQL server of
 * BENCH_DATABASE_URL (or DATABASE_URL), dropped on close, or in-memory PGlite when neither is set
 * or `pglite` is asked for.
 */
export async function openBenchDatabase({ pglite = false }: { pglite?: boolean } = {}): Promise<BenchDatabase> {
  const adminUrl = pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL);
  if (!adminUrl) return { ...(await openDatabase({ kind: 'pglite' })), label: 'PGlite (in memory)' };
  const name = `vintech_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    label: `PostgreSQL server (${url.host}, database ${name}, dropped afterwards)`,
    async close() {
      await handle.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new account of the role, as the app reads it (for callers made with createCaller). */
export async function benchUser(db: Database, role: 'simple' | 'tech'): Promise<User> {
  const row = await db.insertInto('users').values({ email: `bench-${role}-${randomUUID().slice(0, 8)}@vintech.example`, role, preferences: '{}' }).returning('id').executeTakeFirstOrThrow();
  const found = await findUserById(db, row.id);
  if (!found) throw new Error('bench user missing');
  return found;
}
