import { describe, expect, it } from 'vitest';
import type { Pose } from './camera.ts';
import { cameraCentre, intrinsicsFor, normalisePoints, reprojectionError } from './camera.ts';
import { eightPoint, essentialFromFundamental, estimateEssential, estimateFundamental, sampsonError } from './epipolar.ts';
import { applyTransposed3, dot3, mul3, norm3, rotationAngleBetween, transpose3 } from '../../../../shared/geometry/linalg.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { ringScene } from './test-scene.ts';
import { decomposeEssential, depthIn, essentialFromPose, relativePoseFromEssential, triangulate, triangulationAngle } from './triangulate.ts';

const DEG = 180 / Math.PI;

/** Camera b's pose relative to camera a: R = R_b·R_aᵀ, t = t_b − R·t_a. */
function relative(a: Pose, b: Pose): Pose {
  const R = mul3(b.R, transpose3(a.R));
  const rt = [R[0]! * a.t[0]! + R[1]! * a.t[1]! + R[2]! * a.t[2]!, R[3]! * a.t[0]! + R[4]! * a.t[1]! + R[5]! * a.t[2]!, R[6]! * a.t[0]! + R[7]! * a.t[1]! + R[8]! * a.t[2]!];
  return { R, t: Float64Array.of(b.t[0]! - rt[0]!, b.t[1]! - rt[1]!, b.t[2]! - rt[2]!) };
}

/** The matched keypoints of pair (i, j) as normalised and pixel coordinates, with which matches are right. */
function pairData(scene: ReturnType<typeof ringScene>, i: number, j: number) {
  const match = scene.input.matches.find((m) => m.i === i && m.j === j)!;
  const n = match.pairs.length / 2;
  const p1 = new Float64Array(2 * n);
  const p2 = new Float64Array(2 * n);
  const correct = new Uint8Array(n);
  const kp1 = scene.input.images[i]!.keypoints;
  const kp2 = scene.input.images[j]!.keypoints;
  for (let k = 0; k < n; k++) {
    const a = match.pairs[2 * k]!;
    const b = match.pairs[2 * k + 1]!;
    p1.set([kp1[2 * a]!, kp1[2 * a + 1]!], 2 * k);
    p2.set([kp2[2 * b]!, kp2[2 * b + 1]!], 2 * k);
    const truth = scene.truthOfKeypoint[i]![a]!;
    correct[k] = truth >= 0 && truth === scene.truthOfKeypoint[j]![b] ? 1 : 0;
  }
  return { p1, p2, x1: normalisePoints(scene.intrinsics, p1), x2: normalisePoints(scene.intrinsics, p2), correct, n };
}

describe('two-view geometry', () => {
  const scene = ringScene({ cameras: 30, points: 900, seed: 11, outlierShare: 0.2 });

  it('recovers the relative pose from an essential matrix found by RANSAC among 20% wrong matches', () => {
    for (const [i, j] of [
      [0, 1],
      [4, 7],
      [10, 12],
    ] as const) {
      const { x1, x2, correct, n } = pairData(scene, i, j);
      const estimate = estimateEssential(x1, x2, { threshold: 2 / scene.intrinsics.f, random: new Random(1) })!;
      let wrongKept = 0;
      let rightKept = 0;
      for (let k = 0; k < n; k++) {
        if (estimate.inliers[k] && !correct[k]) wrongKept++;
        if (estimate.inliers[k] && correct[k]) rightKept++;
      }
      const rightTotal = correct.reduce((a, b) => a + b, 0);
      expect(rightKept / rightTotal).toBeGreaterThan(0.95);
      expect(wrongKept / (n - rightTotal)).toBeLessThan(0.05);
      const found = relativePoseFromEssential(estimate.matrix, x1, x2, estimate.inliers)!;
      const truth = relative(scene.poses[i]!, scene.poses[j]!);
      const rotationError = rotationAngleBetween(found.pose.R, truth.R) * DEG;
      const direction = Math.acos(Math.min(1, dot3(found.pose.t, truth.t) / (norm3(found.pose.t) * norm3(truth.t)))) * DEG;
      expect(rotationError).toBeLessThan(1);
      expect(direction).toBeLessThan(2);
      expect(found.inFrontCount).toBeGreaterThan(0.95 * estimate.inlierCount);
      expect(found.medianAngle * DEG).toBeGreaterThan(5);
    }
  });

  it('estimates the fundamental matrix from pixels and agrees with the essential matrix through K', () => {
    const { p1, p2, correct, n } = pairData(scene, 3, 5);
    const f = estimateFundamental(p1, p2, { threshold: 2, random: new Random(2) })!;
    let rms = 0;
    let count = 0;
    for (let k = 0; k < n; k++) {
      if (!correct[k]) continue;
      rms += sampsonError(f.matrix, p1[2 * k]!, p1[2 * k + 1]!, p2[2 * k]!, p2[2 * k + 1]!);
      count++;
    }
    expect(Math.sqrt(rms / count)).toBeLessThan(1);
    const k = Float64Array.of(scene.intrinsics.f, 0, scene.intrinsics.cx, 0, scene.intrinsics.f, scene.intrinsics.cy, 0, 0, 1);
    const e = essentialFromFundamental(f.matrix, k, k);
    const truthE = essentialFromPose(relative(scene.poses[3]!, scene.poses[5]!));
    const scale = Math.hypot(...e);
    const truthScale = Math.hypot(...truthE);
    const sign = e.reduce((s, v, idx) => s + v * truthE[idx]!, 0) > 0 ? 1 : -1;
    const difference = Math.hypot(...e.map((v, idx) => (sign * v) / scale - truthE[idx]! / truthScale));
    expect(difference).toBeLessThan(0.02);
  });

  it('gives the four decompositions of E of which one is the truth', () => {
    const truth = relative(scene.poses[0]!, scene.poses[2]!);
    const unit = norm3(truth.t);
    const candidates = decomposeEssential(essentialFromPose(truth));
    const errors = candidates.map((c) => rotationAngleBetween(c.R, truth.R) + Math.hypot(c.t[0]! - truth.t[0]! / unit, c.t[1]! - truth.t[1]! / unit, c.t[2]! - truth.t[2]! / unit));
    expect(Math.min(...errors)).toBeLessThan(1e-9);
    expect(errors.filter((e) => e < 1e-6)).toHaveLength(1);
  });

  it('triangulates a point from two and from many noisy views to within a small share of the depth', () => {
    const random = new Random(9);
    const k = intrinsicsFor(1600, 1200, 1400);
    let sumTwo = 0;
    let sumMany = 0;
    for (let p = 0; p < 50; p++) {
      const truth = scene.points.subarray(3 * p, 3 * p + 3);
      const views = [0, 1, 2, 3, 4, 5].map((c) => {
        const pose = scene.poses[c]!;
        const cam = [0, 1, 2].map((r) => pose.R[3 * r]! * truth[0]! + pose.R[3 * r + 1]! * truth[1]! + pose.R[3 * r + 2]! * truth[2]! + pose.t[r]!);
        return { pose, x: cam[0]! / cam[2]! + (0.5 * random.normal()) / k.f, y: cam[1]! / cam[2]! + (0.5 * random.normal()) / k.f };
      });
      const two = triangulate(views.slice(0, 3).filter((_, idx) => idx !== 1))!;
      const many = triangulate(views)!;
      sumTwo += (two[0]! - truth[0]!) ** 2 + (two[1]! - truth[1]!) ** 2 + (two[2]! - truth[2]!) ** 2;
      sumMany += (many[0]! - truth[0]!) ** 2 + (many[1]! - truth[1]!) ** 2 + (many[2]! - truth[2]!) ** 2;
      expect(depthIn(views[0]!.pose, many)).toBeGreaterThan(0);
      const u = k.f * views[3]!.x + k.cx;
      const v = k.f * views[3]!.y + k.cy;
      expect(reprojectionError(k, views[3]!.pose, many, u, v)).toBeLessThan(3);
    }
    // The object is 2 units across and the cameras 4.5 away; 0.5 px is 0.36 mrad, about 1.6 mm across
    // the line of sight, and a 24° baseline stretches that about 2.5 times along it.
    const rmsTwo = Math.sqrt(sumTwo / 50);
    const rmsMany = Math.sqrt(sumMany / 50);
    expect(rmsTwo).toBeLessThan(0.01);
    expect(rmsMany).toBeLessThan(rmsTwo);
    expect(rmsMany).toBeLessThan(0.004);
    const angle = triangulationAngle([cameraCentre(scene.poses[0]!), cameraCentre(scene.poses[2]!)], [0, 0, 0]) * DEG;
    expect(angle).toBeGreaterThan(20);
    expect(angle).toBeLessThan(26);
  });

  it('finds no essential matrix from fewer than eight matches and rejects an all-wrong pair', () => {
    expect(eightPoint(new Float64Array(14), new Float64Array(14))).toBeNull();
    const random = new Random(4);
    const noise = Float64Array.from({ length: 400 }, () => random.range(-0.5, 0.5));
    const other = Float64Array.from({ length: 400 }, () => random.range(-0.5, 0.5));
    const estimate = estimateEssential(noise, other, { threshold: 1 / 1400, random: new Random(3), maxIterations: 300 });
    expect(estimate === null || estimate.inlierCount < 40).toBe(true);
    expect(applyTransposed3([1, 0, 0, 0, 1, 0, 0, 0, 1], [1, 2, 3])).toEqual(Float64Array.of(1, 2, 3));
  });
});
