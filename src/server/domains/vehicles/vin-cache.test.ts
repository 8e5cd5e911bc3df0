import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { createVinDecoder } from './vin-decoder';

const LOAD = { timeout: 60_000 };

describe('vPIC cache file', LOAD, () => {
  it('survives two loads racing to build it, is reused, and is rebuilt when unreadable', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vintech-vpic-'));
    try {
      const [a, b] = await Promise.all([createVinDecoder({ dataDir: dir }), createVinDecoder({ dataDir: dir })]);
      expect(a.loadInfo.builtCache || b.loadInfo.builtCache).toBe(true);
      expect((await a.decode('1HGCM82633A004352')).kind).toBe('decoded');
      expect((await b.decode('1HGCM82633A004352')).kind).toBe('decoded');
      a.close();
      b.close();
      expect(await readdir(join(dir, 'vpic'))).toEqual(['vpic.db']);

      const reused = await createVinDecoder({ dataDir: dir });
      expect(reused.loadInfo.builtCache).toBe(false);
      reused.close();

      await writeFile(join(dir, 'vpic', 'vpic.db'), 'not a database');
      const rebuilt = await createVinDecoder({ dataDir: dir });
      expect(rebuilt.loadInfo.builtCache).toBe(true);
      expect((await rebuilt.decode('5YJ3E1EC1MF062635')).kind).toBe('decoded');
      rebuilt.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails with a clear error when the data directory cannot be written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vintech-vpic-'));
    try {
      await mkdir(join(dir, 'blocked'));
      await writeFile(join(dir, 'blocked', 'vpic'), 'a file where the folder should be');
      await expect(createVinDecoder({ dataDir: join(dir, 'blocked') })).rejects.toThrow(/^Could not prepare the vPIC database at /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
