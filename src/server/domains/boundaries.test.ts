import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const domainsDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names in an import or export ... from, static or dynamic. */
function importedPaths(source: string): string[] {
  const paths: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) paths.push(match[1]!);
  }
  return paths;
}

/** The domain folder a path lies in, or null outside src/server/domains/<domain>/. */
function domainOf(path: string): string | null {
  const inside = relative(domainsDir, path);
  if (inside.startsWith('..') || !inside.includes(sep)) return null;
  return inside.split(sep)[0]!;
}

/** `file: imported path` for every import that reaches into another domain's folder. */
function crossDomainImports(files: readonly string[], read: (file: string) => string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const own = domainOf(file);
    for (const path of importedPaths(read(file))) {
      if (!path.startsWith('.')) continue;
      const target = domainOf(resolve(dirname(file), path));
      if (target !== null && target !== own) found.push(`${relative(domainsDir, file)}: ${path}`);
    }
  }
  return found;
}

describe('domain boundaries', () => {
  it('finds an import of another domain, in every form an import is written', () => {
    const file = join(domainsDir, 'garage', 'router.ts');
    const source = [
      "import { a } from '../vehicles/repository.ts';",
      "import type { B } from '../inquiries/repository.ts';",
      "export { c } from '../appointments/service.ts';",
      "const d = await import('../knowledge/service.ts');",
      "import { e } from './service.ts';",
      "import { f } from '../../lib/paging.ts';",
    ].join('\n');
    expect(crossDomainImports([file], () => source)).toEqual([
      'garage/router.ts: ../vehicles/repository.ts',
      'garage/router.ts: ../inquiries/repository.ts',
      'garage/router.ts: ../appointments/service.ts',
      'garage/router.ts: ../knowledge/service.ts',
    ]);
  });

  it('no domain imports another domain: shared pieces live in src/server/lib', () => {
    const files = sourceFiles(domainsDir).filter((file) => domainOf(file) !== null);
    expect(files.length).toBeGreaterThan(20);
    expect(crossDomainImports(files, (file) => readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('src/server/lib imports no domain, so sharing through it never makes a cycle', () => {
    const libDir = join(domainsDir, '..', 'lib');
    const files = sourceFiles(libDir);
    expect(files.length).toBeGreaterThan(3);
    const reaching = files.flatMap((file) =>
      importedPaths(readFileSync(file, 'utf8'))
        .filter((path) => path.startsWith('.') && domainOf(resolve(dirname(file), path)) !== null)
        .map((path) => `${relative(libDir, file)}: ${path}`),
    );
    expect(reaching).toEqual([]);
  });
});
