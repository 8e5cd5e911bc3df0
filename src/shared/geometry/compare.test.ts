import { describe, expect, it } from 'vitest';
import type { Similarity } from './align.ts';
import { applySimilarity, composeSimilarity } from './align.ts';
import { compareToReference, deviationScale, heatColour, sampleSurface, sampleSurfaceFaces } from './compare.ts';
import { identity3, rotationAngleBetween, rotationFromVector, vec3 } from './linalg.ts';
import { boxMesh } from './mesh.ts';
import { Random } from './random.ts';
import { referenceModel } from './reference-models.ts';
import { triangleDistanceSq } from './surface-distance.ts';

const SCALE = 0.013;
const axis = [0.3, 0.8, -0.52];
const length = Math.hypot(...axis);
/** Reference millimetres into a scan's own units: 40° about a tilted axis, scale 0.013, shifted. */
const TRUTH: Similarity = { scale: SCALE, R: rotationFromVector(axis.map((v) => (v / length) * ((40 * Math.PI) / 180))), t: vec3(0.7, -1.9, 3.2) };

/** A scan of the reference: its surface in the scan's frame with 0.5 mm of noise (in reference units). */
function scanOf(points: Float64Array, seed: number, noise = 0.5): Float64Array {
  const random = new Random(seed);
  const noisy = Float64Array.from(points, (v) => v + noise * random.normal());
  return applySimilarity(TRUTH, noisy);
}

const brake = referenceModel('brake').mesh;

describe('sampleSurface', () => {
  it('spreads points over the faces by area, the same for the same seed', () => {
    const box = boxMesh([0, 0, 0], [4, 1, 1]);
    const points = sampleSurface(box, 9000, 3);
    expect(sampleSurface(box, 9000, 3)).toEqual(points);
    expect(sampleSurface(box, 9000, 4)).not.toEqual(points);
    let onEnds = 0;
    let offSurface = 0;
    for (let i = 0; i < 9000; i++) {
      const [x, y, z] = [points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!];
      if (![x, y, z].some((v, k) => Math.abs(v) < 1e-9 || Math.abs(v - (k === 0 ? 4 : 1)) < 1e-9)) offSurface++;
      if (Math.abs(x) < 1e-9 || Math.abs(x - 4) < 1e-9) onEnds++;
    }
    expect(offSurface).toBe(0);
    // The two square ends are 2 of the box's 18 square units.
    expect(onEnds / 9000).toBeGreaterThan(0.09);
    expect(onEnds / 9000).toBeLessThan(0.132);
  });

  it('measures the exact distance to a triangle in each region around it', () => {
    const p = Float64Array.of(0, 0, 0, 2, 0, 0, 0, 2, 0);
    expect(triangleDistanceSq(p, 0, 3, 6, 0.5, 0.5, 3)).toBeCloseTo(9, 12);
    expect(triangleDistanceSq(p, 0, 3, 6, -1, -1, 0)).toBeCloseTo(2, 12);
    expect(triangleDistanceSq(p, 0, 3, 6, 1, -2, 0)).toBeCloseTo(4, 12);
    expect(triangleDistanceSq(p, 0, 3, 6, 2, 2, 0)).toBeCloseTo(2, 12);
    expect(triangleDistanceSq(p, 0, 3, 6, 3, 0, 1)).toBeCloseTo(2, 12);
  });
});

describe('compareToReference', () => {
  it('finds the similarity of a noisy scan and measures it within a millimetre', () => {
    const scan = scanOf(sampleSurface(brake, 8_000, 21), 5);
    const result = compareToReference(scan, { mesh: brake });
    expect(result.meanDeviation).toBeLessThan(1);
    expect(Math.abs(result.similarity.scale * SCALE - 1)).toBeLessThan(0.01);
    const roundTrip = composeSimilarity(result.similarity, TRUTH);
    expect(rotationAngleBetween(roundTrip.R, identity3())).toBeLessThan(0.01);
    expect(Math.hypot(...roundTrip.t)).toBeLessThan(2);
    expect(result.deviations.length).toBe(8_000);
    expect(result.aligned.length).toBe(24_000);
    expect(result.overlapShare).toBeGreaterThan(0.95);
  });

  it('shows a 5 mm dent on the disc face and little elsewhere', () => {
    const { points, faces } = sampleSurfaceFaces(brake, 12_000, 22);
    // Below y = 60 there is only the disc (its centre is at y = 150): its outboard friction face is the
    // lowest z there. Dent a patch of that face, 118 mm below the centre.
    const zMin = Math.min(...Array.from({ length: 12_000 }, (_, i) => (points[3 * i + 1]! < 60 ? points[3 * i + 2]! : Infinity)));
    const centre = [0, 150 - 118, zMin];
    const dented: boolean[] = [];
    for (let i = 0; i < 12_000; i++) {
      const onPatch = Math.abs(points[3 * i + 2]! - zMin) < 1e-6 && Math.hypot(points[3 * i]! - centre[0]!, points[3 * i + 1]! - centre[1]!) < 20;
      if (onPatch) points[3 * i + 2]! += 5;
      dented.push(onPatch);
    }
    expect(faces.length).toBe(12_000);
    const result = compareToReference(scanOf(points, 6, 0.15), { mesh: brake });
    const dent = result.deviations.filter((_, i) => dented[i]);
    const rest = result.deviations.filter((_, i) => !dented[i]);
    expect(dent.length).toBeGreaterThan(40);
    expect(Math.min(...dent)).toBeGreaterThan(4);
    expect(Math.max(...rest)).toBeLessThan(1.5);
  });

  it('fits the same kind far better than another kind', () => {
    const battery = referenceModel('battery').mesh;
    const scan = scanOf(sampleSurface(battery, 6_000, 23), 7);
    const same = compareToReference(scan, { mesh: battery });
    const other = compareToReference(scan, { mesh: referenceModel('strut').mesh });
    expect(same.meanDeviation).toBeLessThan(1);
    expect(other.meanDeviation).toBeGreaterThan(5 * same.meanDeviation);
    expect(other.meanDeviation).toBeGreaterThan(5);
  });

  it('compares two scans as points, and keeps the units when scaling is not allowed', () => {
    const earlier = sampleSurface(brake, 20_000, 24);
    const later = applySimilarity({ ...TRUTH, scale: 1 }, sampleSurface(brake, 8_000, 25));
    const result = compareToReference(later, { points: earlier }, { allowScale: false });
    expect(result.similarity.scale).toBe(1);
    expect(result.meanDeviation).toBeLessThan(2);
  });

  it('gives every point of a 100,000-point scan its deviation', () => {
    const scan = scanOf(sampleSurface(brake, 100_000, 26), 8);
    const result = compareToReference(scan, { mesh: brake }, { maxPoints: 5_000 });
    expect(result.deviations.length).toBe(100_000);
    expect(result.meanDeviation).toBeLessThan(1);
  });

  it('refuses a source or target with nothing to compare', () => {
    expect(() => compareToReference(new Float64Array(3), { mesh: brake })).toThrow(RangeError);
    expect(() => compareToReference(sampleSurface(brake, 100, 1), {})).toThrow(RangeError);
  });
});

describe('heat map', () => {
  it('runs from blue through green and yellow to red', () => {
    expect(heatColour(0, 10)).toEqual([0, 0, 1]);
    expect(heatColour(10 / 3, 10).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([0, 1, 0]);
    expect(heatColour(20 / 3, 10).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1, 1, 0]);
    expect(heatColour(10, 10)).toEqual([1, 0, 0]);
    expect(heatColour(25, 10)).toEqual([1, 0, 0]);
    expect(heatColour(-1, 10)).toEqual([0, 0, 1]);
  });

  it('scales the legend to the 95th percentile, rounded up to a readable number', () => {
    expect(deviationScale({ p95Deviation: 1.7, maxDeviation: 9 })).toBe(2);
    expect(deviationScale({ p95Deviation: 0.031, maxDeviation: 1 })).toBeCloseTo(0.05, 12);
    expect(deviationScale({ p95Deviation: 2.2, maxDeviation: 9 })).toBe(2.5);
    expect(deviationScale({ p95Deviation: 0, maxDeviation: 0 })).toBe(1);
  });
});
