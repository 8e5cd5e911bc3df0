import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildClient, clientBuildIsStale } from '../../src/server/boot.ts';
import { buildPgliteTemplate, testDatabaseRoot } from '../helpers/database-templates.ts';

/**
 * Browser tests run against the production build of the client: build it once when stale. Each
 * file's server starts from a copy of one migrated and seeded PGlite (tests/helpers/db.ts), made
 * meanwhile: the servers of `npm start` seed the same knowledge at every start.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(testDatabaseRoot(), 'vintech-test-db-'));
  const template = path.join(dir, 'migrated');
  try {
    await Promise.all([process.env.CI || clientBuildIsStale() ? buildClient() : undefined, buildPgliteTemplate(template, { seeded: true })]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgliteTemplate', template);
  project.provide('postgresTemplate', null);
  return () => rm(dir, { recursive: true, force: true });
}
