import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Mesh } from './mesh.ts';
import { boundingBox, isClosed, meshVolume } from './mesh.ts';
import type { ReferenceKind } from './reference-models.ts';
import { engineLayoutFrom, REFERENCE_KINDS, REFERENCE_LABELS, REFERENCE_SIZES, referenceKindFor, referenceModel } from './reference-models.ts';

/** The separate closed pieces of a mesh (pieces share no vertices), as triangle index lists. */
function pieces(mesh: Mesh): number[][] {
  const vertices = mesh.positions.length / 3;
  const parent = Int32Array.from({ length: vertices }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x]!)));
  const count = mesh.triangles.length / 3;
  for (let t = 0; t < count; t++) for (let k = 1; k < 3; k++) parent[find(mesh.triangles[3 * t + k]!)] = find(mesh.triangles[3 * t]!);
  const groups = new Map<number, number[]>();
  for (let t = 0; t < count; t++) {
    const root = find(mesh.triangles[3 * t]!);
    groups.set(root, [...(groups.get(root) ?? []), t]);
  }
  return [...groups.values()];
}

/** Whether p lies inside the closed piece: the parity of crossings of a ray in a skewed direction. */
function inside(mesh: Mesh, triangles: number[], p: readonly number[]): boolean {
  const d = [0.8017, 0.3123, 0.5097];
  let crossings = 0;
  for (const t of triangles) {
    const v = [0, 1, 2].map((k) => 3 * mesh.triangles[3 * t + k]!);
    const a = [0, 1, 2].map((i) => mesh.positions[v[0]! + i]!);
    const e1 = [0, 1, 2].map((i) => mesh.positions[v[1]! + i]! - a[i]!);
    const e2 = [0, 1, 2].map((i) => mesh.positions[v[2]! + i]! - a[i]!);
    const h = [d[1]! * e2[2]! - d[2]! * e2[1]!, d[2]! * e2[0]! - d[0]! * e2[2]!, d[0]! * e2[1]! - d[1]! * e2[0]!];
    const det = e1[0]! * h[0]! + e1[1]! * h[1]! + e1[2]! * h[2]!;
    if (Math.abs(det) < 1e-12) continue;
    const s = [0, 1, 2].map((i) => p[i]! - a[i]!);
    const u = (s[0]! * h[0]! + s[1]! * h[1]! + s[2]! * h[2]!) / det;
    if (u < 0 || u > 1) continue;
    const q = [s[1]! * e1[2]! - s[2]! * e1[1]!, s[2]! * e1[0]! - s[0]! * e1[2]!, s[0]! * e1[1]! - s[1]! * e1[0]!];
    const w = (d[0]! * q[0]! + d[1]! * q[1]! + d[2]! * q[2]!) / det;
    if (w < 0 || u + w > 1) continue;
    if ((e2[0]! * q[0]! + e2[1]! * q[1]! + e2[2]! * q[2]!) / det > 0) crossings++;
  }
  return crossings % 2 === 1;
}

function pieceVolume(mesh: Mesh, triangles: number[]): number {
  const sub = Uint32Array.from(triangles.flatMap((t) => [mesh.triangles[3 * t]!, mesh.triangles[3 * t + 1]!, mesh.triangles[3 * t + 2]!]));
  return meshVolume({ positions: mesh.positions, triangles: sub }) ?? Number.NaN;
}

describe('reference models', () => {
  it.each(REFERENCE_KINDS)('draws %s as a closed, outward solid of its documented size', (kind) => {
    const model = referenceModel(kind);
    expect(model.label).toBe(REFERENCE_LABELS[kind]);
    expect(isClosed(model.mesh)).toBe(true);
    expect(meshVolume(model.mesh)).toBeGreaterThan(0);
    const box = boundingBox(model.mesh.positions);
    REFERENCE_SIZES[kind].forEach((size, axis) => expect(Math.abs(box.size[axis]! - size)).toBeLessThan(1));
    expect(box.min[1]).toBeCloseTo(0, 9);
    expect(Math.abs(box.min[0]! + box.max[0]!)).toBeLessThan(1e-9);
    expect(Math.abs(box.min[2]! + box.max[2]!)).toBeLessThan(1e-9);
    const triangles = model.mesh.triangles.length / 3;
    expect(triangles).toBeGreaterThanOrEqual(2000);
    expect(triangles).toBeLessThanOrEqual(40000);
    const covered = model.parts.reduce((sum, part) => sum + part.triangleCount, 0);
    expect(covered).toBe(triangles);
    for (const piece of pieces(model.mesh)) expect(pieceVolume(model.mesh, piece)).toBeGreaterThan(0);
  });

  it.each(REFERENCE_KINDS)('keeps the pieces of %s from overlapping', (kind) => {
    const { mesh } = referenceModel(kind, kind === 'engine' ? { engine: { cylinders: 6, arrangement: 'v' } } : {});
    const all = pieces(mesh).map((triangles) => ({ triangles, box: boundingBox(Float64Array.from(triangles.flatMap((t) => [0, 1, 2].flatMap((k) => Array.from(mesh.positions.subarray(3 * mesh.triangles[3 * t + k]!, 3 * mesh.triangles[3 * t + k]! + 3)))))) }));
    const box = boundingBox(mesh.positions);
    let seed = 7;
    const next = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let found = 0;
    for (let i = 0; i < 700; i++) {
      const p = [0, 1, 2].map((k) => box.min[k]! + next() * box.size[k]!);
      const holders = all.filter(({ box: b }) => [0, 1, 2].every((k) => p[k]! > b.min[k]! && p[k]! < b.max[k]!)).filter(({ triangles }) => inside(mesh, triangles, p));
      expect(holders.length).toBeLessThanOrEqual(1);
      found += holders.length;
    }
    expect(found).toBeGreaterThan(25);
  });

  it('gives the battery the volume of its case, lid, vent caps and terminals', () => {
    const cylinder = (r: number, h: number): number => Math.PI * r * r * h;
    const frustum = (r1: number, r2: number, h: number): number => (Math.PI * h * (r1 * r1 + r1 * r2 + r2 * r2)) / 3;
    const expected = 278 * 175 * 160 + 272 * 170 * 12 + 6 * cylinder(10, 3) + 2 * cylinder(14, 4) + frustum(9.6, 8.75, 14) + frustum(8.8, 7.95, 14);
    const volume = meshVolume(referenceModel('battery').mesh)!;
    expect(Math.abs(volume - expected) / expected).toBeLessThan(0.02);
  });

  it('draws engines of other layouts and a larger brake disc', () => {
    for (const engine of [{ cylinders: 3, arrangement: 'inline' }, { cylinders: 6, arrangement: 'inline' }, { cylinders: 8, arrangement: 'v' }] as const) {
      const { mesh } = referenceModel('engine', { engine });
      expect(isClosed(mesh)).toBe(true);
      expect(boundingBox(mesh.positions).size[0]).toBeCloseTo(engine.arrangement === 'v' ? engine.cylinders * 50 + 160 : engine.cylinders * 100 + 160, 6);
    }
    const brake = referenceModel('brake', { discDiameter: 360 }).mesh;
    expect(boundingBox(brake.positions).size[0]).toBeCloseTo(360, 6);
  });

  it('gives the same mesh every time', () => {
    for (const kind of REFERENCE_KINDS) {
      const a = referenceModel(kind).mesh;
      const b = referenceModel(kind).mesh;
      expect(a.positions).toEqual(b.positions);
      expect(a.triangles).toEqual(b.triangles);
    }
  });
});

describe('engineLayoutFrom', () => {
  it.each([
    ['2.5L I4', { cylinders: 4, arrangement: 'inline' }],
    ['V6', { cylinders: 6, arrangement: 'v' }],
    ['5.0L V8', { cylinders: 8, arrangement: 'v' }],
    ['1.0 L3 turbo', { cylinders: 3, arrangement: 'inline' }],
    ['3.0 inline-6', { cylinders: 6, arrangement: 'inline' }],
    ['6 (V-Shaped)', { cylinders: 6, arrangement: 'v' }],
    ['4 (In-Line)', { cylinders: 4, arrangement: 'inline' }],
    ['4 cylinders', { cylinders: 4, arrangement: 'inline' }],
  ] as const)('reads %s', (text, layout) => expect(engineLayoutFrom(text)).toEqual(layout));

  it.each(['electric', 'W16', 'V12', '2.0 L'])('draws nothing it cannot name from %s', (text) => expect(engineLayoutFrom(text)).toBeNull());
});

describe('referenceKindFor', () => {
  /** Every component name and category the component set seeds for a vehicle. */
  const seeded = ['components-powertrain.ts', 'components-chassis.ts'].flatMap((file) => {
    const text = readFileSync(new URL(`../../server/domains/vehicles/${file}`, import.meta.url), 'utf8');
    return [...text.matchAll(/name: '([^']+)',\s*category: '([^']+)'/g)].map((m) => ({ name: m[1]!, category: m[2]! }));
  });
  const expected: Record<string, ReferenceKind> = {
    Engine: 'engine',
    'Drive Motor': 'motor',
    Transmission: 'gearbox',
    Battery: 'battery',
    Brakes: 'brake',
    Suspension: 'strut',
    Exhaust: 'exhaust',
  };

  it('finds every seeded category', () => {
    expect(new Set(seeded.map((c) => c.category))).toEqual(new Set(['Powertrain', 'Drivetrain', 'High Voltage', 'Electrical', 'Safety', 'Chassis', 'Emissions']));
  });

  it.each(seeded)('maps $name ($category)', (component) => expect(referenceKindFor(component)).toBe(expected[component.name]));

  it('reads category first, then the words of the name', () => {
    expect(referenceKindFor({ category: 'Suspension', name: 'Front left' })).toBe('strut');
    expect(referenceKindFor({ category: 'Powertrain', name: 'Electric drive unit' })).toBe('motor');
    expect(referenceKindFor({ category: 'Chassis', name: 'Rear shock absorber' })).toBe('strut');
    expect(referenceKindFor({ category: 'Safety', name: 'Front Brake Caliper' })).toBe('brake');
    expect(referenceKindFor({ category: 'Interior', name: 'Seat belt' })).toBeNull();
    expect(referenceKindFor({ category: 'Electrical', name: 'Alternator' })).toBeNull();
  });
});
