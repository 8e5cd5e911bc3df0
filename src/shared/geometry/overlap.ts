import { mutualMatches } from './hamming.ts';
import { applyHomography, isConvexQuad, ransacHomography } from './homography.ts';
import { detectFeatures, type GreyImage, type ImageFeatures } from './orb.ts';

/**
 * How much of one photo the next one shows again (docs/scans.md#photos): corners of both matched
 * by their descriptors, the plane-to-plane map most matches agree with, and the share of the first
 * photo's frame that this map lands inside the second's.
 */

/** Fewer matches than this agreeing on one map is read as no overlap at all. */
export const MIN_INLIERS = 12;
/** Lowe's ratio for a descriptor match between two photos. */
const RATIO = 0.8;
/** A map that grows or shrinks the frame's area more than this is not a neighbouring photo. */
const MAX_AREA_CHANGE = 6;

export interface OverlapEstimate {
  /** Share of the previous photo that lands inside the new one, 0 to 1. */
  overlap: number;
  matches: number;
  inliers: number;
}

/** Twice the signed area of a polygon (x, y interleaved). */
function signedArea2(polygon: readonly number[]): number {
  let sum = 0;
  for (let i = 0, n = polygon.length / 2; i < n; i++) {
    const j = (i + 1) % n;
    sum += polygon[2 * i]! * polygon[2 * j + 1]! - polygon[2 * j]! * polygon[2 * i + 1]!;
  }
  return sum;
}

/** The part of a polygon on one side of an axis-parallel line (one step of Sutherland–Hodgman). */
function clipTo(polygon: readonly number[], axis: 0 | 1, limit: number, keepBelow: boolean): number[] {
  const out: number[] = [];
  const n = polygon.length / 2;
  const inside = (i: number) => (keepBelow ? polygon[2 * i + axis]! <= limit : polygon[2 * i + axis]! >= limit);
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [inI, inJ] = [inside(i), inside(j)];
    if (inI) out.push(polygon[2 * i]!, polygon[2 * i + 1]!);
    if (inI !== inJ) {
      const t = (limit - polygon[2 * i + axis]!) / (polygon[2 * j + axis]! - polygon[2 * i + axis]!);
      out.push(polygon[2 * i]! + t * (polygon[2 * j]! - polygon[2 * i]!), polygon[2 * i + 1]! + t * (polygon[2 * j + 1]! - polygon[2 * i + 1]!));
    }
  }
  return out;
}

/** The share of a convex polygon's area inside the rectangle [0, width] × [0, height]. */
export function shareInside(polygon: readonly number[], width: number, height: number): number {
  const whole = Math.abs(signedArea2(polygon));
  if (!(whole > 0)) return 0;
  let clipped = polygon;
  for (const [axis, limit, below] of [[0, 0, false], [0, width, true], [1, 0, false], [1, height, true]] as const) {
    clipped = clipTo(clipped, axis, limit, below);
    if (clipped.length < 6) return 0;
  }
  return Math.min(1, Math.abs(signedArea2(clipped)) / whole);
}

/** Descriptor matches between two photos' corners, as interleaved points of each. */
function matchedPoints(previous: ImageFeatures, next: ImageFeatures): { from: Float64Array; to: Float64Array } {
  const pairs = mutualMatches(previous.descriptors, next.descriptors, RATIO);
  const n = pairs.length / 2;
  const from = new Float64Array(2 * n);
  const to = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const i = pairs[2 * k]!;
    const j = pairs[2 * k + 1]!;
    from.set([previous.points[2 * i]!, previous.points[2 * i + 1]!], 2 * k);
    to.set([next.points[2 * j]!, next.points[2 * j + 1]!], 2 * k);
  }
  return { from, to };
}

/** The overlap of two photos' features: the share of the previous photo's frame inside the next one, 0 when they do not match. */
export function overlapOfFeatures(previous: ImageFeatures, next: ImageFeatures): OverlapEstimate {
  if (previous.count < MIN_INLIERS || next.count < MIN_INLIERS) return { overlap: 0, matches: 0, inliers: 0 };
  const { from, to } = matchedPoints(previous, next);
  const matches = from.length / 2;
  const none = { overlap: 0, matches, inliers: 0 };
  if (matches < MIN_INLIERS) return none;
  // The threshold follows the picture's size: 1 % of its long side (3 px at 320 px).
  const threshold = Math.max(2, 0.01 * Math.max(next.width, next.height));
  const fit = ransacHomography(from, to, { threshold, maxIterations: 500, seed: 1 });
  if (!fit || fit.inliers.length < MIN_INLIERS) return { ...none, inliers: fit?.inliers.length ?? 0 };
  const corners = [0, 0, previous.width, 0, previous.width, previous.height, 0, previous.height];
  const frame: number[] = [];
  for (let k = 0; k < 4; k++) {
    const p = applyHomography(fit.homography, corners[2 * k]!, corners[2 * k + 1]!);
    if (!p) return { ...none, inliers: fit.inliers.length };
    frame.push(p[0], p[1]);
  }
  // A frame folded over itself or blown up is a chance agreement, not a neighbouring view.
  const change = Math.abs(signedArea2(frame)) / (2 * previous.width * previous.height);
  if (!isConvexQuad(frame) || change > MAX_AREA_CHANGE || change < 1 / MAX_AREA_CHANGE) return { ...none, inliers: fit.inliers.length };
  return { overlap: shareInside(frame, next.width, next.height), matches, inliers: fit.inliers.length };
}

/** The share (0 to 1, two decimals) of the previous photo that the next one shows again. */
export function overlapShare(previous: ImageFeatures, next: ImageFeatures): number {
  return Math.round(overlapOfFeatures(previous, next).overlap * 100) / 100;
}

/** The overlap of two greyscale pictures (about 320 px on the long side). */
export function estimateOverlap(previous: GreyImage, next: GreyImage): OverlapEstimate {
  return overlapOfFeatures(detectFeatures(previous), detectFeatures(next));
}

export { detectFeatures, type GreyImage, type ImageFeatures };
