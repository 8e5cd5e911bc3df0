import { describe, expect, it } from 'vitest';
import type { BundleCameras, BundleObservations } from './bundle.ts';
import { bundleAdjust } from './bundle.ts';
import { allocateTerms, evaluate } from './bundle-terms.ts';
import type { Pose } from './camera.ts';
import { cameraCentre, toCamera } from './camera.ts';
import { mul3, rotationAngleBetween, rotationFromVector } from '../../../../shared/geometry/linalg.ts';
import { estimatePose, pnpDlt } from './pnp.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { ringScene } from './test-scene.ts';

const DEG = 180 / Math.PI;
const scene = ringScene({ cameras: 24, points: 800, seed: 21 });

/** What camera c sees of the scene's points: world points and normalised image points, with noise and a share of wrong pairings. */
function correspondences(pose: Pose, random: Random, outlierShare: number) {
  const world: number[] = [];
  const image: number[] = [];
  const cam = new Float64Array(3);
  const f = scene.intrinsics.f;
  for (let p = 0; p < scene.points.length / 3; p++) {
    toCamera(pose, scene.points[3 * p]!, scene.points[3 * p + 1]!, scene.points[3 * p + 2]!, cam);
    const u = (f * cam[0]!) / cam[2]!;
    const v = (f * cam[1]!) / cam[2]!;
    if (Math.abs(u) > 800 || Math.abs(v) > 600) continue;
    world.push(scene.points[3 * p]!, scene.points[3 * p + 1]!, scene.points[3 * p + 2]!);
    const wrong = random.next() < outlierShare;
    image.push(wrong ? random.range(-0.5, 0.5) : (u + 0.5 * random.normal()) / f, wrong ? random.range(-0.4, 0.4) : (v + 0.5 * random.normal()) / f);
  }
  return { world: Float64Array.from(world), image: Float64Array.from(image) };
}

describe('placing a camera from 2D–3D correspondences', () => {
  it('recovers an exact pose from six noiseless points by the DLT', () => {
    const pose = scene.poses[5]!;
    const { world, image } = correspondences(pose, new Random(1), 0);
    const exact = new Float64Array(image.length);
    const cam = new Float64Array(3);
    for (let i = 0; i < world.length / 3; i++) {
      toCamera(pose, world[3 * i]!, world[3 * i + 1]!, world[3 * i + 2]!, cam);
      exact[2 * i] = cam[0]! / cam[2]!;
      exact[2 * i + 1] = cam[1]! / cam[2]!;
    }
    const found = pnpDlt(world, exact, [0, 10, 20, 30, 40, 50])!;
    expect(rotationAngleBetween(found.R, pose.R)).toBeLessThan(1e-8);
    expect(Math.hypot(...found.t.map((t, i) => t - pose.t[i]!))).toBeLessThan(1e-8);
  });

  it('places cameras among 20% wrong correspondences to within a tenth of a degree and a few millimetres', () => {
    const random = new Random(2);
    for (const c of [0, 7, 13, 19]) {
      const pose = scene.poses[c]!;
      const { world, image } = correspondences(pose, random, 0.2);
      const found = estimatePose(world, image, { threshold: 4 / scene.intrinsics.f, random: new Random(c) })!;
      expect(found.inlierCount).toBeGreaterThan(0.75 * (image.length / 2));
      expect(rotationAngleBetween(found.pose.R, pose.R) * DEG).toBeLessThan(0.1);
      const centre = cameraCentre(found.pose);
      const truth = cameraCentre(pose);
      expect(Math.hypot(centre[0]! - truth[0]!, centre[1]! - truth[1]!, centre[2]! - truth[2]!)).toBeLessThan(0.01);
    }
  });
});

/** The scene's cameras and all their sightings as a bundle problem, perturbed. */
function perturbedProblem(random: Random, rotationNoise: number, positionNoise: number, pointNoise: number) {
  const count = scene.poses.length;
  const cameras: BundleCameras = { count, rotations: new Float64Array(9 * count), translations: new Float64Array(3 * count), focal: new Float64Array(count).fill(scene.intrinsics.f), principal: new Float64Array(2 * count) };
  scene.poses.forEach((pose, c) => {
    const noisy = c === 0 ? pose.R : mul3(rotationFromVector([rotationNoise * random.normal(), rotationNoise * random.normal(), rotationNoise * random.normal()]), pose.R);
    cameras.rotations.set(noisy, 9 * c);
    cameras.translations.set(pose.t.map((t) => t + (c === 0 ? 0 : positionNoise * random.normal())), 3 * c);
    cameras.principal.set([scene.intrinsics.cx, scene.intrinsics.cy], 2 * c);
  });
  const camera: number[] = [];
  const point: number[] = [];
  const uv: number[] = [];
  scene.truthOfKeypoint.forEach((truth, c) => {
    const keypoints = scene.input.images[c]!.keypoints;
    truth.forEach((p, k) => {
      if (p < 0) return;
      camera.push(c);
      point.push(p);
      uv.push(keypoints[2 * k]!, keypoints[2 * k + 1]!);
    });
  });
  const points = scene.points.map((x) => x + pointNoise * random.normal());
  const obs: BundleObservations = { camera: Int32Array.from(camera), point: Int32Array.from(point), uv: Float64Array.from(uv) };
  return { cameras, points, obs };
}

describe('bundle adjustment', () => {
  it('has Jacobians that agree with finite differences', () => {
    const { cameras, points, obs } = perturbedProblem(new Random(3), 0.01, 0.02, 0.01);
    const terms = allocateTerms(obs.camera.length);
    evaluate(cameras, points, obs, 1.1, Infinity, terms, true);
    const probe = allocateTerms(obs.camera.length);
    const k = 123;
    const c = obs.camera[k]!;
    const p = obs.point[k]!;
    const h = 1e-6;
    const numeric = (change: (sign: number) => void, scale = 1.1): [number, number] => {
      change(1);
      evaluate(cameras, points, obs, scale, Infinity, probe, false);
      const plus = [probe.residual[2 * k]!, probe.residual[2 * k + 1]!];
      change(-2);
      evaluate(cameras, points, obs, scale === 1.1 ? 1.1 : 2.2 - scale, Infinity, probe, false);
      change(1);
      return [(plus[0]! - probe.residual[2 * k]!) / (2 * h), (plus[1]! - probe.residual[2 * k + 1]!) / (2 * h)];
    };
    for (let a = 0; a < 3; a++) {
      const original = cameras.rotations.slice(9 * c, 9 * c + 9);
      const d = numeric((sign) => {
        const current = cameras.rotations.slice(9 * c, 9 * c + 9);
        const w = [0, 0, 0];
        w[a] = sign * h;
        cameras.rotations.set(mul3(rotationFromVector(w), current), 9 * c);
      });
      cameras.rotations.set(original, 9 * c);
      expect(d[0]).toBeCloseTo(terms.jc[14 * k + a]!, 3);
      expect(d[1]).toBeCloseTo(terms.jc[14 * k + 7 + a]!, 3);
      const dt = numeric((sign) => (cameras.translations[3 * c + a]! += sign * h));
      expect(dt[0]).toBeCloseTo(terms.jc[14 * k + 3 + a]!, 3);
      expect(dt[1]).toBeCloseTo(terms.jc[14 * k + 10 + a]!, 3);
      const dp = numeric((sign) => (points[3 * p + a]! += sign * h));
      expect(dp[0]).toBeCloseTo(terms.jp[6 * k + a]!, 3);
      expect(dp[1]).toBeCloseTo(terms.jp[6 * k + 3 + a]!, 3);
    }
    const ds = numeric(() => undefined, 1.1 + h);
    expect(ds[0]).toBeCloseTo(terms.jc[14 * k + 6]!, 3);
    expect(ds[1]).toBeCloseTo(terms.jc[14 * k + 13]!, 3);
  });

  it('brings perturbed cameras and points back to the noise level of the pixels', () => {
    const { cameras, points, obs } = perturbedProblem(new Random(4), 0.01, 0.03, 0.02);
    const result = bundleAdjust(cameras, points, obs, { maxIterations: 30 });
    expect(result.initialRmsPx).toBeGreaterThan(10);
    // Two independent 0.5 px errors: the length of the residual has an RMS of about 0.7 px.
    expect(result.finalRmsPx).toBeLessThan(0.75);
    for (let c = 1; c < scene.poses.length; c++) expect(rotationAngleBetween(cameras.rotations.subarray(9 * c, 9 * c + 9), scene.poses[c]!.R) * DEG).toBeLessThan(0.1);
  });

  it('with a Huber loss keeps wrong sightings from pulling the solution, and refines a wrong focal length', () => {
    const { cameras, points, obs } = perturbedProblem(new Random(5), 0.005, 0.01, 0.01);
    const random = new Random(6);
    for (let k = 0; k < obs.camera.length; k += 20) obs.uv[2 * k]! += random.range(30, 80);
    cameras.focal.fill(scene.intrinsics.f * 1.08);
    const result = bundleAdjust(cameras, points, obs, { maxIterations: 40, huberPx: 2, refineFocal: true });
    expect(result.focalScale * 1.08).toBeCloseTo(1, 2);
    expect(cameras.focal[3]!).toBeCloseTo(scene.intrinsics.f, -1);
    for (let c = 1; c < scene.poses.length; c++) expect(rotationAngleBetween(cameras.rotations.subarray(9 * c, 9 * c + 9), scene.poses[c]!.R) * DEG).toBeLessThan(0.2);
  });
});
