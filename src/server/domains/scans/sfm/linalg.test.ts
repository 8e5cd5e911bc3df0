import { describe, expect, it } from 'vitest';
import { cameraCentre, focalPixels, intrinsicsFor, normalisePoints, project, reprojectionError } from './camera.ts';
import {
  choleskySolveInPlace,
  det3,
  identity,
  invert3,
  matrix,
  mul3,
  multiply,
  orthonormalise,
  rotationAngleBetween,
  rotationFromVector,
  solveLeastSquares,
  svd,
  symmetricEigen,
  transpose,
  vectorFromRotation,
} from '../../../../shared/geometry/linalg.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { lookAt } from './test-scene.ts';

function randomMatrix(random: Random, rows: number, cols: number) {
  return matrix(rows, cols, Array.from({ length: rows * cols }, () => random.normal()));
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

describe('dense linear algebra', () => {
  it('decomposes tall, square and wide matrices by SVD into orthogonal factors and sorted singular values', () => {
    const random = new Random(3);
    for (const [rows, cols] of [
      [7, 4],
      [5, 5],
      [3, 9],
    ] as const) {
      const a = randomMatrix(random, rows, cols);
      const { u, s, v } = svd(a);
      const sigma = matrix(cols, cols);
      s.forEach((value, k) => (sigma.data[k * cols + k] = value));
      expect(maxDifference(multiply(multiply(u, sigma), transpose(v)).data, a.data)).toBeLessThan(1e-12);
      expect(maxDifference(multiply(transpose(v), v).data, identity(cols).data)).toBeLessThan(1e-12);
      for (let k = 1; k < cols; k++) expect(s[k]!).toBeLessThanOrEqual(s[k - 1]!);
      if (rows < cols) expect(s[cols - 1]!).toBeLessThan(1e-12);
    }
  });

  it('finds the eigenvalues and eigenvectors of a symmetric matrix', () => {
    const random = new Random(4);
    const b = randomMatrix(random, 6, 6);
    const a = multiply(transpose(b), b);
    const { values, vectors } = symmetricEigen(a);
    const av = multiply(a, vectors);
    for (let k = 0; k < 6; k++) {
      for (let r = 0; r < 6; r++) expect(av.data[r * 6 + k]!).toBeCloseTo(values[k]! * vectors.data[r * 6 + k]!, 10);
      if (k > 0) expect(values[k]!).toBeGreaterThanOrEqual(values[k - 1]!);
    }
  });

  it('solves least squares through the SVD and positive definite systems by Cholesky', () => {
    const random = new Random(5);
    const a = randomMatrix(random, 20, 4);
    const truth = [1, -2, 0.5, 3];
    const b = Array.from({ length: 20 }, (_, r) => truth.reduce((sum, x, c) => sum + x * a.data[r * 4 + c]!, 0));
    expect(maxDifference(solveLeastSquares(a, b), truth)).toBeLessThan(1e-12);
    const ata = multiply(transpose(a), a);
    const atb = Float64Array.from({ length: 4 }, (_, c) => b.reduce((sum, y, r) => sum + y * a.data[r * 4 + c]!, 0));
    expect(choleskySolveInPlace(Float64Array.from(ata.data), atb, 4)).toBe(true);
    expect(maxDifference(atb, truth)).toBeLessThan(1e-10);
    expect(choleskySolveInPlace(Float64Array.of(1, 2, 2, 1), Float64Array.of(1, 1), 2)).toBe(false);
  });

  it('maps rotation vectors to rotations and back, near 0, in between and near π', () => {
    const random = new Random(6);
    for (const angle of [0, 1e-9, 1e-4, 0.3, 1.5, 2.5, Math.PI - 1e-6, Math.PI]) {
      const axis = [random.normal(), random.normal(), random.normal()];
      const n = Math.hypot(...axis);
      const w = axis.map((x) => (x / n) * angle);
      const r = rotationFromVector(w);
      expect(det3(r)).toBeCloseTo(1, 12);
      expect(maxDifference(mul3(r, Float64Array.of(r[0]!, r[3]!, r[6]!, r[1]!, r[4]!, r[7]!, r[2]!, r[5]!, r[8]!)), [1, 0, 0, 0, 1, 0, 0, 0, 1])).toBeLessThan(1e-12);
      const back = vectorFromRotation(r);
      // At exactly π the axis' sign is free; the rotation must still be the same.
      expect(maxDifference(rotationFromVector(back), r)).toBeLessThan(1e-9);
      if (angle < 3) expect(maxDifference(back, w)).toBeLessThan(1e-9);
      expect(rotationAngleBetween(r, rotationFromVector([0, 0, 0]))).toBeCloseTo(angle, 6);
    }
  });

  it('inverts 3×3 matrices and finds the nearest rotation of a perturbed one', () => {
    const m = Float64Array.of(2, 1, 0, 0, 3, 1, 1, 0, 4);
    expect(maxDifference(mul3(m, invert3(m)!), [1, 0, 0, 0, 1, 0, 0, 0, 1])).toBeLessThan(1e-14);
    expect(invert3([1, 2, 3, 2, 4, 6, 0, 0, 1])).toBeNull();
    const r = rotationFromVector([0.2, -0.4, 0.1]);
    const noisy = r.map((x, i) => x + (i % 2 ? 1e-3 : -1e-3));
    expect(maxDifference(orthonormalise(noisy), r)).toBeLessThan(2e-3);
    expect(det3(orthonormalise(noisy))).toBeCloseTo(1, 10);
  });
});

describe('pinhole camera', () => {
  it('takes the focal length from the sensor width, else the 35 mm equivalent, else 1.2 × the long side', () => {
    expect(focalPixels({ width: 4000, height: 3000, focalMm: 4.2, sensorWidthMm: 5.6 }).focalPx).toBeCloseTo(3000, 9);
    const equivalent = focalPixels({ width: 4032, height: 3024, focal35mm: 26 });
    expect(equivalent.source).toBe('35mm');
    expect(equivalent.focalPx).toBeCloseTo((26 / Math.hypot(36, 24)) * Math.hypot(4032, 3024), 9);
    expect(focalPixels({ width: 3000, height: 4000, focalMm: 4.2 })).toEqual({ focalPx: 4800, source: 'fallback' });
    expect(focalPixels({ width: 640, height: 480, focal35mm: 0, focalMm: Number.NaN, sensorWidthMm: 5 }).focalPx).toBe(768);
    expect(intrinsicsFor(640, 480)).toEqual({ f: 768, cx: 320, cy: 240 });
  });

  it('projects a point, normalises the pixel back, and measures reprojection errors', () => {
    const k = intrinsicsFor(1600, 1200, 1400);
    const pose = lookAt([4, 1, 2], [0, 0, 0]);
    expect(maxDifference(cameraCentre(pose), [4, 1, 2])).toBeLessThan(1e-12);
    const centreOfView = project(k, pose, [0, 0, 0])!;
    expect(centreOfView[0]).toBeCloseTo(800, 9);
    expect(centreOfView[1]).toBeCloseTo(600, 9);
    const p = project(k, pose, [0.3, -0.2, 0.5])!;
    const [x, y] = normalisePoints(k, p);
    const cam = [pose.R[0]! * 0.3 - pose.R[1]! * 0.2 + pose.R[2]! * 0.5 + pose.t[0]!, pose.R[3]! * 0.3 - pose.R[4]! * 0.2 + pose.R[5]! * 0.5 + pose.t[1]!, pose.R[6]! * 0.3 - pose.R[7]! * 0.2 + pose.R[8]! * 0.5 + pose.t[2]!];
    expect(x).toBeCloseTo(cam[0]! / cam[2]!, 12);
    expect(y).toBeCloseTo(cam[1]! / cam[2]!, 12);
    expect(reprojectionError(k, pose, [0.3, -0.2, 0.5], p[0] + 3, p[1] + 4)).toBeCloseTo(5, 9);
    expect(project(k, pose, [8, 2, 4])).toBeNull();
  });
});
