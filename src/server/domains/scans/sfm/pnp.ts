/**
 * Placing a camera from 2D–3D correspondences: the direct linear transform (DLT) of the 3×4 camera
 * matrix from six or more points in normalised image coordinates, inside seeded RANSAC scored on the
 * reprojection error in pixels, then Levenberg–Marquardt refinement of the pose on the inliers.
 * The DLT needs the points to span three dimensions: a flat scene (all points on one plane) defeats it.
 */
import type { Pose } from './camera.ts';
import { choleskySolveInPlace, det3, matrix, mul3, nullVector, rotationFromVector, svd, transpose3, vec3 } from '../../../../shared/geometry/linalg.ts';
import { Random, ransacIterations } from '../../../../shared/geometry/random.ts';

/**
 * The pose from at least six correspondences: world points (x, y, z triples) and normalised image
 * points (x, y pairs), both conditioned (centroid and scale) before the 2n × 12 system is solved.
 */
export function pnpDlt(world: ArrayLike<number>, image: ArrayLike<number>, indices: ArrayLike<number>): Pose | null {
  const n = indices.length;
  if (n < 6) return null;
  let mx = 0;
  let my = 0;
  let mz = 0;
  let mu = 0;
  let mv = 0;
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    mx += world[3 * i]!;
    my += world[3 * i + 1]!;
    mz += world[3 * i + 2]!;
    mu += image[2 * i]!;
    mv += image[2 * i + 1]!;
  }
  mx /= n;
  my /= n;
  mz /= n;
  mu /= n;
  mv /= n;
  let spread3 = 0;
  let spread2 = 0;
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    spread3 += Math.hypot(world[3 * i]! - mx, world[3 * i + 1]! - my, world[3 * i + 2]! - mz);
    spread2 += Math.hypot(image[2 * i]! - mu, image[2 * i + 1]! - mv);
  }
  const s3 = spread3 > 0 ? (Math.sqrt(3) * n) / spread3 : 1;
  const s2 = spread2 > 0 ? (Math.SQRT2 * n) / spread2 : 1;
  const a = matrix(2 * n, 12);
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    const X = [(world[3 * i]! - mx) * s3, (world[3 * i + 1]! - my) * s3, (world[3 * i + 2]! - mz) * s3, 1];
    const u = (image[2 * i]! - mu) * s2;
    const v = (image[2 * i + 1]! - mv) * s2;
    const r1 = k * 24;
    const r2 = r1 + 12;
    for (let c = 0; c < 4; c++) {
      a.data[r1 + c] = X[c]!;
      a.data[r1 + 8 + c] = -u * X[c]!;
      a.data[r2 + 4 + c] = X[c]!;
      a.data[r2 + 8 + c] = -v * X[c]!;
    }
  }
  const ph = nullVector(a);
  // Undo the conditioning: P = T₂⁻¹ · P̂ · T₃.
  const p = new Float64Array(12);
  for (let r = 0; r < 3; r++) {
    const row = [ph[4 * r]!, ph[4 * r + 1]!, ph[4 * r + 2]!, ph[4 * r + 3]!];
    for (let c = 0; c < 3; c++) p[4 * r + c] = row[c]! * s3;
    p[4 * r + 3] = row[3]! - s3 * (row[0]! * mx + row[1]! * my + row[2]! * mz);
  }
  for (let c = 0; c < 4; c++) {
    const third = p[8 + c]!;
    p[c] = p[c]! / s2 + mu * third;
    p[4 + c] = p[4 + c]! / s2 + mv * third;
  }
  let m = Float64Array.of(p[0]!, p[1]!, p[2]!, p[4]!, p[5]!, p[6]!, p[8]!, p[9]!, p[10]!);
  let sign = 1;
  if (det3(m) < 0) {
    sign = -1;
    m = m.map((x) => -x);
  }
  const { u, s, v } = svd(matrix(3, 3, m));
  const R = mul3(u.data, transpose3(v.data));
  if (det3(R) < 0) return null;
  const scale = (s[0]! + s[1]! + s[2]!) / 3;
  if (!(scale > 0)) return null;
  return { R, t: vec3((sign * p[3]!) / scale, (sign * p[7]!) / scale, (sign * p[11]!) / scale) };
}

/** Squared reprojection error in normalised units of correspondence i; Infinity behind the camera. */
function squaredError(pose: Pose, world: ArrayLike<number>, image: ArrayLike<number>, i: number): number {
  const r = pose.R;
  const t = pose.t;
  const x = world[3 * i]!;
  const y = world[3 * i + 1]!;
  const z = world[3 * i + 2]!;
  const cz = r[6]! * x + r[7]! * y + r[8]! * z + t[2]!;
  if (!(cz > 0)) return Infinity;
  const cx = r[0]! * x + r[1]! * y + r[2]! * z + t[0]!;
  const cy = r[3]! * x + r[4]! * y + r[5]! * z + t[1]!;
  return (cx / cz - image[2 * i]!) ** 2 + (cy / cz - image[2 * i + 1]!) ** 2;
}

/**
 * Gauss–Newton with Levenberg–Marquardt damping over R ← exp(ω)·R, t ← t + δ, minimising the squared
 * reprojection errors (normalised units) of the chosen correspondences.
 */
export function refinePose(start: Pose, world: ArrayLike<number>, image: ArrayLike<number>, indices: ArrayLike<number>, iterations = 20): Pose {
  let pose = start;
  const cost = (candidate: Pose): number => {
    let sum = 0;
    for (let k = 0; k < indices.length; k++) sum += Math.min(squaredError(candidate, world, image, indices[k]!), 1);
    return sum;
  };
  let current = cost(pose);
  let lambda = 1e-3;
  for (let it = 0; it < iterations; it++) {
    const jtj = new Float64Array(36);
    const jtr = new Float64Array(6);
    const r = pose.R;
    const t = pose.t;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      const x = world[3 * i]!;
      const y = world[3 * i + 1]!;
      const z = world[3 * i + 2]!;
      const rx = r[0]! * x + r[1]! * y + r[2]! * z;
      const ry = r[3]! * x + r[4]! * y + r[5]! * z;
      const rz = r[6]! * x + r[7]! * y + r[8]! * z;
      const cx = rx + t[0]!;
      const cy = ry + t[1]!;
      const cz = rz + t[2]!;
      if (!(cz > 1e-12)) continue;
      const iz = 1 / cz;
      const ex = cx * iz - image[2 * i]!;
      const ey = cy * iz - image[2 * i + 1]!;
      // d(camera point)/dω = −[R·X]×, d/dt = I; then the projection's derivative.
      const jx = [0, 0, 0, iz, 0, -cx * iz * iz];
      const jy = [0, 0, 0, 0, iz, -cy * iz * iz];
      const dXc = [
        [0, rz, -ry],
        [-rz, 0, rx],
        [ry, -rx, 0],
      ];
      for (let c = 0; c < 3; c++) {
        jx[c] = iz * dXc[0]![c]! - cx * iz * iz * dXc[2]![c]!;
        jy[c] = iz * dXc[1]![c]! - cy * iz * iz * dXc[2]![c]!;
      }
      for (let a = 0; a < 6; a++) {
        jtr[a]! -= jx[a]! * ex + jy[a]! * ey;
        for (let b = a; b < 6; b++) jtj[a * 6 + b]! += jx[a]! * jx[b]! + jy[a]! * jy[b]!;
      }
    }
    let accepted = false;
    while (lambda < 1e10) {
      const a = new Float64Array(36);
      for (let i = 0; i < 6; i++) for (let j = i; j < 6; j++) a[i * 6 + j] = a[j * 6 + i] = jtj[i * 6 + j]!;
      for (let i = 0; i < 6; i++) a[i * 7]! += lambda * (a[i * 7]! + 1e-12);
      const delta = Float64Array.from(jtr);
      if (choleskySolveInPlace(a, delta, 6)) {
        const next: Pose = { R: mul3(rotationFromVector([delta[0]!, delta[1]!, delta[2]!]), r), t: vec3(t[0]! + delta[3]!, t[1]! + delta[4]!, t[2]! + delta[5]!) };
        const nextCost = cost(next);
        if (nextCost < current) {
          accepted = current - nextCost > 1e-12 * current;
          pose = next;
          current = nextCost;
          lambda = Math.max(lambda / 5, 1e-12);
          break;
        }
      }
      lambda *= 4;
    }
    if (!accepted) break;
  }
  return pose;
}

export interface PnpOptions {
  /** Inlier threshold on the reprojection error, normalised units (pixels / f). */
  readonly threshold: number;
  readonly random?: Random;
  readonly maxIterations?: number;
  readonly confidence?: number;
  /**
   * Poses the camera is likely near (the placed photos that share the most points with it): each
   * sample is also fitted by Levenberg–Marquardt from each of them, which works where the DLT cannot
   * (points on or near one plane).
   */
  readonly priors?: readonly Pose[];
}

export interface PnpEstimate {
  readonly pose: Pose;
  readonly inliers: Uint8Array;
  readonly inlierCount: number;
}

function classify(pose: Pose, world: ArrayLike<number>, image: ArrayLike<number>, t2: number, mask: Uint8Array | null): { cost: number; count: number } {
  const n = image.length / 2;
  let cost = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const e = squaredError(pose, world, image, i);
    const inlier = e < t2;
    if (mask) mask[i] = inlier ? 1 : 0;
    if (inlier) count++;
    cost += inlier ? e : t2;
  }
  return { cost, count };
}

function indicesOf(mask: Uint8Array): Int32Array {
  return Int32Array.from(mask.reduce<number[]>((acc, m, i) => (m ? (acc.push(i), acc) : acc), []));
}

/** Share of the correspondences within the threshold that a hypothesis must reach, against the best so far, to be refined. */
const PROMISING = 0.7;

/**
 * The pose of a camera from correspondences between world points and normalised image points, with
 * outliers: RANSAC over 6-point samples (the DLT, and a fit from each prior pose), then refinement. A DLT from six noisy points (keypoints
 * sit on a scale pyramid, about a pixel out) is often several pixels off even when all six are right,
 * and worse when most points lie on one face of the object, so each hypothesis is first judged with a
 * threshold three times wider; a promising one is refined by Levenberg–Marquardt on those wide inliers
 * (local optimisation) and only then scored at the real threshold.
 */
export function estimatePose(world: ArrayLike<number>, image: ArrayLike<number>, options: PnpOptions): PnpEstimate | null {
  const n = Math.min(world.length / 3, image.length / 2);
  if (n < 6) return null;
  const random = options.random ?? new Random(1);
  const cap = options.maxIterations ?? 1000;
  const confidence = options.confidence ?? 0.999;
  const t2 = options.threshold * options.threshold;
  const wide2 = 9 * t2;
  const sample = new Int32Array(6);
  let best: Pose | null = null;
  let bestCost = Infinity;
  let bestWide = 0;
  let needed = cap;
  const mask = new Uint8Array(n);
  for (let it = 0; it < needed && it < cap; it++) {
    random.sample(n, 6, sample);
    let guess: Pose | null = null;
    let wide = 0;
    for (const start of [pnpDlt(world, image, sample), ...(options.priors ?? []).map((prior) => refinePose(prior, world, image, sample, 8))]) {
      const count = start ? classify(start, world, image, wide2, null).count : 0;
      if (start && count > wide) [guess, wide] = [start, count];
    }
    if (!guess || wide < 6 || wide < PROMISING * bestWide) continue;
    classify(guess, world, image, wide2, mask);
    bestWide = Math.max(bestWide, wide);
    // Local optimisation: refine on the wide inliers, then on the inliers of the real threshold.
    let pose = refinePose(guess, world, image, indicesOf(mask), 10);
    let { cost, count } = classify(pose, world, image, t2, mask);
    if (count >= 6) {
      const again = refinePose(pose, world, image, indicesOf(mask), 10);
      const score = classify(again, world, image, t2, null);
      if (score.cost < cost) ({ pose, cost, count } = { pose: again, ...score });
    }
    if (cost >= bestCost) continue;
    best = pose;
    bestCost = cost;
    needed = ransacIterations(Math.max(count, wide) / n, 6, confidence, cap);
  }
  if (!best) return null;
  classify(best, world, image, t2, mask);
  let inlierIdx = indicesOf(mask);
  if (inlierIdx.length < 6) return null;
  let pose = refinePose(best, world, image, inlierIdx);
  let { count } = classify(pose, world, image, t2, mask);
  inlierIdx = indicesOf(mask);
  if (inlierIdx.length >= 6) {
    pose = refinePose(pose, world, image, inlierIdx);
    count = classify(pose, world, image, t2, mask).count;
  }
  return { pose, inliers: mask, inlierCount: count };
}
