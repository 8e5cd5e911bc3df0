import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/index.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';

export type DatabaseKind = 'pglite' | 'postgres';

const silent = { info: () => {}, error: (m: string) => console.error(m) };

/** The kinds every database-facing suite runs on: PGlite always, the server when CI provides one. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated database of its own: in-memory PGlite, or a new database created on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped again on close).
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
    await migrateToLatest(handle.db, silent);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `vintech_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  await migrateToLatest(handle.db, silent);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Runs a suite once per database kind. `getDb()` is valid inside tests; data is not reset between
 * tests, so tests create their own rows with unique values (see factories.ts).
 */
export function describeEachDatabase(name: string, suite: (getDb: () => Database, kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds) {
    describe(`${name} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await handle?.close();
      });
      suite(() => {
        if (!handle) throw new Error('database not ready');
        return handle.db;
      }, kind);
    });
  }
}
