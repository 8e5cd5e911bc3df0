import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { isStale } from '../../scripts/build-state.mjs';
import type { Database } from './db/index.ts';

// Two folders below the root, in the sources (src/server) as in the bundle (dist/server).
export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
export const CLIENT_DIST_DIR = path.join(ROOT_DIR, 'dist/client');

/**
 * SESSION_SECRET when given; otherwise one random secret kept in the database, so a restart keeps
 * everyone signed in and every process on the same database signs cookies alike.
 */
export async function resolveSessionSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_settings')
    .values({ key: 'session_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', 'session_secret').executeTakeFirstOrThrow();
  return row.value;
}

/** The client needs a build when none exists or its sources changed after the last one. */
export function clientBuildIsStale(): boolean {
  const sources = ['src/client', 'src/shared', 'seeds', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(ROOT_DIR, p));
  return isStale(path.join(CLIENT_DIST_DIR, 'index.html'), sources);
}

/**
 * Builds the client in a child process: a build takes a few hundred megabytes that a process never
 * fully gives back, and the server that asked for it should not carry them for its whole life.
 */
export async function buildClient(): Promise<void> {
  const vite = path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js');
  const code = await new Promise<number | null>((resolve, reject) => {
    // Always the production build: an inherited NODE_ENV (`test` under the test runner, `development`
    // in a shell) would otherwise make Vite bundle React's development build, several times slower.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT_DIR, stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`The client build failed (exit code ${code})`);
}
