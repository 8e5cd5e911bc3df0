import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, createPostgresTemplate } from './database-templates.ts';

/**
 * Global setup of the api tier: migrates one PGlite and, with TEST_DATABASE_URL, one PostgreSQL
 * template database, once per run; every suite then starts from a copy (tests/helpers/db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vintech-test-db-'));
  const tarball = path.join(dir, 'migrated.tar');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const [pglite, postgres] = await Promise.allSettled([
    buildPgliteTemplate(tarball),
    serverUrl ? createPostgresTemplate(serverUrl) : Promise.resolve(undefined),
  ]);
  const template = postgres.status === 'fulfilled' ? postgres.value : undefined;
  const teardown = async () => {
    await template?.drop();
    await rm(dir, { recursive: true, force: true });
  };
  for (const result of [pglite, postgres]) {
    if (result.status === 'rejected') {
      await teardown();
      throw result.reason;
    }
  }
  project.provide('pgliteTemplate', tarball);
  project.provide('postgresTemplate', template?.name ?? null);
  return teardown;
}
