import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { Database, DatabaseHandle } from '../../src/server/db/index.ts';
import { openPgliteCopy, openPostgresCopy } from './database-templates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, copied by every suite (tests/helpers/database-setup.ts). */
    pgliteTemplate: string;
    /** The migrated template database on TEST_DATABASE_URL's server, when there is one. */
    postgresTemplate: string | null;
  }
}

export type DatabaseKind = 'pglite' | 'postgres';

/** The kinds every database-facing suite runs on: PGlite always, the server when CI provides one. */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A fresh, migrated database of its own: a PGlite on a copy of a data directory, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (dropped again on close). Both are copies of a database migrated once
 * per run by the api tier's global setup (tests/helpers/database-setup.ts).
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  const pgliteTemplate = inject('pgliteTemplate');
  if (!pgliteTemplate) throw new Error('No test database here: a test that needs one belongs to the api tier (vitest.config.ts)');
  if (kind === 'pglite') return openPgliteCopy(pgliteTemplate);
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!serverUrl || !template) throw new Error('TEST_DATABASE_URL is not set');
  return openPostgresCopy(serverUrl, template);
}

/**
 * Runs a suite once per database kind. `getDb()` is valid inside tests; data is not reset between
 * tests, so tests create their own rows with unique values (see factories.ts).
 */
export function describeEachDatabase(name: string, suite: (getDb: () => Database, kind: DatabaseKind) => void): void {
  describeOn(databaseKinds, name, suite);
}

/**
 * Runs a suite on one database: the PostgreSQL server when TEST_DATABASE_URL names one, PGlite
 * otherwise (decision 169). Only for the authorization matrix, whose subject is the app's rules on
 * valid inputs that the domain suites already send to both kinds; everything else runs on each.
 */
export function describeOnOneDatabase(name: string, suite: (getDb: () => Database, kind: DatabaseKind) => void): void {
  describeOn([process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'], name, suite);
}

function describeOn(kinds: DatabaseKind[], name: string, suite: (getDb: () => Database, kind: DatabaseKind) => void): void {
  for (const kind of kinds) {
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
