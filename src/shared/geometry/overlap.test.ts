import { describe, expect, it } from 'vitest';
import { applyHomography } from './homography.ts';
import { invert3, mul3 } from './linalg3.ts';
import { detectFeatures, MAX_FEATURES, type GreyImage } from './orb.ts';
import { estimateOverlap, shareInside } from './overlap.ts';
import { Random } from './random.ts';

const W = 320;
const H = 240;

/** A large picture of overlapping grey rectangles and disks with fine noise: corners everywhere, none alike. */
function texture(seed: number, width = 900, height = 700): GreyImage {
  const random = new Random(seed);
  const luma = new Uint8Array(width * height).fill(128);
  for (let shape = 0; shape < 700; shape++) {
    const cx = random.range(0, width);
    const cy = random.range(0, height);
    const r = random.range(4, 28);
    const grey = random.int(256);
    const disk = random.next() < 0.5;
    for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(height, cy + r); y++) {
      for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(width, cx + r); x++) {
        if (!disk || (x - cx) ** 2 + (y - cy) ** 2 <= r * r) luma[y * width + x] = grey;
      }
    }
  }
  for (let i = 0; i < luma.length; i++) luma[i] = Math.max(0, Math.min(255, luma[i]! + Math.round(random.normal() * 3)));
  return { luma, width, height };
}

/** A W × H view of the picture: pixel (x, y) shows the picture at m · (x, y), bilinear. */
function view(source: GreyImage, m: ArrayLike<number>): GreyImage {
  const luma = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = applyHomography(m, x, y);
      if (!p) continue;
      const sx = Math.min(source.width - 1.001, Math.max(0, p[0]));
      const sy = Math.min(source.height - 1.001, Math.max(0, p[1]));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * source.width + x0;
      const top = source.luma[i]! * (1 - fx) + source.luma[i + 1]! * fx;
      const bottom = source.luma[i + source.width]! * (1 - fx) + source.luma[i + source.width + 1]! * fx;
      luma[y * W + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { luma, width: W, height: H };
}

const at = (x: number, y: number) => Float64Array.of(1, 0, x, 0, 1, y, 0, 0, 1);

/** The view's map turned and scaled about the frame's centre, then placed at (x, y). */
function turned(degrees: number, scale: number, x: number, y: number): Float64Array {
  const a = (degrees * Math.PI) / 180;
  const [c, s] = [Math.cos(a) / scale, Math.sin(a) / scale];
  const [cx, cy] = [W / 2, H / 2];
  return Float64Array.of(c, -s, x + cx - c * cx + s * cy, s, c, y + cy - s * cx - c * cy, 0, 0, 1);
}

describe('photo overlap by feature matching (docs/scans.md#photos)', () => {
  const scene = texture(11);
  const first = view(scene, at(200, 200));

  it('finds corners on a textured picture, at most the cap, and none on a flat one', () => {
    const features = detectFeatures(first);
    expect(features.count).toBeGreaterThan(150);
    expect(features.count).toBeLessThanOrEqual(MAX_FEATURES);
    expect(features.descriptors).toHaveLength(8 * features.count);
    expect(detectFeatures({ luma: new Uint8Array(W * H).fill(128), width: W, height: H }).count).toBe(0);
  });

  it('reads a shift of a fifth of the frame as about 80 % overlap', () => {
    const next = view(scene, at(200 + 0.2 * W, 200));
    const estimate = estimateOverlap(first, next);
    // Timed once warm, for the record only: the page compares one new photo a time with the last one's corners.
    const started = performance.now();
    estimateOverlap(first, next);
    console.info(`overlap of two 320 × 240 pictures, both detected: ${(performance.now() - started).toFixed(1)} ms`);
    expect(estimate.inliers).toBeGreaterThanOrEqual(20);
    expect(estimate.overlap).toBeCloseTo(0.8, 1);
    expect(Math.abs(estimate.overlap - 0.8)).toBeLessThan(0.07);
  });

  it('reads a shift of half the frame, down and sideways, as about 50 % overlap', () => {
    expect(Math.abs(estimateOverlap(first, view(scene, at(200 + 0.5 * W, 200))).overlap - 0.5)).toBeLessThan(0.07);
    // A quarter across and a third down: (0.75 × 0.667) of the frame is shared.
    expect(Math.abs(estimateOverlap(first, view(scene, at(200 + 0.25 * W, 200 + H / 3))).overlap - 0.5)).toBeLessThan(0.07);
  });

  it('follows a small turn and a step closer', () => {
    const m = turned(12, 1.15, 200 + 30, 200 + 10);
    const next = view(scene, m);
    // Expected: the first frame's corners, through the scene, into the new view.
    const firstToNext = mul3(invert3(m)!, at(200, 200));
    const frame: number[] = [];
    for (const [x, y] of [[0, 0], [W, 0], [W, H], [0, H]] as const) frame.push(...applyHomography(firstToNext, x, y)!);
    const expected = shareInside(frame, W, H);
    const estimate = estimateOverlap(first, next);
    expect(estimate.inliers).toBeGreaterThanOrEqual(15);
    expect(Math.abs(estimate.overlap - expected)).toBeLessThan(0.07);
  });

  it('answers low overlap for unrelated pictures and none for a flat grey one', () => {
    const other = view(texture(12), at(200, 200));
    expect(estimateOverlap(first, other).overlap).toBeLessThan(0.2);
    const flat = { luma: new Uint8Array(W * H).fill(128), width: W, height: H };
    expect(estimateOverlap(first, flat)).toMatchObject({ overlap: 0, inliers: 0 });
    expect(estimateOverlap(flat, flat).overlap).toBe(0);
  });

  it('measures a clipped frame exactly', () => {
    expect(shareInside([0, 0, W, 0, W, H, 0, H], W, H)).toBeCloseTo(1, 10);
    expect(shareInside([64, 0, W + 64, 0, W + 64, H, 64, H], W, H)).toBeCloseTo(0.8, 10);
    expect(shareInside([W + 1, 0, W + 50, 0, W + 50, H, W + 1, H], W, H)).toBe(0);
  });
});
