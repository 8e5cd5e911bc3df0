/**
 * Geometric verification of the putative matches of each pair of photos (an essential matrix by
 * RANSAC; matches off its epipolar lines are dropped) and the choice of the pair the reconstruction
 * starts from: many verified matches seen from well-separated positions.
 */
import type { Intrinsics, Pose } from './camera.ts';
import { estimateEssential } from './epipolar.ts';
import type { Mat3 } from '../../../../shared/geometry/linalg.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { relativePoseFromEssential } from './triangulate.ts';

export interface VerifiedPair {
  readonly i: number;
  readonly j: number;
  /** The matches that agree with the essential matrix, keypoint index pairs. */
  readonly pairs: Uint32Array;
  readonly essential: Mat3;
}

export interface VerifyOptions {
  readonly thresholdPx: number;
  readonly minInliers: number;
  readonly seed: number;
  readonly onPair?: (done: number, total: number) => void;
  readonly cancelled?: () => boolean;
}

/** Matched keypoints of a pair as two arrays of normalised coordinates. */
function gather(pairs: Uint32Array, a: Float64Array, b: Float64Array): { x1: Float64Array; x2: Float64Array } {
  const n = pairs.length >> 1;
  const x1 = new Float64Array(2 * n);
  const x2 = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const p = pairs[2 * k]!;
    const q = pairs[2 * k + 1]!;
    x1[2 * k] = a[2 * p]!;
    x1[2 * k + 1] = a[2 * p + 1]!;
    x2[2 * k] = b[2 * q]!;
    x2[2 * k + 1] = b[2 * q + 1]!;
  }
  return { x1, x2 };
}

/**
 * The pairs whose matches fit an essential matrix with at least minInliers inliers, keeping only those
 * inliers. Matches naming a keypoint that does not exist are ignored.
 */
export function verifyPairs(
  normalised: readonly Float64Array[],
  intrinsics: readonly Intrinsics[],
  matches: readonly { i: number; j: number; pairs: Uint32Array }[],
  options: VerifyOptions,
): VerifiedPair[] {
  const verified: VerifiedPair[] = [];
  matches.forEach((match, index) => {
    options.onPair?.(index, matches.length);
    if (options.cancelled?.()) return;
    const { i, j } = match;
    const a = normalised[i];
    const b = normalised[j];
    if (!a || !b || i === j) return;
    const valid: number[] = [];
    for (let k = 0; k + 1 < match.pairs.length; k += 2) {
      const p = match.pairs[k]!;
      const q = match.pairs[k + 1]!;
      if (2 * p < a.length && 2 * q < b.length) valid.push(p, q);
    }
    if (valid.length / 2 < options.minInliers) return;
    const pairs = Uint32Array.from(valid);
    const { x1, x2 } = gather(pairs, a, b);
    const focal = (intrinsics[i]!.f + intrinsics[j]!.f) / 2;
    const estimate = estimateEssential(x1, x2, { threshold: options.thresholdPx / focal, random: new Random(options.seed + 7919 * index) });
    if (!estimate || estimate.inlierCount < options.minInliers) return;
    const kept = new Uint32Array(2 * estimate.inlierCount);
    let w = 0;
    for (let k = 0; k < estimate.inliers.length; k++) {
      if (!estimate.inliers[k]) continue;
      kept[w++] = pairs[2 * k]!;
      kept[w++] = pairs[2 * k + 1]!;
    }
    verified.push({ i: Math.min(i, j), j: Math.max(i, j), pairs: i < j ? kept : swap(kept), essential: i < j ? estimate.matrix : transposeOf(estimate.matrix) });
  });
  options.onPair?.(matches.length, matches.length);
  return verified;
}

function swap(pairs: Uint32Array): Uint32Array {
  const out = new Uint32Array(pairs.length);
  for (let k = 0; k < pairs.length; k += 2) {
    out[k] = pairs[k + 1]!;
    out[k + 1] = pairs[k]!;
  }
  return out;
}

function transposeOf(m: Mat3): Mat3 {
  return Float64Array.of(m[0]!, m[3]!, m[6]!, m[1]!, m[4]!, m[7]!, m[2]!, m[5]!, m[8]!);
}

export interface InitialPair {
  readonly i: number;
  readonly j: number;
  /** Pose of j when i is at the origin, |t| = 1. */
  readonly pose: Pose;
  readonly points: number;
  readonly medianAngleDeg: number;
}

/**
 * The starting pair: among the pairs with the most verified matches (up to `candidates` of them), the
 * one with the most points in front of both cameras, discounted when their median triangulation angle
 * is below `goodAngleDeg`; pairs under `minAngleDeg` (too short a baseline) are not taken.
 */
export function chooseInitialPair(
  verified: readonly VerifiedPair[],
  normalised: readonly Float64Array[],
  options: { minPoints: number; minAngleDeg: number; goodAngleDeg: number; candidates?: number },
): InitialPair | null {
  const ranked = [...verified].sort((a, b) => b.pairs.length - a.pairs.length).slice(0, options.candidates ?? 20);
  let best: InitialPair | null = null;
  let bestScore = 0;
  for (const pair of ranked) {
    const { x1, x2 } = gather(pair.pairs, normalised[pair.i]!, normalised[pair.j]!);
    const relative = relativePoseFromEssential(pair.essential, x1, x2);
    if (!relative) continue;
    const angle = (relative.medianAngle * 180) / Math.PI;
    if (angle < options.minAngleDeg || relative.inFrontCount < options.minPoints) continue;
    const score = relative.inFrontCount * Math.min(1, angle / options.goodAngleDeg);
    if (score > bestScore) {
      bestScore = score;
      best = { i: pair.i, j: pair.j, pose: relative.pose, points: relative.inFrontCount, medianAngleDeg: angle };
    }
  }
  return best;
}
