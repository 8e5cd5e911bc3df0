/**
 * Comparing a scan with a reference model or with an earlier scan: align the scan onto the target
 * (a similarity, since a scan's units are arbitrary until it is given a scale), then measure how far
 * each of its points lies from the target's surface. The alignment starts from the principal axes of
 * both shapes, tries every proper rotation between them, keeps the one that fits best after a short
 * rigid ICP, and refines it with ICP on more points.
 */
import type { Similarity } from './align.ts';
import { applySimilarity, icp } from './align.ts';
import { KdTree } from './kdtree.ts';
import type { Mat3 } from './linalg.ts';
import { det3, matrix, mul3, symmetricEigen, transpose3, vec3 } from './linalg.ts';
import type { Mesh } from './mesh.ts';
import { boundingBox } from './mesh.ts';
import { SurfaceDistance } from './surface-distance.ts';

export { sampleSurface, sampleSurfaceFaces } from './surface-distance.ts';

export interface CompareTarget {
  /** The target's surface (a reference model or a scan's mesh); preferred over points when both are given. */
  readonly mesh?: Mesh;
  /** The target as points (x, y, z triples) when it has no mesh. */
  readonly points?: Float64Array;
}

export interface CompareOptions {
  /** Let the alignment scale the source (default true: a scan's units mean nothing until a scale is set). */
  readonly allowScale?: boolean;
  /** Source points used for the alignment (default 20,000); every point still gets its deviation. */
  readonly maxPoints?: number;
  /** Distance in target units within which a source point counts as overlapping (default 1 % of the target's diagonal). */
  readonly tolerance?: number;
}

export interface Comparison {
  /** Maps source points into the target's frame. */
  readonly similarity: Similarity;
  /** Deviation figures, in target units. */
  readonly meanDeviation: number;
  readonly rmsDeviation: number;
  readonly maxDeviation: number;
  readonly p95Deviation: number;
  /** Distance from each source point (aligned) to the target, in target units. */
  readonly deviations: Float32Array;
  /** The source points mapped into the target's frame. */
  readonly aligned: Float32Array;
  /** Share of source points within `tolerance` of the target. */
  readonly overlapShare: number;
  readonly tolerance: number;
}

const TARGET_SAMPLES = 60_000;
const COARSE_SOURCE = 500;
const COARSE_TARGET = 4_000;
const COARSE_KEPT = 6;
const MIDDLE_SOURCE = 3_000;
const MIDDLE_TARGET = 15_000;
const FINE_ITERATIONS = 4;

/** At most `max` points of a set, spread evenly through it. */
function subsample(points: ArrayLike<number>, max: number): Float64Array {
  const n = Math.floor(points.length / 3);
  const keep = Math.min(n, Math.max(3, Math.floor(max)));
  const out = new Float64Array(3 * keep);
  for (let i = 0; i < keep; i++) {
    const from = 3 * Math.floor(((i + 0.5) * n) / keep);
    out[3 * i] = points[from]!;
    out[3 * i + 1] = points[from + 1]!;
    out[3 * i + 2] = points[from + 2]!;
  }
  return out;
}

/** Centroid, principal axes (columns, largest spread first) and RMS distance from the centroid. */
function principalFrame(points: Float64Array): { centre: Float64Array; axes: Mat3; radius: number } {
  const n = points.length / 3;
  const centre = vec3();
  for (let i = 0; i < 3 * n; i++) centre[i % 3]! += points[i]! / n;
  const cov = matrix(3, 3);
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const d = [points[3 * i]! - centre[0]!, points[3 * i + 1]! - centre[1]!, points[3 * i + 2]! - centre[2]!];
    sumSq += d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
    for (let r = 0; r < 3; r++) for (let c = r; c < 3; c++) cov.data[3 * r + c]! += (d[r]! * d[c]!) / n;
  }
  const { vectors } = symmetricEigen(cov);
  const axes = new Float64Array(9);
  // Eigenvalues come smallest first; reverse the columns so the longest axis is first.
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) axes[3 * r + c] = vectors.data[3 * r + (2 - c)]!;
  return { centre, axes, radius: Math.sqrt(sumSq / Math.max(1, n)) };
}

/** The 24 proper rotations that map the source's principal axes onto the target's, up to order and sign. */
function candidateRotations(source: Mat3, target: Mat3): Mat3[] {
  const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  const out: Mat3[] = [];
  const sourceT = transpose3(source);
  for (const order of orders) {
    for (let signs = 0; signs < 8; signs++) {
      const p = new Float64Array(9);
      order.forEach((column, row) => (p[3 * column + row] = signs & (1 << row) ? -1 : 1));
      const r = mul3(mul3(target, p), sourceT);
      if (det3(r) > 0) out.push(r);
    }
  }
  return out;
}

function similarityAbout(R: Mat3, scale: number, from: Float64Array, to: Float64Array): Similarity {
  const moved = [0, 1, 2].map((r) => scale * (R[3 * r]! * from[0]! + R[3 * r + 1]! * from[1]! + R[3 * r + 2]! * from[2]!));
  return { R, scale, t: vec3(to[0]! - moved[0]!, to[1]! - moved[1]!, to[2]! - moved[2]!) };
}

/** Mean of the nearest distances of the best-fitting 80 % of the points: a fit score that ignores a scan's extra bits. */
function trimmedResidual(points: Float64Array, tree: KdTree): number {
  const n = points.length / 3;
  const distances = new Float64Array(n);
  for (let i = 0; i < n; i++) distances[i] = tree.nearest(points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!).distanceSq;
  distances.sort();
  const keep = Math.max(1, Math.floor(0.8 * n));
  let sum = 0;
  for (let i = 0; i < keep; i++) sum += Math.sqrt(distances[i]!);
  return sum / keep;
}

/**
 * The similarity taking `source` onto `target`. Every rotation candidate is scored as it stands, the
 * most promising get a short rigid ICP on a few points, and the winner is refined with scale (when
 * allowed) on more points, then on all the alignment points against the whole target sample.
 */
function align(source: Float64Array, target: Float64Array, allowScale: boolean): Similarity {
  const from = principalFrame(source);
  const to = principalFrame(target);
  const scale = allowScale && from.radius > 0 ? to.radius / from.radius : 1;
  const coarseSource = subsample(source, COARSE_SOURCE);
  const coarseTarget = subsample(target, COARSE_TARGET);
  const tree = new KdTree(coarseTarget);
  const starts = candidateRotations(from.axes, to.axes)
    .map((R) => similarityAbout(R, scale, from.centre, to.centre))
    .map((sim) => ({ sim, score: trimmedResidual(applySimilarity(sim, coarseSource), tree) }))
    .sort((a, b) => a.score - b.score)
    .slice(0, COARSE_KEPT);
  let best = starts[0]!;
  for (const start of starts) {
    const { similarity } = icp(coarseSource, coarseTarget, start.sim, { maxIterations: 8, withScale: false });
    const score = trimmedResidual(applySimilarity(similarity, coarseSource), tree);
    if (score < best.score) best = { sim: similarity, score };
  }
  const middle = icp(subsample(source, MIDDLE_SOURCE), subsample(target, MIDDLE_TARGET), best.sim, { maxIterations: 30, withScale: allowScale, tolerance: 1e-4 });
  return icp(source, target, middle.similarity, { maxIterations: FINE_ITERATIONS, withScale: allowScale }).similarity;
}

/**
 * Aligns `source` (x, y, z triples of a scan) onto the target and measures every source point's
 * distance to it, in the target's units.
 */
export function compareToReference(source: Float64Array, target: CompareTarget, options: CompareOptions = {}): Comparison {
  const n = Math.floor(source.length / 3);
  if (n < 3) throw new RangeError('A comparison needs at least three source points');
  const surface = target.mesh && target.mesh.triangles.length > 0 ? SurfaceDistance.ofMesh(target.mesh, TARGET_SAMPLES, 7) : target.points && target.points.length >= 9 ? SurfaceDistance.ofPoints(subsample(target.points, TARGET_SAMPLES)) : null;
  if (!surface) throw new RangeError('A comparison needs a target mesh or at least three target points');
  const similarity = align(subsample(source, options.maxPoints ?? 20_000), surface.points, options.allowScale ?? true);
  const moved = applySimilarity(similarity, source);
  const deviations = new Float32Array(n);
  const tolerance = options.tolerance ?? 0.01 * boundingBox(surface.points).diagonal;
  let sum = 0;
  let sumSq = 0;
  let max = 0;
  let within = 0;
  for (let i = 0; i < n; i++) {
    const d = surface.distance(moved[3 * i]!, moved[3 * i + 1]!, moved[3 * i + 2]!);
    deviations[i] = d;
    sum += d;
    sumSq += d * d;
    max = Math.max(max, d);
    if (d <= tolerance) within++;
  }
  const sorted = Float32Array.from(deviations).sort();
  return {
    similarity,
    meanDeviation: sum / n,
    rmsDeviation: Math.sqrt(sumSq / n),
    maxDeviation: max,
    p95Deviation: sorted[Math.min(n - 1, Math.floor(0.95 * n))]!,
    deviations,
    aligned: Float32Array.from(moved),
    overlapShare: within / n,
    tolerance,
  };
}

const HEAT_STOPS: readonly (readonly [number, number, number])[] = [
  [0, 0, 1],
  [0, 1, 0],
  [1, 1, 0],
  [1, 0, 0],
];

/** A heat-map colour (r, g, b in 0–1): blue at 0, through green and yellow, red at `max` and beyond. */
export function heatColour(value: number, max: number): [number, number, number] {
  const t = max > 0 && Number.isFinite(value) ? Math.min(1, Math.max(0, value / max)) : value > 0 ? 1 : 0;
  const at = t * (HEAT_STOPS.length - 1);
  const i = Math.min(HEAT_STOPS.length - 2, Math.floor(at));
  const f = at - i;
  const a = HEAT_STOPS[i]!;
  const b = HEAT_STOPS[i + 1]!;
  return [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2])];
}

/**
 * The deviation a heat map's red end stands for: the 95th percentile (so a few stray points do not wash
 * the map out) rounded up to 1, 2, 2.5 or 5 times a power of ten for a readable legend.
 */
export function deviationScale(result: Pick<Comparison, 'p95Deviation' | 'maxDeviation'>): number {
  const raw = result.p95Deviation > 0 ? result.p95Deviation : result.maxDeviation;
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].find((s) => s * power >= raw * (1 - 1e-9)) ?? 10;
  return step * power;
}
