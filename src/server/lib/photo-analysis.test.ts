import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseLuma, PHOTO_ANALYSIS, verdictOf } from '../../shared/photo-analysis.ts';
import { analysePhoto } from './photo-analysis.ts';

/** A detailed scene (grain over bands), the way a close-up of a worn part has edges everywhere. */
async function scene(options: { blur?: number; brightness?: number; width?: number; height?: number; grain?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 1600;
  const height = options.height ?? 1200;
  const raw = Buffer.alloc(width * height * 3);
  const grain = options.grain ?? 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The same pseudo-random level for every pixel of a grain-by-grain cell.
      const seed = ((Math.floor(x / grain) * 73856093) ^ (Math.floor(y / grain) * 19349663)) >>> 0;
      const band = Math.floor(x / 40) % 2 === 0 ? 70 : 170;
      const v = band + ((seed >> 8) % 60) - 30;
      const i = (y * width + x) * 3;
      raw[i] = raw[i + 1] = raw[i + 2] = v;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.blur) image = image.blur(options.blur);
  if (options.brightness !== undefined) image = image.linear(options.brightness, 0);
  return image.jpeg({ quality: 90 }).toBuffer();
}

describe('analyseLuma', () => {
  it('finds no edges in a flat picture and every edge in a checkerboard', () => {
    const flat = new Uint8Array(100 * 100).fill(128);
    expect(analyseLuma(flat, 100, 100)).toMatchObject({ sharpness: 0, meanBrightness: 128, darkShare: 0, brightShare: 0, verdict: 'blurry' });
    const board = new Uint8Array(100 * 100).map((_, i) => ((i % 100) + Math.floor(i / 100)) % 2 === 0 ? 60 : 190);
    const result = analyseLuma(board, 100, 100);
    // Every inner pixel's Laplacian is ±4·130 = ±520, so the variance is 520².
    expect(result.sharpness).toBeCloseTo(520 * 520, 0);
    expect(result.verdict).toBe('sharp');
  });

  it('counts the histogram ends', () => {
    const half = new Uint8Array(10 * 10).map((_, i) => (i < 60 ? 0 : 255));
    const result = analyseLuma(half, 10, 10);
    expect(result.darkShare).toBeCloseTo(0.6);
    expect(result.brightShare).toBeCloseTo(0.4);
    expect(result.verdict).toBe('too_dark');
  });

  it('refuses a buffer smaller than the stated size', () => {
    expect(() => analyseLuma(new Uint8Array(10), 4, 4)).toThrow(RangeError);
  });
});

describe('verdictOf', () => {
  it('judges exposure before focus', () => {
    expect(verdictOf(500, 20, 0.9, 0)).toBe('too_dark');
    expect(verdictOf(500, 240, 0, 0.9)).toBe('overexposed');
    expect(verdictOf(PHOTO_ANALYSIS.blurryBelow - 1, 128, 0, 0)).toBe('blurry');
    expect(verdictOf(PHOTO_ANALYSIS.blurryBelow, 128, 0, 0)).toBe('sharp');
  });
});

describe('analysePhoto', () => {
  it('tells a sharp photo from the same photo blurred', async () => {
    const sharpPhoto = await analysePhoto(await scene());
    const blurred = await analysePhoto(await scene({ blur: 4 }));
    expect(sharpPhoto.verdict).toBe('sharp');
    expect(blurred.verdict).toBe('blurry');
    expect(sharpPhoto.sharpness).toBeGreaterThan(blurred.sharpness * 10);
  });

  it('tells a dark photo from an overexposed one', async () => {
    const dark = await analysePhoto(await scene({ brightness: 0.2 }));
    const bright = await analysePhoto(await scene({ brightness: 2.6 }));
    expect(dark.verdict).toBe('too_dark');
    expect(bright.verdict).toBe('overexposed');
    expect(dark.meanBrightness).toBeLessThan(PHOTO_ANALYSIS.darkMeanBelow);
    expect(bright.brightShare).toBeGreaterThan(PHOTO_ANALYSIS.clippedShare);
  });

  it('measures at one scale, so a 9-times larger copy of the same scene reads within a factor of two', async () => {
    const photo = await scene({ width: 1024, height: 768, grain: 6 });
    const small = await analysePhoto(photo);
    const large = await analysePhoto(await sharp(photo).resize(3072, 2304, { kernel: 'nearest' }).jpeg({ quality: 90 }).toBuffer());
    expect(large.verdict).toBe('sharp');
    expect(large.sharpness / small.sharpness).toBeGreaterThan(0.5);
    expect(large.sharpness / small.sharpness).toBeLessThan(2);
  });

  it('answers 400 for bytes that are not a picture', async () => {
    await expect(analysePhoto(Buffer.from('not a picture at all'))).rejects.toMatchObject({ message: expect.stringContaining('could not be read') });
  });
});
