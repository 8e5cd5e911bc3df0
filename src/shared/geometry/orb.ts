import { Random } from './random.ts';

/**
 * Oriented FAST corners with rotated BRIEF descriptors on a small picture (about 320 px on its long
 * side), for the scan page's overlap estimate (docs/scans.md#photos): FAST-9 corners on a three-level
 * pyramid, the strongest kept after non-maximum suppression, each turned by its intensity centroid
 * and described by 256 comparisons of a smoothed patch drawn once from a fixed seed.
 */

/** A greyscale picture, one byte a pixel, row by row. */
export interface GreyImage {
  luma: Uint8Array;
  width: number;
  height: number;
}

/** Corners of one picture: their positions on the picture given, and 8 descriptor words each. */
export interface ImageFeatures {
  width: number;
  height: number;
  count: number;
  points: Float32Array;
  descriptors: Uint32Array;
}

/** The patch a corner is described by: a disk of this radius around it. */
const RADIUS = 12;
const MARGIN = RADIUS + 2;
const LEVELS = 3;
const LEVEL_SCALE = 0.7;
const FAST_THRESHOLD = 12;
export const MAX_FEATURES = 500;
const ANGLE_BINS = 32;

/** The 16 pixels of the radius-3 circle FAST looks at, in order around it. */
const CIRCLE: readonly [number, number][] = [
  [0, -3], [1, -3], [2, -2], [3, -1], [3, 0], [3, 1], [2, 2], [1, 3],
  [0, 3], [-1, 3], [-2, 2], [-3, 1], [-3, 0], [-3, -1], [-2, -2], [-1, -3],
];

/** 256 pairs of points in the disk (x1, y1, x2, y2), drawn once from seed 7, and turned to each of ANGLE_BINS angles. */
const PATTERNS: Int8Array[] = (() => {
  const random = new Random(7);
  const base = new Float64Array(256 * 4);
  for (let k = 0; k < base.length; k += 2) {
    let x: number;
    let y: number;
    do {
      x = random.normal() * (RADIUS / 2);
      y = random.normal() * (RADIUS / 2);
    } while (x * x + y * y > (RADIUS - 0.5) ** 2);
    base[k] = x;
    base[k + 1] = y;
  }
  return Array.from({ length: ANGLE_BINS }, (_, bin) => {
    const angle = (2 * Math.PI * bin) / ANGLE_BINS;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    const turned = new Int8Array(base.length);
    for (let k = 0; k < base.length; k += 2) {
      turned[k] = Math.round(c * base[k]! - s * base[k + 1]!);
      turned[k + 1] = Math.round(s * base[k]! + c * base[k + 1]!);
    }
    return turned;
  });
})();

/** The offsets of the disk the orientation is measured on. */
const DISK: readonly [number, number][] = (() => {
  const out: [number, number][] = [];
  for (let dy = -RADIUS; dy <= RADIUS; dy++) for (let dx = -RADIUS; dx <= RADIUS; dx++) if (dx * dx + dy * dy <= RADIUS * RADIUS) out.push([dx, dy]);
  return out;
})();

/** One row or column of a [1 4 6 4 1] blur: `count` values `step` apart from `start`, edges repeated. */
function blurLine(from: ArrayLike<number>, to: Uint16Array | Uint8Array, start: number, step: number, count: number, divide: number): void {
  const at = (k: number) => from[start + Math.min(count - 1, Math.max(0, k)) * step]!;
  for (let k = 0; k < count; k++) {
    const i = start + k * step;
    const sum =
      k >= 2 && k < count - 2
        ? from[i - 2 * step]! + 4 * from[i - step]! + 6 * from[i]! + 4 * from[i + step]! + from[i + 2 * step]!
        : at(k - 2) + 4 * at(k - 1) + 6 * at(k) + 4 * at(k + 1) + at(k + 2);
    to[i] = divide === 1 ? sum : (sum + (divide >> 1)) / divide;
  }
}

/** A separable [1 4 6 4 1] / 16 blur, edges repeated. */
function smooth({ luma, width, height }: GreyImage): GreyImage {
  const across = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) blurLine(luma, across, y * width, 1, width, 1);
  const out = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) blurLine(across, out, x, width, height, 256);
  return { luma: out, width, height };
}

/** The picture scaled by `scale` (< 1), bilinear from a smoothed source. */
function shrink(source: GreyImage, scale: number): GreyImage {
  const width = Math.max(1, Math.round(source.width * scale));
  const height = Math.max(1, Math.round(source.height * scale));
  const luma = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(source.height - 1.001, (y + 0.5) / scale - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const fy = Math.max(0, sy - y0);
    for (let x = 0; x < width; x++) {
      const sx = Math.min(source.width - 1.001, (x + 0.5) / scale - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const fx = Math.max(0, sx - x0);
      const i = y0 * source.width + x0;
      const top = source.luma[i]! * (1 - fx) + source.luma[i + 1]! * fx;
      const bottom = source.luma[i + source.width]! * (1 - fx) + source.luma[i + source.width + 1]! * fx;
      luma[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { luma, width, height };
}

/** Whether a set of the four compass pixels (bits 0, 4, 8, 12 as 1, 2, 4, 8) holds two neighbours. */
const ADJACENT = Uint8Array.from({ length: 16 }, (_, m) => ((m & (m >> 1)) !== 0 || ((m & 8) !== 0 && (m & 1) !== 0) ? 1 : 0));

/** FAST-9 scores (0 where no corner) of every pixel at least MARGIN from the edge. */
function fastScores({ luma, width, height }: GreyImage): Float32Array {
  const scores = new Float32Array(width * height);
  const offsets = CIRCLE.map(([dx, dy]) => dy * width + dx);
  const t = FAST_THRESHOLD;
  for (let y = MARGIN; y < height - MARGIN; y++) {
    for (let x = MARGIN; x < width - MARGIN; x++) {
      const p = y * width + x;
      const c = luma[p]!;
      // Any run of 9 of the 16 holds two neighbours of pixels 0, 4, 8 and 12.
      const n0 = luma[p + offsets[0]!]! - c;
      const n4 = luma[p + offsets[4]!]! - c;
      const n8 = luma[p + offsets[8]!]! - c;
      const n12 = luma[p + offsets[12]!]! - c;
      const brightCross = (n0 > t ? 1 : 0) | (n4 > t ? 2 : 0) | (n8 > t ? 4 : 0) | (n12 > t ? 8 : 0);
      const darkCross = (n0 < -t ? 1 : 0) | (n4 < -t ? 2 : 0) | (n8 < -t ? 4 : 0) | (n12 < -t ? 8 : 0);
      if (!ADJACENT[brightCross] && !ADJACENT[darkCross]) continue;
      let bright = 0;
      let dark = 0;
      let brightSum = 0;
      let darkSum = 0;
      for (let k = 0; k < 16; k++) {
        const d = luma[p + offsets[k]!]! - c;
        if (d > t) {
          bright |= 1 << k;
          brightSum += d - t;
        } else if (d < -t) {
          dark |= 1 << k;
          darkSum -= d + t;
        }
      }
      const score = Math.max(hasRun(bright) ? brightSum : 0, hasRun(dark) ? darkSum : 0);
      if (score > 0) scores[p] = score;
    }
  }
  return scores;
}

/** Whether 9 neighbouring bits of the 16 (around the circle) are all set. */
function hasRun(mask: number): boolean {
  if (mask === 0) return false;
  const doubled = mask | (mask << 16);
  let run = doubled;
  for (let k = 1; k < 9; k++) run &= doubled >>> k;
  return run !== 0;
}

interface Corner {
  x: number;
  y: number;
  score: number;
}

/** Corners that are the strongest of their 3 × 3 neighbourhood, strongest first, at most `limit`. */
function strongest(scores: Float32Array, width: number, height: number, limit: number): Corner[] {
  const out: Corner[] = [];
  for (let y = MARGIN; y < height - MARGIN; y++) {
    for (let x = MARGIN; x < width - MARGIN; x++) {
      const p = y * width + x;
      const s = scores[p]!;
      if (s === 0) continue;
      let top = true;
      for (let dy = -1; dy <= 1 && top; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx || dy) && scores[p + dy * width + dx]! > s) top = false;
      if (top) out.push({ x, y, score: s });
    }
  }
  return out.sort((a, b) => b.score - a.score).slice(0, limit);
}

/** The angle of the patch's intensity centroid, as one of ANGLE_BINS bins. */
function angleBin({ luma, width }: GreyImage, x: number, y: number): number {
  let m10 = 0;
  let m01 = 0;
  const p = y * width + x;
  for (const [dx, dy] of DISK) {
    const v = luma[p + dy * width + dx]!;
    m10 += dx * v;
    m01 += dy * v;
  }
  const angle = Math.atan2(m01, m10);
  return ((Math.round((angle / (2 * Math.PI)) * ANGLE_BINS) % ANGLE_BINS) + ANGLE_BINS) % ANGLE_BINS;
}

/** Corners and descriptors of a greyscale picture: at most `maxFeatures`, spread over the pyramid by area. */
export function detectFeatures(image: GreyImage, maxFeatures = MAX_FEATURES): ImageFeatures {
  const points: number[] = [];
  const words: number[] = [];
  let level = image;
  const areas = Array.from({ length: LEVELS }, (_, l) => LEVEL_SCALE ** (2 * l));
  const total = areas.reduce((a, b) => a + b, 0);
  for (let l = 0; l < LEVELS; l++) {
    if (level.width <= 2 * MARGIN || level.height <= 2 * MARGIN) break;
    const blurred = smooth(level);
    const corners = strongest(fastScores(level), level.width, level.height, Math.round((maxFeatures * areas[l]!) / total));
    for (const corner of corners) {
      const pattern = PATTERNS[angleBin(level, corner.x, corner.y)]!;
      const centre = corner.y * level.width + corner.x;
      for (let w = 0; w < 8; w++) {
        let bits = 0;
        for (let b = 0; b < 32; b++) {
          const k = (w * 32 + b) * 4;
          const first = blurred.luma[centre + pattern[k + 1]! * level.width + pattern[k]!]!;
          const second = blurred.luma[centre + pattern[k + 3]! * level.width + pattern[k + 2]!]!;
          if (first < second) bits |= 1 << b;
        }
        words.push(bits >>> 0);
      }
      // Back to the picture given: this level's pixel centres scaled by its own width and height.
      points.push(((corner.x + 0.5) * image.width) / level.width - 0.5, ((corner.y + 0.5) * image.height) / level.height - 0.5);
    }
    level = shrink(blurred, LEVEL_SCALE);
  }
  return { width: image.width, height: image.height, count: points.length / 2, points: Float32Array.from(points), descriptors: Uint32Array.from(words) };
}
