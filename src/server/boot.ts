import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './db/index.ts';

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

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The client needs a build when none exists or its sources changed after the last one. */
export function clientBuildIsStale(): boolean {
  const built = path.join(CLIENT_DIST_DIR, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(ROOT_DIR, p));
  return sources.some((source) => newestMtime(source) > builtAt);
}

/**
 * Builds the client in a child process: a build takes a few hundred megabytes that a process never
 * fully gives back, and the server that asked for it should not carry them for its whole life.
 */
export async function buildClient(): Promise<void> {
  const vite = path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js');
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT_DIR, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`The client build failed (exit code ${code})`);
}
