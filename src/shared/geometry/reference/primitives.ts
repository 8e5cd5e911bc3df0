/**
 * Closed solids for the reference models, each a separate piece of a growing mesh: boxes, solids of
 * revolution from a profile (cylinders, discs with hubs, cones, rings), and tubes swept along a path.
 * Every piece is closed; its winding is checked against its signed volume and turned outward if needed,
 * so a builder never has to reason about which way a profile runs.
 */
import type { Mesh } from '../mesh.ts';
import { boxMesh } from '../mesh.ts';

export type Point3 = readonly [number, number, number];
/** A point of a profile: distance from the axis, height along it. */
export type ProfilePoint = readonly [number, number];
/** Row-major 3 × 3 linear map (a rotation, or a stretch that keeps handedness). */
export type Linear3 = readonly number[];

export interface Piece {
  positions: number[];
  triangles: number[];
}

export interface ReferencePart {
  readonly name: string;
  readonly triangleStart: number;
  readonly triangleCount: number;
}

export const IDENTITY: Linear3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
/** Turns the Y axis onto X (a quarter turn about Z). */
export const Y_TO_X: Linear3 = [0, 1, 0, -1, 0, 0, 0, 0, 1];
/** Turns the Y axis onto −X (a quarter turn about Z the other way). */
export const Y_TO_MINUS_X: Linear3 = [0, -1, 0, 1, 0, 0, 0, 0, 1];
/** Turns the Y axis onto Z (a quarter turn about X). */
export const Y_TO_Z: Linear3 = [1, 0, 0, 0, 0, -1, 0, 1, 0];

export function rotationX(angle: number): Linear3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [1, 0, 0, 0, c, -s, 0, s, c];
}

export function rotationZ(angle: number): Linear3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}

export function stretch(x: number, y: number, z: number): Linear3 {
  return [x, 0, 0, 0, y, 0, 0, 0, z];
}

export function compose(a: Linear3, b: Linear3): Linear3 {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out.push(a[3 * r]! * b[c]! + a[3 * r + 1]! * b[3 + c]! + a[3 * r + 2]! * b[6 + c]!);
  return out;
}

/** Six times the signed volume a closed piece encloses (positive when it faces outward). */
function sixVolume(piece: Piece): number {
  const p = piece.positions;
  let six = 0;
  for (let i = 0; i < piece.triangles.length; i += 3) {
    const a = 3 * piece.triangles[i]!;
    const b = 3 * piece.triangles[i + 1]!;
    const c = 3 * piece.triangles[i + 2]!;
    six += p[a]! * (p[b + 1]! * p[c + 2]! - p[b + 2]! * p[c + 1]!) - p[a + 1]! * (p[b]! * p[c + 2]! - p[b + 2]! * p[c]!) + p[a + 2]! * (p[b]! * p[c + 1]! - p[b + 1]! * p[c]!);
  }
  return six;
}

/** Collects pieces into one mesh and names runs of triangles as parts. */
export class MeshBuilder {
  private readonly positions: number[] = [];
  private readonly triangles: number[] = [];
  private readonly partList: ReferencePart[] = [];

  /** Adds the pieces as one named part, each moved by `linear` then `offset`. */
  part(name: string, pieces: Piece[], linear: Linear3 = IDENTITY, offset: Point3 = [0, 0, 0]): this {
    const start = this.triangles.length / 3;
    for (const piece of pieces) this.add(transform(piece, linear, offset));
    this.partList.push({ name, triangleStart: start, triangleCount: this.triangles.length / 3 - start });
    return this;
  }

  private add(piece: Piece): void {
    const base = this.positions.length / 3;
    const flip = sixVolume(piece) < 0;
    for (const v of piece.positions) this.positions.push(v);
    for (let i = 0; i < piece.triangles.length; i += 3) {
      const a = piece.triangles[i]!;
      const b = piece.triangles[i + 1]!;
      const c = piece.triangles[i + 2]!;
      if (flip) this.triangles.push(base + a, base + c, base + b);
      else this.triangles.push(base + a, base + b, base + c);
    }
  }

  /** The mesh moved so that it stands on the floor (lowest point at y = 0), centred over the origin in x and z. */
  build(): { mesh: Mesh; parts: ReferencePart[] } {
    const positions = Float64Array.from(this.positions);
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < positions.length; i++) {
      min[i % 3] = Math.min(min[i % 3]!, positions[i]!);
      max[i % 3] = Math.max(max[i % 3]!, positions[i]!);
    }
    const shift = [-(min[0]! + max[0]!) / 2, -min[1]!, -(min[2]! + max[2]!) / 2];
    for (let i = 0; i < positions.length; i++) positions[i]! += shift[i % 3]!;
    return { mesh: { positions, triangles: Uint32Array.from(this.triangles) }, parts: [...this.partList] };
  }
}

export function transform(piece: Piece, linear: Linear3, offset: Point3): Piece {
  const positions: number[] = [];
  const p = piece.positions;
  for (let i = 0; i < p.length; i += 3) {
    for (let r = 0; r < 3; r++) positions.push(linear[3 * r]! * p[i]! + linear[3 * r + 1]! * p[i + 1]! + linear[3 * r + 2]! * p[i + 2]! + offset[r]!);
  }
  return { positions, triangles: piece.triangles };
}

export function box(min: Point3, max: Point3): Piece {
  const mesh = boxMesh(min, max);
  return { positions: Array.from(mesh.positions), triangles: Array.from(mesh.triangles) };
}

/**
 * A solid of revolution about the Y axis. An open profile runs from a point on the axis to another
 * (a solid such as a stepped cylinder or a cone); a profile with no point on the axis is a closed
 * loop (a ring such as a washer or a brake disc with its bore). `segments` should be a multiple of 4
 * so that the solid reaches its full radius along both X and Z.
 */
export function lathe(profile: readonly ProfilePoint[], segments: number): Piece {
  const onAxis = (p: ProfilePoint): boolean => p[0] === 0;
  const open = onAxis(profile[0]!) && onAxis(profile[profile.length - 1]!);
  const positions: number[] = [];
  const triangles: number[] = [];
  const ringStart: number[] = [];
  for (const [r, y] of profile) {
    ringStart.push(positions.length / 3);
    if (r === 0) {
      positions.push(0, y, 0);
      continue;
    }
    for (let s = 0; s < segments; s++) {
      const angle = (2 * Math.PI * s) / segments;
      positions.push(r * Math.cos(angle), y, r * Math.sin(angle));
    }
  }
  const at = (ring: number, s: number): number => (profile[ring]![0] === 0 ? ringStart[ring]! : ringStart[ring]! + (s % segments));
  const bands = open ? profile.length - 1 : profile.length;
  for (let k = 0; k < bands; k++) {
    const next = (k + 1) % profile.length;
    for (let s = 0; s < segments; s++) {
      const a = at(k, s);
      const b = at(k, s + 1);
      const c = at(next, s + 1);
      const d = at(next, s);
      if (a !== b) triangles.push(a, b, c);
      if (c !== d) triangles.push(a, c, d);
    }
  }
  return { positions, triangles };
}

/** A solid cylinder about the Y axis from y0 to y1. */
export function cylinder(radius: number, y0: number, y1: number, segments: number): Piece {
  return lathe([[0, y0], [radius, y0], [radius, y1], [0, y1]], segments);
}

/** A flat ring about the Y axis (inner and outer radius) from y0 to y1. */
export function ring(inner: number, outer: number, y0: number, y1: number, segments: number): Piece {
  return lathe([[inner, y0], [outer, y0], [outer, y1], [inner, y1]], segments);
}

/**
 * A tube of circular section swept along a smooth path of centre points, closed by flat end caps
 * square to the path. The section's frame is carried along the path by parallel transport, so the tube
 * does not twist.
 */
export function sweptTube(path: readonly Point3[], radius: number, sides: number): Piece {
  const n = path.length;
  const tangents = path.map((_, i) => {
    const a = path[Math.max(0, i - 1)]!;
    const b = path[Math.min(n - 1, i + 1)]!;
    return normalise([b[0] - a[0], b[1] - a[1], b[2] - a[2]]);
  });
  const t0 = tangents[0]!;
  const helper: Point3 = Math.abs(t0[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0];
  let normal = normalise(cross(cross(t0, helper), t0));
  const positions: number[] = [];
  const triangles: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = tangents[i]!;
    normal = normalise(subtract(normal, scaled(t, dot(normal, t))));
    const binormal = cross(t, normal);
    const c = path[i]!;
    for (let s = 0; s < sides; s++) {
      const angle = (2 * Math.PI * s) / sides;
      const u = radius * Math.cos(angle);
      const v = radius * Math.sin(angle);
      positions.push(c[0] + u * normal[0] + v * binormal[0], c[1] + u * normal[1] + v * binormal[1], c[2] + u * normal[2] + v * binormal[2]);
    }
  }
  for (let i = 0; i + 1 < n; i++) {
    for (let s = 0; s < sides; s++) {
      const a = i * sides + s;
      const b = i * sides + ((s + 1) % sides);
      triangles.push(a, b, b + sides, a, b + sides, a + sides);
    }
  }
  for (const [end, ringAt, reversed] of [[path[0]!, 0, true], [path[n - 1]!, (n - 1) * sides, false]] as const) {
    const centre = positions.length / 3;
    positions.push(end[0], end[1], end[2]);
    for (let s = 0; s < sides; s++) {
      const a = ringAt + s;
      const b = ringAt + ((s + 1) % sides);
      if (reversed) triangles.push(centre, b, a);
      else triangles.push(centre, a, b);
    }
  }
  return { positions, triangles };
}

function dot(a: Point3, b: Point3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Point3, b: Point3): Point3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function subtract(a: Point3, b: Point3): Point3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function scaled(a: Point3, k: number): Point3 {
  return [a[0] * k, a[1] * k, a[2] * k];
}

function normalise(a: Point3): Point3 {
  const length = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / length, a[1] / length, a[2] / length];
}
