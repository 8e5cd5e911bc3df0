/**
 * The few EXIF facts a 3D scan needs about a photo's lens (docs/scans.md#calibration): its focal
 * length, its 35 mm equivalent, and the sensor's width from the focal-plane resolution. Read from the
 * EXIF block as sharp hands it over ("Exif\0\0" and a TIFF structure); anything malformed reads as
 * unknown, never as an error. Bounded: at most MAX_ENTRIES directory entries are looked at.
 */

export interface LensFacts {
  focalMm: number | null;
  focal35mm: number | null;
  /** Sensor width along the picture's width, in millimetres. */
  sensorWidthMm: number | null;
}

const TAG = {
  exifPointer: 0x8769,
  focalLength: 0x920a,
  focal35mm: 0xa405,
  pixelXDimension: 0xa002,
  focalPlaneXResolution: 0xa20e,
  focalPlaneResolutionUnit: 0xa210,
} as const;
const MAX_ENTRIES = 512;
/** Millimetres per unit of FocalPlaneResolutionUnit: 2 inch, 3 centimetre, 4 millimetre, 5 micrometre. */
const UNIT_MM: Record<number, number> = { 2: 25.4, 3: 10, 4: 1, 5: 0.001 };

type Reader = { u16(at: number): number; u32(at: number): number; length: number };

function tiffReader(exif: Buffer): { read: Reader; start: number } | null {
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  if (exif.length < start + 8) return null;
  const order = exif.subarray(start, start + 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return null;
  const little = order === 'II';
  const read: Reader = {
    length: exif.length - start,
    u16: (at) => (at + 2 <= exif.length - start ? (little ? exif.readUInt16LE(start + at) : exif.readUInt16BE(start + at)) : -1),
    u32: (at) => (at + 4 <= exif.length - start ? (little ? exif.readUInt32LE(start + at) : exif.readUInt32BE(start + at)) : -1),
  };
  return read.u16(2) === 42 ? { read, start } : null;
}

/** The entries of one directory as tag → [type, count, value-or-offset position]. */
function directory(read: Reader, offset: number): Map<number, { type: number; count: number; at: number }> {
  const entries = new Map<number, { type: number; count: number; at: number }>();
  const count = read.u16(offset);
  if (count < 0 || count > MAX_ENTRIES) return entries;
  for (let i = 0; i < count; i++) {
    const at = offset + 2 + i * 12;
    const tag = read.u16(at);
    if (tag < 0) break;
    entries.set(tag, { type: read.u16(at + 2), count: read.u32(at + 4), at: at + 8 });
  }
  return entries;
}

function numberOf(read: Reader, entry: { type: number; count: number; at: number } | undefined): number | null {
  if (!entry || entry.count < 1) return null;
  if (entry.type === 3) return read.u16(entry.at); // SHORT, inline
  if (entry.type === 4) return read.u32(entry.at); // LONG, inline
  if (entry.type === 5) {
    // RATIONAL: two LONGs at the offset.
    const offset = read.u32(entry.at);
    const numerator = read.u32(offset);
    const denominator = read.u32(offset + 4);
    return numerator >= 0 && denominator > 0 ? numerator / denominator : null;
  }
  return null;
}

const positive = (value: number | null) => (value !== null && Number.isFinite(value) && value > 0 ? value : null);

export function lensFacts(exif: Buffer | undefined): LensFacts {
  const none: LensFacts = { focalMm: null, focal35mm: null, sensorWidthMm: null };
  if (!exif) return none;
  const tiff = tiffReader(exif);
  if (!tiff) return none;
  const { read } = tiff;
  const first = directory(read, read.u32(4));
  const pointer = numberOf(read, first.get(TAG.exifPointer));
  const sub = pointer !== null && pointer > 0 && pointer < read.length ? directory(read, pointer) : new Map<number, { type: number; count: number; at: number }>();
  const get = (tag: number) => positive(numberOf(read, sub.get(tag) ?? first.get(tag)));

  const pixelsWide = get(TAG.pixelXDimension);
  const planeResolution = get(TAG.focalPlaneXResolution);
  const unit = UNIT_MM[get(TAG.focalPlaneResolutionUnit) ?? 2];
  const sensorWidthMm = pixelsWide && planeResolution && unit ? (pixelsWide / planeResolution) * unit : null;
  return { focalMm: get(TAG.focalLength), focal35mm: get(TAG.focal35mm), sensorWidthMm: sensorWidthMm && sensorWidthMm < 100 ? sensorWidthMm : null };
}
