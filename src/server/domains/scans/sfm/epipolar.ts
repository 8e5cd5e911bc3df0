/**
 * Epipolar geometry between two views: the normalised 8-point estimate of the fundamental matrix
 * (pixel coordinates) or of the essential matrix (normalised coordinates), their Sampson error and a
 * seeded MSAC-scored RANSAC around them. Constraint: x₂ᵀ · F · x₁ = 0.
 */
import type { Mat3 } from '../../../../shared/geometry/linalg.ts';
import { choleskySolveInPlace, cross3, matrix, mul3, norm3, nullVector, nullVectorOfMinimal, rotationFromVector, svd, transpose3 } from '../../../../shared/geometry/linalg.ts';
import { Random, ransacIterations } from '../../../../shared/geometry/random.ts';
import { decomposeEssential } from './triangulate.ts';

/** Translation and scale taking the chosen points to centroid 0 and mean distance √2 (Hartley). */
function conditioning(points: ArrayLike<number>, indices: ArrayLike<number>): Mat3 {
  let mx = 0;
  let my = 0;
  const n = indices.length;
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    mx += points[2 * i]!;
    my += points[2 * i + 1]!;
  }
  mx /= n;
  my /= n;
  let spread = 0;
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    spread += Math.hypot(points[2 * i]! - mx, points[2 * i + 1]! - my);
  }
  const s = spread > 0 ? (Math.SQRT2 * n) / spread : 1;
  return Float64Array.of(s, 0, -s * mx, 0, s, -s * my, 0, 0, 1);
}

function allIndices(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i);
}

/**
 * The 8-point estimate from at least 8 correspondences (x, y pairs in x1 and x2, the same index in
 * each): rank 2 is enforced; with `essential` the two singular values are also made equal, as an
 * essential matrix's are. Null when the points are degenerate.
 */
export function eightPoint(x1: ArrayLike<number>, x2: ArrayLike<number>, indices: ArrayLike<number> = allIndices(x1.length / 2), essential = false): Mat3 | null {
  const n = indices.length;
  if (n < 8) return null;
  const t1 = conditioning(x1, indices);
  const t2 = conditioning(x2, indices);
  const a = matrix(n, 9);
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    const u1 = t1[0]! * x1[2 * i]! + t1[2]!;
    const v1 = t1[4]! * x1[2 * i + 1]! + t1[5]!;
    const u2 = t2[0]! * x2[2 * i]! + t2[2]!;
    const v2 = t2[4]! * x2[2 * i + 1]! + t2[5]!;
    a.data.set([u2 * u1, u2 * v1, u2, v2 * u1, v2 * v1, v2, u1, v1, 1], k * 9);
  }
  const f = n === 8 ? nullVectorOfMinimal(a) : nullVector(a);
  if (!f) return null;
  const { u, s, v } = svd(matrix(3, 3, f));
  const s0 = s[0]!;
  const s1 = s[1]!;
  if (!(s0 > 0)) return null;
  const ud = u.data;
  const vd = v.data;
  const ranked = new Float64Array(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) ranked[r * 3 + c] = ud[r * 3]! * s0 * vd[c * 3]! + ud[r * 3 + 1]! * s1 * vd[c * 3 + 1]!;
  // Undo the conditioning: F = T₂ᵀ · F̂ · T₁.
  const out = mul3(mul3(transpose3(t2), ranked), t1);
  let norm = 0;
  for (let k = 0; k < 9; k++) norm += out[k]! ** 2;
  norm = Math.sqrt(norm);
  if (!(norm > 0) || !Number.isFinite(norm)) return null;
  for (let k = 0; k < 9; k++) out[k]! /= norm;
  if (essential) {
    // The nearest essential matrix: singular values (1, 1, 0).
    const e = svd(matrix(3, 3, out));
    const eu = e.u.data;
    const ev = e.v.data;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[r * 3 + c] = eu[r * 3]! * ev[c * 3]! + eu[r * 3 + 1]! * ev[c * 3 + 1]!;
  }
  return out;
}

/** Squared Sampson distance of one correspondence to the epipolar constraint (first-order geometric error). */
export function sampsonError(f: ArrayLike<number>, u1: number, v1: number, u2: number, v2: number): number {
  const fx0 = f[0]! * u1 + f[1]! * v1 + f[2]!;
  const fx1 = f[3]! * u1 + f[4]! * v1 + f[5]!;
  const fx2 = f[6]! * u1 + f[7]! * v1 + f[8]!;
  const ftx0 = f[0]! * u2 + f[3]! * v2 + f[6]!;
  const ftx1 = f[1]! * u2 + f[4]! * v2 + f[7]!;
  const c = u2 * fx0 + v2 * fx1 + fx2;
  const d = fx0 * fx0 + fx1 * fx1 + ftx0 * ftx0 + ftx1 * ftx1;
  return d > 0 ? (c * c) / d : Infinity;
}

export interface EpipolarRansacOptions {
  /** Inlier threshold, in the units of the points (pixels for F; pixels / focal length for E). */
  readonly threshold: number;
  readonly random?: Random;
  readonly maxIterations?: number;
  readonly confidence?: number;
}

export interface EpipolarEstimate {
  readonly matrix: Mat3;
  /** 1 for an inlier correspondence. */
  readonly inliers: Uint8Array;
  readonly inlierCount: number;
}

function score(f: Mat3, x1: ArrayLike<number>, x2: ArrayLike<number>, t2: number, mask: Uint8Array | null): { cost: number; count: number } {
  const n = x1.length / 2;
  let cost = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const e = sampsonError(f, x1[2 * i]!, x1[2 * i + 1]!, x2[2 * i]!, x2[2 * i + 1]!);
    const inlier = e < t2;
    if (mask) mask[i] = inlier ? 1 : 0;
    if (inlier) count++;
    cost += inlier ? e : t2;
  }
  return { cost, count };
}

function ransac(x1: ArrayLike<number>, x2: ArrayLike<number>, options: EpipolarRansacOptions): EpipolarEstimate | null {
  const n = Math.min(x1.length, x2.length) / 2;
  if (n < 8) return null;
  const random = options.random ?? new Random(1);
  const cap = options.maxIterations ?? 2000;
  const confidence = options.confidence ?? 0.999;
  const t2 = options.threshold * options.threshold;
  const sample = new Int32Array(8);
  let best: Mat3 | null = null;
  let bestCost = Infinity;
  let bestCount = 0;
  let needed = cap;
  for (let it = 0; it < needed && it < cap; it++) {
    random.sample(n, 8, sample);
    const f = eightPoint(x1, x2, sample);
    if (!f) continue;
    const { cost, count } = score(f, x1, x2, t2, null);
    if (cost < bestCost) {
      bestCost = cost;
      best = f;
      bestCount = count;
      needed = ransacIterations(count / n, 8, confidence, cap);
    }
  }
  if (!best || bestCount < 8) return null;
  // Refit on every inlier, twice, keeping the refit only when it scores better.
  let mask = new Uint8Array(n);
  score(best, x1, x2, t2, mask);
  for (let round = 0; round < 2; round++) {
    const inlierIdx = Int32Array.from(mask.reduce<number[]>((acc, m, i) => (m ? (acc.push(i), acc) : acc), []));
    const refit = eightPoint(x1, x2, inlierIdx);
    if (!refit) break;
    const refitMask = new Uint8Array(n);
    const refitScore = score(refit, x1, x2, t2, refitMask);
    if (refitScore.cost >= bestCost) break;
    best = refit;
    bestCost = refitScore.cost;
    bestCount = refitScore.count;
    mask = refitMask;
  }
  return { matrix: best, inliers: mask, inlierCount: bestCount };
}

/** Fundamental matrix from pixel correspondences with RANSAC; threshold in pixels. */
export function estimateFundamental(x1: ArrayLike<number>, x2: ArrayLike<number>, options: EpipolarRansacOptions): EpipolarEstimate | null {
  return ransac(x1, x2, options);
}

/**
 * Essential matrix from normalised correspondences; threshold in normalised units (pixels / f). RANSAC
 * draws rank-2 8-point estimates in normalised coordinates (the projection onto essential matrices of
 * an 8-point sample can be far off); the best is projected and then refined over its five degrees of
 * freedom (rotation and direction of travel) by minimising the Sampson error of its inliers.
 */
export function estimateEssential(x1: ArrayLike<number>, x2: ArrayLike<number>, options: EpipolarRansacOptions): EpipolarEstimate | null {
  const found = ransac(x1, x2, options);
  if (!found) return null;
  const e = refineEssential(found.matrix, x1, x2, found.inliers);
  const mask = new Uint8Array(found.inliers.length);
  const { count } = score(e, x1, x2, options.threshold * options.threshold, mask);
  return { matrix: e, inliers: mask, inlierCount: count };
}

/** E = K₂ᵀ · F · K₁ for cameras with intrinsic matrices K₁ and K₂. */
export function essentialFromFundamental(f: ArrayLike<number>, k1: ArrayLike<number>, k2: ArrayLike<number>): Mat3 {
  return mul3(mul3(transpose3(k2), f), k1);
}

function essentialOf(r: ArrayLike<number>, t: ArrayLike<number>): Mat3 {
  return mul3(Float64Array.of(0, -t[2]!, t[1]!, t[2]!, 0, -t[0]!, -t[1]!, t[0]!, 0), r);
}

/** Signed Sampson residuals of the selected correspondences, written into out. */
function sampsonResiduals(e: Mat3, x1: ArrayLike<number>, x2: ArrayLike<number>, selected: Int32Array, out: Float64Array): number {
  let cost = 0;
  for (let k = 0; k < selected.length; k++) {
    const i = selected[k]!;
    const u1 = x1[2 * i]!;
    const v1 = x1[2 * i + 1]!;
    const u2 = x2[2 * i]!;
    const v2 = x2[2 * i + 1]!;
    const fx0 = e[0]! * u1 + e[1]! * v1 + e[2]!;
    const fx1 = e[3]! * u1 + e[4]! * v1 + e[5]!;
    const ftx0 = e[0]! * u2 + e[3]! * v2 + e[6]!;
    const ftx1 = e[1]! * u2 + e[4]! * v2 + e[7]!;
    const c = u2 * fx0 + v2 * fx1 + e[6]! * u1 + e[7]! * v1 + e[8]!;
    const r = c / Math.sqrt(fx0 * fx0 + fx1 * fx1 + ftx0 * ftx0 + ftx1 * ftx1 || 1e-300);
    out[k] = r;
    cost += r * r;
  }
  return cost;
}

/**
 * Levenberg–Marquardt over E = [t]×·R with R ← exp(ω)·R and t ← normalise(t + a·b₁ + b·b₂) (b₁, b₂ ⟂ t),
 * minimising the squared Sampson distances of the inliers; numeric Jacobian, at most `iterations` steps.
 */
export function refineEssential(e0: ArrayLike<number>, x1: ArrayLike<number>, x2: ArrayLike<number>, inliers: Uint8Array, iterations = 15): Mat3 {
  const selected = Int32Array.from(inliers.reduce<number[]>((acc, m, i) => (m ? (acc.push(i), acc) : acc), []));
  const m = selected.length;
  const start = decomposeEssential(e0)[0]!;
  let r = start.R;
  let t = start.t;
  const residuals = new Float64Array(m);
  const trial = new Float64Array(m);
  const jac = new Float64Array(m * 5);
  let cost = sampsonResiduals(essentialOf(r, t), x1, x2, selected, residuals);
  let lambda = 1e-3;
  const step = (delta: ArrayLike<number>, rr: Mat3, tt: ArrayLike<number>): { R: Mat3; t: Float64Array } => {
    const helper = Math.abs(tt[0]!) < 0.9 ? [1, 0, 0] : [0, 1, 0];
    const b1 = cross3(tt, helper);
    const n1 = norm3(b1);
    const b2 = cross3(tt, b1);
    const n2 = norm3(b2);
    const moved = Float64Array.from([0, 1, 2], (k) => tt[k]! + (delta[3]! * b1[k]!) / n1 + (delta[4]! * b2[k]!) / n2);
    const len = norm3(moved);
    return { R: mul3(rotationFromVector([delta[0]!, delta[1]!, delta[2]!]), rr), t: moved.map((v) => v / len) };
  };
  for (let it = 0; it < iterations && m >= 5; it++) {
    const h = 1e-7;
    for (let p = 0; p < 5; p++) {
      const d = new Float64Array(5);
      d[p] = h;
      const plus = step(d, r, t);
      sampsonResiduals(essentialOf(plus.R, plus.t), x1, x2, selected, trial);
      for (let k = 0; k < m; k++) jac[k * 5 + p] = (trial[k]! - residuals[k]!) / h;
    }
    const jtj = new Float64Array(25);
    const jtr = new Float64Array(5);
    for (let k = 0; k < m; k++) {
      for (let a = 0; a < 5; a++) {
        const ja = jac[k * 5 + a]!;
        jtr[a]! -= ja * residuals[k]!;
        for (let b = a; b < 5; b++) jtj[a * 5 + b]! += ja * jac[k * 5 + b]!;
      }
    }
    let improved = false;
    while (lambda < 1e8) {
      const a = new Float64Array(25);
      for (let i = 0; i < 5; i++) for (let j = i; j < 5; j++) a[i * 5 + j] = a[j * 5 + i] = jtj[i * 5 + j]!;
      for (let i = 0; i < 5; i++) a[i * 6]! += lambda * (a[i * 6]! + 1e-12);
      const delta = Float64Array.from(jtr);
      if (choleskySolveInPlace(a, delta, 5)) {
        const next = step(delta, r, t);
        const nextCost = sampsonResiduals(essentialOf(next.R, next.t), x1, x2, selected, trial);
        if (nextCost < cost) {
          improved = cost - nextCost > 1e-10 * cost;
          r = next.R;
          t = next.t;
          cost = nextCost;
          residuals.set(trial);
          lambda = Math.max(lambda / 5, 1e-9);
          break;
        }
      }
      lambda *= 4;
    }
    if (!improved) break;
  }
  return essentialOf(r, t);
}
