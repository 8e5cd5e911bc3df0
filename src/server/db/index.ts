import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { PgliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

export { GENERIC_PLAN } from './pglite-dialect.ts';

export type Database = Kysely<DB>;
/** Repository functions take either the database or an open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** dataDir undefined: an in-memory database (tests). */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseOptions['kind'];
  close(): Promise<void>;
}

export function databaseOptionsFromEnv(env: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseOptions {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') };
}

// Embedded PostgreSQL lives in this process's memory: a smaller buffer pool keeps the server's
// footprint near its goal (about 300 MB) while lists at a million rows stay fast.
// Prepared statements are planned for each call's values unless marked (decision 173).
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'plan_cache_mode=force_custom_plan'];

/** How every embedded database is opened: the server's, and the tests' copies of one migrated database. */
export const PGLITE_OPTIONS = { extensions: { pg_trgm }, postgresqlconf: PGLITE_SETTINGS };

/**
 * Creating a database cluster (initdb) leaves the WebAssembly heap that ran it at its peak size,
 * and a process never gives that back. A new data directory is therefore created by a short-lived
 * child process, and this process only ever opens an existing one.
 */
function initPgliteDataDir(dataDir: string): void {
  if (existsSync(`${dataDir}/PG_VERSION`)) return;
  mkdirSync(dataDir, { recursive: true });
  const script = `const { PGlite } = await import(process.argv[1]);
    const db = await PGlite.create(process.argv[2]);
    await db.close();`;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, pglite, dataDir], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`Could not create the embedded database in ${dataDir}`);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      // Short queries of a web request never repay JIT compilation (decision 148): a gallery page
      // costing 1 ms of execution spent 130 ms compiling when the planner's estimate crossed the bar.
      options: '-c jit=off',
    });
    // A connection killed by the server must not crash the process: the pool drops it and the
    // next query opens a fresh one.
    pool.on('error', () => {});
    // A checked-out client whose connection dies also emits 'error'; its query already rejects,
    // so the event itself needs no handling beyond not crashing the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) initPgliteDataDir(options.dataDir);
  const client = await PGlite.create(options.dataDir ?? 'memory://', PGLITE_OPTIONS);
  const db = new Kysely<DB>({ dialect: new PgliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}
