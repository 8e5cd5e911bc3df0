import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/index.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { seedDatabase } from '../../src/server/db/seed.ts';

/**
 * Test databases are copies of one database migrated once per test run (docs/decisions/043):
 * a PGlite data directory, and a template database on the PostgreSQL server.
 * Nothing here imports vitest, so the global setup and the test workers can both use it.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const silent = { info: () => {}, error: (m: string) => console.error(m) };

/**
 * Opens a new PGlite in the empty folder `dataDir` as `npm start` does (initdb in a child process),
 * migrates it, seeds it when asked (the product's own knowledge) and closes it cleanly: the folder is
 * then a data directory that copies open without initdb, migrations or crash recovery.
 */
export async function writeMigratedPglite(dataDir: string, options: { seeded: boolean }): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await migrateToLatest(handle.db, silent);
    if (options.seeded) await seedDatabase(handle.db, {});
  } finally {
    await handle.close();
  }
}

/**
 * An embedded database keeps its WebAssembly heap for the life of the process, so the template is
 * migrated by a short-lived child process rather than by the test runner's own.
 */
export async function buildPgliteTemplate(dataDir: string, options: { seeded: boolean } = { seeded: false }): Promise<void> {
  const script = path.join(ROOT, 'tests/helpers/write-migrated-pglite.ts');
  await promisify(execFile)(process.execPath, ['--import', 'tsx', script, dataDir, ...(options.seeded ? ['--seeded'] : [])], { cwd: ROOT });
}

/**
 * Where test databases live: in memory (tmpfs) where the machine has one, else the temporary folder.
 * A copy is a folder of about 45 MB written once and read little.
 */
export function testDatabaseRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/**
 * A folder copied by the system's `cp`: Node's `fs.cp` walks the tree in JavaScript, an `lstat`
 * and a promise per entry, and took about 300 ms of the test process's CPU for a data directory of
 * some 1,400 files, against about 30 ms for `cp -R`. Node's own copy where there is no `cp`.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  try {
    await promisify(execFile)('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
}

/**
 * A PGlite on a copy of the template's data directory, in a folder beside it (decision 170): the
 * copy is the kernel's work, and PostgreSQL reads only the pages it needs. Unpacking a tarball into
 * PGlite's in-memory file system instead cost about twice the CPU and twice the memory per copy.
 * The copy is deleted on close.
 */
export async function openPgliteCopy(templateDir: string): Promise<DatabaseHandle> {
  const copyDir = path.join(path.dirname(templateDir), `copy-${randomUUID()}`);
  await copyFolder(templateDir, copyDir);
  try {
    const handle = await openDatabase({ kind: 'pglite', dataDir: copyDir });
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          await rm(copyDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(copyDir, { recursive: true, force: true });
    throw error;
  }
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
