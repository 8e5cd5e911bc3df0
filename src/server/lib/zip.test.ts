import { describe, expect, it } from 'vitest';
import { readZip } from '../../../tests/helpers/zip.ts';
import { zipToBuffer } from './zip.ts';

describe('zip writer', () => {
  it('writes entries an unzip reads back byte for byte: text deflated, random bytes stored, UTF-8 names, an empty file', () => {
    const text = 'date,odometer\r\n'.repeat(500);
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251));
    const files = [
      { name: 'account.json', content: JSON.stringify({ name: 'Zoë' }) },
      { name: 'vehicles/mein-wagen/service-records.csv', content: text },
      { name: 'files/Beleg-Ölwechsel.pdf', content: random },
      { name: 'empty.txt', content: '' },
    ];
    const archive = zipToBuffer(files);
    const read = readZip(archive);
    expect([...read.keys()]).toEqual(files.map((f) => f.name));
    for (const file of files) expect(read.get(file.name)!.equals(Buffer.from(file.content))).toBe(true);
    // Repetitive text is deflated well below its size.
    expect(archive.length).toBeLessThan(text.length / 5);
  });

  it('refuses a name twice', () => {
    expect(() => zipToBuffer([{ name: 'a.csv', content: 'x' }, { name: 'a.csv', content: 'y' }])).toThrow(/duplicate/);
  });
});
