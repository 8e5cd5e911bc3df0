import { describe, expect, it } from 'vitest';
import { applySimilarity, composeSimilarity, deviation, icp, umeyama } from '../../../../shared/geometry/align.ts';
import { isolatedPoints } from './cloud-filter.ts';
import { KdTree } from '../../../../shared/geometry/kdtree.ts';
import { rotationAngleBetween, rotationFromVector } from '../../../../shared/geometry/linalg.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { surfacePoints } from './test-scene.ts';

const known = { scale: 2.5, R: rotationFromVector([0.3, -1.1, 0.7]), t: Float64Array.of(4, -2, 0.5) };

describe('similarity between corresponding points (Umeyama)', () => {
  it('recovers a known scale, rotation and translation exactly', () => {
    const { points } = surfacePoints('box', 200, new Random(1));
    const moved = applySimilarity(known, points);
    const found = umeyama(points, moved)!;
    expect(found.scale).toBeCloseTo(2.5, 12);
    expect(rotationAngleBetween(found.R, known.R)).toBeLessThan(1e-12);
    for (let k = 0; k < 3; k++) expect(found.t[k]!).toBeCloseTo(known.t[k]!, 11);
    expect(found.rms).toBeLessThan(1e-12);
  });

  it('recovers it from points on one plane, and a rigid motion when asked for no scale', () => {
    const flat = Float64Array.from({ length: 60 }, (_, i) => (i % 3 === 2 ? 0 : Math.sin(i * 1.7)));
    const found = umeyama(flat, applySimilarity(known, flat))!;
    expect(found.scale).toBeCloseTo(2.5, 10);
    expect(rotationAngleBetween(found.R, known.R)).toBeLessThan(1e-9);
    const rigid = { ...known, scale: 1 };
    const fixed = umeyama(flat, applySimilarity(rigid, flat), false)!;
    expect(fixed.scale).toBe(1);
    expect(fixed.rms).toBeLessThan(1e-12);
  });

  it('gives the least-squares answer and its RMS under noise, and nothing for two points', () => {
    const random = new Random(2);
    const { points } = surfacePoints('cylinder', 500, random);
    const noisy = applySimilarity(known, points).map((v) => v + 0.01 * random.normal());
    const found = umeyama(points, noisy)!;
    expect(found.scale).toBeCloseTo(2.5, 2);
    // Three coordinates of noise 0.01 each: an RMS distance of about 0.017.
    expect(found.rms).toBeGreaterThan(0.015);
    expect(found.rms).toBeLessThan(0.019);
    expect(umeyama([0, 0, 0, 1, 1, 1], [0, 0, 0, 1, 1, 1])).toBeNull();
  });
});

describe('nearest neighbours and cloud deviation', () => {
  it('finds the same nearest and k nearest points as a brute-force search', () => {
    const random = new Random(3);
    const points = Float64Array.from({ length: 3000 }, () => random.range(-1, 1));
    const tree = new KdTree(points);
    for (let q = 0; q < 100; q++) {
      const x = random.range(-1.2, 1.2);
      const y = random.range(-1.2, 1.2);
      const z = random.range(-1.2, 1.2);
      const all = Array.from({ length: 1000 }, (_, i) => ({ i, d: (points[3 * i]! - x) ** 2 + (points[3 * i + 1]! - y) ** 2 + (points[3 * i + 2]! - z) ** 2 })).sort((a, b) => a.d - b.d);
      expect(tree.nearest(x, y, z).index).toBe(all[0]!.i);
      const knn = tree.knn(x, y, z, 7);
      expect(Array.from(knn.indices)).toEqual(all.slice(0, 7).map((e) => e.i));
      const near = tree.knn(x, y, z, 50, 0.2);
      expect(near.indices.length).toBe(all.filter((e) => e.d < 0.04).slice(0, 50).length);
    }
  });

  it('finds the points that stand alone, away from the rest of the cloud', () => {
    const random = new Random(6);
    const { points } = surfacePoints('cylinder', 1000, random);
    const cloud = Float64Array.from([...points, 3, 3, 3, 0.2, -4, 1]);
    const isolated = isolatedPoints(cloud);
    expect(Array.from(isolated.subarray(1000))).toEqual([1, 1]);
    expect(isolated.subarray(0, 1000).reduce((a, b) => a + b, 0)).toBeLessThan(10);
  });

  it('measures how far a scan lies from a reference cloud', () => {
    const random = new Random(4);
    const reference = surfacePoints('box', 20000, random).points;
    const scan = surfacePoints('box', 2000, random).points.map((v) => v + 0.002 * random.normal());
    const d = deviation(scan, reference);
    expect(d.mean).toBeLessThan(0.02);
    expect(d.median).toBeLessThanOrEqual(d.p95);
    expect(d.p95).toBeLessThanOrEqual(d.max);
    // Lifted by 0.2, the top and bottom faces are 0.2 off; the sides slide along themselves.
    const shifted = scan.map((v, i) => (i % 3 === 2 ? v + 0.2 : v));
    expect(deviation(shifted, reference).mean).toBeGreaterThan(4 * d.mean);
    expect(deviation(shifted, reference).max).toBeGreaterThan(0.19);
  });
});

describe('ICP', () => {
  it('pulls a scan, started from a rough similarity, onto the reference', () => {
    const random = new Random(5);
    const reference = surfacePoints('box', 20000, random).points;
    const truth = surfacePoints('box', 1500, random).points;
    // The scan is the truth in another frame; the first guess is off by 5% in scale, 4.6° and 0.09
    // about the object's centre.
    const scan = applySimilarity({ scale: 1 / 2.5, R: rotationFromVector([0.1, 0.2, -0.3]), t: Float64Array.of(1, 2, 3) }, truth);
    const exact = umeyama(scan, truth)!;
    const start = composeSimilarity({ scale: 1.05, R: rotationFromVector([0.05, -0.06, 0.03]), t: Float64Array.of(0.05, 0.05, 0.05) }, exact);
    const before = deviation(applySimilarity(start, scan), reference);
    const { similarity, rms } = icp(scan, reference, start);
    const after = deviation(applySimilarity(similarity, scan), reference);
    expect(after.rms).toBeLessThan(before.rms / 3);
    // The floor is the spacing of the reference's samples (about 0.024 apart).
    expect(rms).toBeLessThan(0.02);
    expect(similarity.scale / exact.scale).toBeCloseTo(1, 2);
    expect(rotationAngleBetween(similarity.R, exact.R)).toBeLessThan(0.01);
  });
});
