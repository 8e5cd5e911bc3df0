// `npm start`: runs the server from one bundle of its TypeScript sources, rebuilt when they change.
// Running a bundle instead of the sources through a TypeScript loader keeps the loader's thread and
// its transformed sources out of the server's memory (about 60 MB) and starts faster. Packages stay
// in node_modules; only the project's own modules are bundled.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isStale } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Two folders below the root, as src/server/main.ts is: the server finds the client build and the
// data folder relative to itself.
const outfile = path.join(root, 'dist/server/main.js');
// The seeds' JSON files are imported, so the bundle carries them and their edits make it stale.
const sources = ['src/server', 'src/shared', 'seeds', 'migrations', 'scripts/build-state.mjs', 'package-lock.json'];

if (isStale(outfile, sources.map((source) => path.join(root, source)))) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    // The 3D scans' reconstruction runs in its own thread, from its own file beside the server's.
    entryPoints: { main: path.join(root, 'src/server/main.ts'), 'scan-worker': path.join(root, 'src/server/domains/scans/worker.ts') },
    outdir: path.dirname(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  await esbuild.stop();
  mkdirSync(path.dirname(outfile), { recursive: true });
  // Written aside and renamed: two processes starting together never run a half-written file.
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temp, file.contents);
    renameSync(temp, file.path);
  }
}

await import(pathToFileURL(outfile).href);
