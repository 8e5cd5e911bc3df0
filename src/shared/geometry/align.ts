/**
 * Bringing point sets together: the least-squares similarity (scale, rotation, translation) between
 * corresponding points (Umeyama's method), the deviation of an unordered cloud from a reference cloud
 * by nearest neighbours, and ICP that refines a similarity from a first guess.
 */
import { KdTree } from './kdtree.ts';
import type { Mat3, Vec3 } from './linalg.ts';
import { det3, identity3, matrix, mul3, svd, transpose3, vec3 } from './linalg.ts';

/** y ≈ s · R · x + t */
export interface Similarity {
  readonly scale: number;
  readonly R: Mat3;
  readonly t: Vec3;
}

export function identitySimilarity(): Similarity {
  return { scale: 1, R: identity3(), t: vec3() };
}

export function applySimilarity(sim: Similarity, points: ArrayLike<number>): Float64Array {
  const out = new Float64Array(points.length);
  const { R, t, scale } = sim;
  for (let i = 0; i + 2 < points.length; i += 3) {
    const x = points[i]!;
    const y = points[i + 1]!;
    const z = points[i + 2]!;
    out[i] = scale * (R[0]! * x + R[1]! * y + R[2]! * z) + t[0]!;
    out[i + 1] = scale * (R[3]! * x + R[4]! * y + R[5]! * z) + t[1]!;
    out[i + 2] = scale * (R[6]! * x + R[7]! * y + R[8]! * z) + t[2]!;
  }
  return out;
}

/** a after b: x ↦ a(b(x)). */
export function composeSimilarity(a: Similarity, b: Similarity): Similarity {
  const rt = a.R;
  const t = b.t;
  return {
    scale: a.scale * b.scale,
    R: mul3(a.R, b.R),
    t: vec3(
      a.scale * (rt[0]! * t[0]! + rt[1]! * t[1]! + rt[2]! * t[2]!) + a.t[0]!,
      a.scale * (rt[3]! * t[0]! + rt[4]! * t[1]! + rt[5]! * t[2]!) + a.t[1]!,
      a.scale * (rt[6]! * t[0]! + rt[7]! * t[1]! + rt[8]! * t[2]!) + a.t[2]!,
    ),
  };
}

/** Root mean square distance between corresponding points of two equal-length sets. */
export function rmsDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length) / 3;
  let sum = 0;
  for (let i = 0; i < 3 * n; i++) sum += (a[i]! - b[i]!) ** 2;
  return n ? Math.sqrt(sum / n) : 0;
}

/**
 * The similarity minimising Σ |y_i − (s·R·x_i + t)|² over corresponding points (x and y as x, y, z
 * triples), by Umeyama's closed form; withScale false fixes s = 1 (a rigid motion). Null for fewer than
 * three points or a degenerate source.
 */
export function umeyama(x: ArrayLike<number>, y: ArrayLike<number>, withScale = true, weights?: ArrayLike<number>): (Similarity & { rms: number }) | null {
  const n = Math.min(x.length, y.length) / 3;
  if (n < 3) return null;
  let total = 0;
  const mx = [0, 0, 0];
  const my = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const w = weights ? weights[i]! : 1;
    total += w;
    for (let k = 0; k < 3; k++) {
      mx[k]! += w * x[3 * i + k]!;
      my[k]! += w * y[3 * i + k]!;
    }
  }
  if (!(total > 0)) return null;
  for (let k = 0; k < 3; k++) {
    mx[k]! /= total;
    my[k]! /= total;
  }
  let varX = 0;
  const cov = matrix(3, 3);
  for (let i = 0; i < n; i++) {
    const w = weights ? weights[i]! : 1;
    for (let r = 0; r < 3; r++) {
      const dy = y[3 * i + r]! - my[r]!;
      varX += (w * (x[3 * i + r]! - mx[r]!) ** 2) / total;
      for (let c = 0; c < 3; c++) cov.data[3 * r + c]! += (w * dy * (x[3 * i + c]! - mx[c]!)) / total;
    }
  }
  if (!(varX > 0)) return null;
  const { u, s, v } = svd(cov);
  const d = det3(u.data) * det3(v.data) < 0 ? -1 : 1;
  const ud = Float64Array.from(u.data);
  // A zero singular value leaves u's column zero; complete it as the cross product of the others.
  if (!(s[2]! > 1e-15 * s[0]!)) {
    ud[2] = ud[3]! * ud[7]! - ud[6]! * ud[4]!;
    ud[5] = ud[6]! * ud[1]! - ud[0]! * ud[7]!;
    ud[8] = ud[0]! * ud[4]! - ud[3]! * ud[1]!;
  }
  const sign = s[2]! > 1e-15 * s[0]! ? d : det3(ud) * det3(v.data) < 0 ? -1 : 1;
  const sd = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, sign);
  const R = mul3(mul3(ud, sd), transpose3(v.data));
  const scale = withScale ? (s[0]! + s[1]! + sign * s[2]!) / varX : 1;
  const t = vec3(my[0]! - scale * (R[0]! * mx[0]! + R[1]! * mx[1]! + R[2]! * mx[2]!), my[1]! - scale * (R[3]! * mx[0]! + R[4]! * mx[1]! + R[5]! * mx[2]!), my[2]! - scale * (R[6]! * mx[0]! + R[7]! * mx[1]! + R[8]! * mx[2]!));
  const sim = { scale, R, t };
  return { ...sim, rms: rmsDistance(applySimilarity(sim, x), y) };
}

export interface Deviation {
  readonly mean: number;
  readonly rms: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
  /** Distance from each point of the cloud to its nearest reference point. */
  readonly distances: Float64Array;
}

/** How far each point of `cloud` lies from the nearest point of `reference` (a k-d tree of it may be passed). */
export function deviation(cloud: ArrayLike<number>, reference: Float64Array | KdTree): Deviation {
  const tree = reference instanceof KdTree ? reference : new KdTree(reference);
  const n = Math.floor(cloud.length / 3);
  const distances = new Float64Array(n);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const d = Math.sqrt(tree.nearest(cloud[3 * i]!, cloud[3 * i + 1]!, cloud[3 * i + 2]!).distanceSq);
    distances[i] = d;
    sum += d;
    sumSq += d * d;
  }
  const sorted = Float64Array.from(distances).sort();
  const at = (q: number): number => (n ? sorted[Math.min(n - 1, Math.floor(q * n))]! : 0);
  return { mean: n ? sum / n : 0, rms: n ? Math.sqrt(sumSq / n) : 0, median: at(0.5), p95: at(0.95), max: n ? sorted[n - 1]! : 0, distances };
}

export interface IcpOptions {
  readonly maxIterations?: number;
  /** Pairs farther apart than this multiple of the median pair distance are left out of a step (default 2.5). */
  readonly rejectFactor?: number;
  readonly withScale?: boolean;
  /** Stop when the RMS of the kept pairs changes by less than this share (default 1e-6). */
  readonly tolerance?: number;
}

/**
 * Iterative closest point from `start`: pair each source point with its nearest reference point, drop
 * pairs far beyond the median distance, solve for the similarity (or rigid motion), repeat. Returns
 * the similarity taking source onto reference and the RMS of the pairs kept in the last step.
 */
export function icp(source: ArrayLike<number>, reference: Float64Array, start: Similarity = identitySimilarity(), options: IcpOptions = {}): { similarity: Similarity; rms: number; iterations: number } {
  const tree = new KdTree(reference);
  const n = Math.floor(source.length / 3);
  let current = start;
  let lastRms = Infinity;
  let iterations = 0;
  const maxIterations = options.maxIterations ?? 50;
  for (; iterations < maxIterations; iterations++) {
    const moved = applySimilarity(current, source);
    const nearest = new Int32Array(n);
    const dist = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const hit = tree.nearest(moved[3 * i]!, moved[3 * i + 1]!, moved[3 * i + 2]!);
      nearest[i] = hit.index;
      dist[i] = Math.sqrt(hit.distanceSq);
    }
    const median = Float64Array.from(dist).sort()[n >> 1] ?? 0;
    const limit = Math.max(median * (options.rejectFactor ?? 2.5), 1e-12);
    const from: number[] = [];
    const to: number[] = [];
    let sumSq = 0;
    for (let i = 0; i < n; i++) {
      if (dist[i]! > limit) continue;
      from.push(moved[3 * i]!, moved[3 * i + 1]!, moved[3 * i + 2]!);
      const r = 3 * nearest[i]!;
      to.push(reference[r]!, reference[r + 1]!, reference[r + 2]!);
      sumSq += dist[i]! ** 2;
    }
    const rms = Math.sqrt(sumSq / Math.max(1, from.length / 3));
    const step = umeyama(from, to, options.withScale ?? true);
    if (!step) break;
    current = composeSimilarity(step, current);
    if (Math.abs(lastRms - rms) < (options.tolerance ?? 1e-6) * lastRms) {
      lastRms = Math.min(lastRms, rms);
      iterations++;
      break;
    }
    lastRms = rms;
  }
  return { similarity: current, rms: lastRms, iterations };
}
