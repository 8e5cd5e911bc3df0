/**
 * Statistical outlier removal for a point cloud: a point whose mean distance to its nearest
 * neighbours is far beyond what is usual in the cloud stands alone, as a point triangulated from a
 * wrong match along an epipolar line does, and is dropped.
 */
import { KdTree } from '../../../../shared/geometry/kdtree.ts';

/**
 * 1 for each point whose mean distance to its k nearest neighbours exceeds the median of those means
 * by more than `ratio` times their median absolute deviation (scaled to a standard deviation).
 */
export function isolatedPoints(xyz: Float64Array, k = 8, ratio = 4): Uint8Array {
  const n = Math.floor(xyz.length / 3);
  const isolated = new Uint8Array(n);
  if (n <= k) return isolated;
  const tree = new KdTree(xyz);
  const spread = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const { distancesSq } = tree.knn(xyz[3 * i]!, xyz[3 * i + 1]!, xyz[3 * i + 2]!, k + 1);
    let sum = 0;
    for (let m = 1; m < distancesSq.length; m++) sum += Math.sqrt(distancesSq[m]!);
    spread[i] = sum / (distancesSq.length - 1);
  }
  const sorted = Float64Array.from(spread).sort();
  const median = sorted[n >> 1]!;
  const deviations = Float64Array.from(spread, (s) => Math.abs(s - median)).sort();
  const sigma = 1.4826 * deviations[n >> 1]!;
  const limit = median + ratio * Math.max(sigma, 0.1 * median);
  for (let i = 0; i < n; i++) if (spread[i]! > limit) isolated[i] = 1;
  return isolated;
}
