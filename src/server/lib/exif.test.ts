import { describe, expect, it } from 'vitest';
import { lensFacts } from './exif.ts';

type Entry = { tag: number; type: 3 | 4 | 5; value: number | [number, number] };

/** A minimal EXIF block: IFD0 with a pointer to an Exif directory holding `entries`. */
function exifBlock(entries: Entry[], little: boolean): Buffer {
  const w16 = (b: Buffer, at: number, v: number) => (little ? b.writeUInt16LE(v, at) : b.writeUInt16BE(v, at));
  const w32 = (b: Buffer, at: number, v: number) => (little ? b.writeUInt32LE(v, at) : b.writeUInt32BE(v, at));
  const ifd0 = 8;
  const sub = ifd0 + 2 + 12 + 4;
  const data = sub + 2 + entries.length * 12 + 4;
  const tiff = Buffer.alloc(data + entries.length * 8);
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  w16(tiff, 2, 42);
  w32(tiff, 4, ifd0);
  w16(tiff, ifd0, 1);
  w16(tiff, ifd0 + 2, 0x8769);
  w16(tiff, ifd0 + 4, 4);
  w32(tiff, ifd0 + 6, 1);
  w32(tiff, ifd0 + 10, sub);
  w16(tiff, sub, entries.length);
  entries.forEach((entry, i) => {
    const at = sub + 2 + i * 12;
    w16(tiff, at, entry.tag);
    w16(tiff, at + 2, entry.type);
    w32(tiff, at + 4, 1);
    if (entry.type === 5) {
      const offset = data + i * 8;
      const [n, d] = entry.value as [number, number];
      w32(tiff, at + 8, offset);
      w32(tiff, offset, n);
      w32(tiff, offset + 4, d);
    } else if (entry.type === 3) w16(tiff, at + 8, entry.value as number);
    else w32(tiff, at + 8, entry.value as number);
  });
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

describe('lensFacts', () => {
  const phone: Entry[] = [
    { tag: 0x920a, type: 5, value: [425, 100] }, // 4.25 mm
    { tag: 0xa405, type: 3, value: 26 },
    { tag: 0xa002, type: 4, value: 4032 },
    { tag: 0xa20e, type: 5, value: [4_032_000, 560] }, // 7,200 px per cm: a 5.6 mm sensor
    { tag: 0xa210, type: 3, value: 3 },
  ];

  it('reads the focal length, its 35 mm equivalent and the sensor width in both byte orders', () => {
    for (const little of [true, false]) {
      const facts = lensFacts(exifBlock(phone, little));
      expect(facts.focalMm).toBeCloseTo(4.25, 10);
      expect(facts.focal35mm).toBe(26);
      expect(facts.sensorWidthMm).toBeCloseTo(5.6, 10);
    }
  });

  it('answers unknown for what is missing, malformed or absurd, and never throws', () => {
    expect(lensFacts(undefined)).toEqual({ focalMm: null, focal35mm: null, sensorWidthMm: null });
    expect(lensFacts(exifBlock([{ tag: 0xa405, type: 3, value: 28 }], true))).toEqual({ focalMm: null, focal35mm: 28, sensorWidthMm: null });
    expect(lensFacts(exifBlock([{ tag: 0x920a, type: 5, value: [50, 0] }], false)).focalMm).toBeNull();
    // A sensor a metre wide is a misreading, not a camera.
    expect(lensFacts(exifBlock([{ tag: 0xa002, type: 4, value: 4000 }, { tag: 0xa20e, type: 5, value: [4, 1] }, { tag: 0xa210, type: 3, value: 2 }], true)).sensorWidthMm).toBeNull();
    const block = exifBlock(phone, true);
    for (let cut = 0; cut < block.length; cut += 7) expect(() => lensFacts(block.subarray(0, cut))).not.toThrow();
    expect(lensFacts(Buffer.from('Exif\0\0XX*\0garbage', 'latin1'))).toEqual({ focalMm: null, focal35mm: null, sensorWidthMm: null });
  });
});
