import { invert3, matrix, mul3, solveLeastSquares, type Mat3 } from './linalg.ts';
import { Random, ransacIterations } from './random.ts';

/**
 * Plane-to-plane maps (3 × 3, row-major, acting on [x, y, 1]) between two pictures: four
 * correspondences give one exactly, RANSAC finds the one most matches agree with, and a normalised
 * least-squares fit on its inliers refines it.
 */

/** Where m takes (x, y), or null behind the camera (w ≤ 0). */
export function applyHomography(m: ArrayLike<number>, x: number, y: number): [number, number] | null {
  const w = m[6]! * x + m[7]! * y + m[8]!;
  if (!(w > 1e-12)) return null;
  return [(m[0]! * x + m[1]! * y + m[2]!) / w, (m[3]! * x + m[4]! * y + m[5]!) / w];
}

/** The map of the unit square's corners (0,0) (1,0) (1,1) (0,1) onto a quadrilateral (Heckbert's closed form), or null when it is degenerate. */
function squareTo(q: ArrayLike<number>): Mat3 | null {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = [q[0]!, q[1]!, q[2]!, q[3]!, q[4]!, q[5]!, q[6]!, q[7]!];
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const den = dx1 * dy2 - dx2 * dy1;
  if (Math.abs(den) < 1e-9) return null;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return Float64Array.of(x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1);
}

/** The homography taking the four points `from` (x, y, …) onto `to`, or null when either four are degenerate. */
export function homographyFrom4(from: ArrayLike<number>, to: ArrayLike<number>): Mat3 | null {
  const a = squareTo(from);
  const b = squareTo(to);
  const inverse = a && invert3(a);
  return b && inverse ? mul3(b, inverse) : null;
}

/** Twice the signed area of a triangle. */
function cross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/** Whether four points make a convex quadrilateral in this order, turning one way throughout (no three nearly in line). */
export function isConvexQuad(q: ArrayLike<number>, minArea = 1): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const a = (k + 1) % 4;
    const b = (k + 2) % 4;
    const turn = cross(q[2 * k]!, q[2 * k + 1]!, q[2 * a]!, q[2 * a + 1]!, q[2 * b]!, q[2 * b + 1]!);
    if (Math.abs(turn) < minArea) return false;
    if (sign === 0) sign = Math.sign(turn);
    else if (Math.sign(turn) !== sign) return false;
  }
  return true;
}

const TRIPLES = [
  [0, 1, 2],
  [0, 1, 3],
  [0, 2, 3],
  [1, 2, 3],
] as const;

function sameTurns(a: ArrayLike<number>, b: ArrayLike<number>, minArea = 4): boolean {
  for (const [i, j, k] of TRIPLES) {
    const ta = cross(a[2 * i]!, a[2 * i + 1]!, a[2 * j]!, a[2 * j + 1]!, a[2 * k]!, a[2 * k + 1]!);
    const tb = cross(b[2 * i]!, b[2 * i + 1]!, b[2 * j]!, b[2 * j + 1]!, b[2 * k]!, b[2 * k + 1]!);
    if (Math.abs(ta) < minArea || Math.abs(tb) < minArea || Math.sign(ta) !== Math.sign(tb)) return false;
  }
  return true;
}

/** Centre and scale that take points to mean distance √2 from the origin (Hartley's normalisation). */
function normaliser(points: ArrayLike<number>, chosen: readonly number[]): { cx: number; cy: number; s: number } {
  let cx = 0;
  let cy = 0;
  for (const i of chosen) {
    cx += points[2 * i]!;
    cy += points[2 * i + 1]!;
  }
  cx /= chosen.length;
  cy /= chosen.length;
  let spread = 0;
  for (const i of chosen) spread += Math.hypot(points[2 * i]! - cx, points[2 * i + 1]! - cy);
  const s = spread > 0 ? (Math.SQRT2 * chosen.length) / spread : 1;
  return { cx, cy, s };
}

/** The least-squares homography (h₃₃ = 1) of the chosen correspondences, on normalised coordinates. */
export function fitHomography(from: ArrayLike<number>, to: ArrayLike<number>, chosen: readonly number[]): Mat3 | null {
  if (chosen.length < 4) return null;
  const nf = normaliser(from, chosen);
  const nt = normaliser(to, chosen);
  const a = matrix(2 * chosen.length, 8);
  const b = new Float64Array(2 * chosen.length);
  chosen.forEach((i, r) => {
    const x = (from[2 * i]! - nf.cx) * nf.s;
    const y = (from[2 * i + 1]! - nf.cy) * nf.s;
    const u = (to[2 * i]! - nt.cx) * nt.s;
    const v = (to[2 * i + 1]! - nt.cy) * nt.s;
    a.data.set([x, y, 1, 0, 0, 0, -x * u, -y * u], 16 * r);
    a.data.set([0, 0, 0, x, y, 1, -x * v, -y * v], 16 * r + 8);
    b[2 * r] = u;
    b[2 * r + 1] = v;
  });
  const h = solveLeastSquares(a, b);
  const normalised = Float64Array.of(h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1);
  const into = Float64Array.of(nf.s, 0, -nf.s * nf.cx, 0, nf.s, -nf.s * nf.cy, 0, 0, 1);
  const outOf = invert3(Float64Array.of(nt.s, 0, -nt.s * nt.cx, 0, nt.s, -nt.s * nt.cy, 0, 0, 1));
  if (!outOf || h.some((value) => !Number.isFinite(value))) return null;
  return mul3(outOf, mul3(normalised, into));
}

/** Indices of the correspondences m takes to within `threshold` px of their match. */
function inliersOf(m: ArrayLike<number>, from: ArrayLike<number>, to: ArrayLike<number>, count: number, threshold: number): number[] {
  const out: number[] = [];
  const limit = threshold * threshold;
  for (let i = 0; i < count; i++) {
    const p = applyHomography(m, from[2 * i]!, from[2 * i + 1]!);
    if (p && (p[0] - to[2 * i]!) ** 2 + (p[1] - to[2 * i + 1]!) ** 2 <= limit) out.push(i);
  }
  return out;
}

export interface RansacOptions {
  /** Transfer error, in pixels, within which a match agrees. */
  threshold?: number;
  maxIterations?: number;
  seed?: number;
}

/**
 * The homography most correspondences (from[i] → to[i], x and y interleaved) agree with, refined
 * on its inliers, or null when no four of them make one. Seeded: the same input gives the same answer.
 */
export function ransacHomography(from: ArrayLike<number>, to: ArrayLike<number>, options: RansacOptions = {}): { homography: Mat3; inliers: number[] } | null {
  const count = Math.min(from.length, to.length) >> 1;
  if (count < 4) return null;
  const threshold = options.threshold ?? 3;
  const cap = options.maxIterations ?? 500;
  const random = new Random(options.seed ?? 1);
  const sample = new Int32Array(4);
  const a = new Float64Array(8);
  const b = new Float64Array(8);
  let best: { homography: Mat3; inliers: number[] } | null = null;
  let needed = cap;
  for (let iteration = 0; iteration < needed; iteration++) {
    random.sample(count, 4, sample);
    for (let k = 0; k < 4; k++) {
      const i = sample[k]!;
      a.set([from[2 * i]!, from[2 * i + 1]!], 2 * k);
      b.set([to[2 * i]!, to[2 * i + 1]!], 2 * k);
    }
    // No three in line, and every three turning the same way in both pictures, or the sample cannot be a view of a plane.
    if (!sameTurns(a, b)) continue;
    const m = homographyFrom4(a, b);
    if (!m) continue;
    const inliers = inliersOf(m, from, to, count, threshold);
    if (!best || inliers.length > best.inliers.length) {
      best = { homography: m, inliers };
      needed = ransacIterations(inliers.length / count, 4, 0.999, cap);
    }
  }
  if (!best) return null;
  for (let round = 0; round < 2; round++) {
    const refined = fitHomography(from, to, best.inliers);
    if (!refined) break;
    const inliers = inliersOf(refined, from, to, count, threshold);
    if (inliers.length < best.inliers.length) break;
    best = { homography: refined, inliers };
  }
  return best;
}
