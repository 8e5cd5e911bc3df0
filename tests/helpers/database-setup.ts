import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, createPostgresTemplate, testDatabaseRoot } from './database-templates.ts';

/**
 * Global setup of the api tier: migrates one PGlite and, with TEST_DATABASE_URL, one PostgreSQL
 * template database, once per run; every suite then starts from a copy (tests/helpers/db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The suites' copies go beside the template, and leave with it.
  const dir = await mkdtemp(path.join(testDatabaseRoot(), 'vintech-test-db-'));
  const template = path.join(dir, 'migrated');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.allSettled([
    buildPgliteTemplate(template),
    serverUrl ? createPostgresTemplate(serverUrl) : Promise.resolve(undefined),
  ]);
  const postgresTemplate = postgres.status === 'fulfilled' ? postgres.value : undefined;
  const teardown = async () => {
    await postgresTemplate?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  for (const result of [pglite, postgres]) {
    if (result.status === 'rejected') {
      await teardown();
      throw result.reason;
    }
  }
  project.provide('pgliteTemplate', template);
  project.provide('postgresTemplate', postgresTemplate?.name ?? null);
  return teardown;
}
