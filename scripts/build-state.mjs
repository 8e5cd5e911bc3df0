// Whether a build output is older than its sources: read by `npm start` (plain JavaScript, before
// any bundle exists) and by the server's own client-build check.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of a file, or of anything in a folder, in milliseconds (0 if missing). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `output` is missing or any of `sources` (files or folders) changed after it was written. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > builtAt);
}
