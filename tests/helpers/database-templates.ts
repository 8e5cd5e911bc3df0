import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { openDatabase, PGLITE_OPTIONS, type DatabaseHandle } from '../../src/server/db/index.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';
import type { DB } from '../../src/server/db/schema.ts';

/**
 * Test databases are copies of one database migrated once per test run (docs/decisions/043):
 * a tarball of a PGlite data directory, and a template database on the PostgreSQL server.
 * Nothing here imports vitest, so the global setup and the test workers can both use it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const silent = { info: () => {}, error: (m: string) => console.error(m) };

/**
 * Migrates a new in-memory PGlite, seeds it when asked (the product's own knowledge, as `npm start`
 * does), and writes its data directory, as an uncompressed tarball, to `file`.
 */
export async function writeMigratedPglite(file: string, options: { seeded: boolean }): Promise<void> {
  const client = await PGlite.create('memory://', PGLITE_OPTIONS);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db, silent);
    if (options.seeded) await seedDatabase(db, {});
    const tarball = await client.dumpDataDir('none');
    await writeFile(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await db.destroy();
  }
}

/**
 * Creating a cluster (initdb) leaves the WebAssembly heap at its peak size for the life of the
 * process, so the migrated tarball is made by a short-lived child process.
 */
export async function buildPgliteTemplate(file: string, options: { seeded: boolean } = { seeded: false }): Promise<void> {
  const script = path.join(ROOT, 'tests/helpers/write-migrated-pglite.ts');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, file, ...(options.seeded ? ['--seeded'] : [])], { cwd: ROOT });
}

/** A new in-memory PGlite whose data directory starts as the tarball's (no initdb, no migrations). */
export async function openPgliteCopy(file: string): Promise<DatabaseHandle> {
  const loadDataDir = new Blob([new Uint8Array(await readFile(file))]);
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const uniqueName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

export interface PostgresTemplate {
  name: string;
  drop(): Promise<void>;
}

/**
 * A migrated database on the server of `serverUrl`, to be copied with CREATE DATABASE ... TEMPLATE.
 * PostgreSQL refuses to copy a database while anyone is connected to it, so once migrated it
 * accepts no connections at all; concurrent copies of it are fine.
 */
export async function createPostgresTemplate(serverUrl: string): Promise<PostgresTemplate> {
  const name = uniqueName('vintech_template');
  const drop = () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  try {
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 1 });
    try {
      await migrateToLatest(handle.db, silent);
    } finally {
      await handle.close();
    }
    await onServer(serverUrl, `ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

/** A new database on the server, copied from the template; dropped again on close. */
export async function openPostgresCopy(serverUrl: string, template: string): Promise<DatabaseHandle> {
  const name = uniqueName('vintech_test');
  await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
