/**
 * Triangle meshes and point clouds as flat arrays, with the measures a scan report needs: bounding
 * box, surface area, whether the mesh is closed, enclosed volume (by signed tetrahedra against the
 * origin, closed meshes only) and the removal of small disconnected pieces.
 */
import type { Vec3 } from './linalg.ts';
import { vec3 } from './linalg.ts';

export interface Mesh {
  /** x, y, z triples. */
  readonly positions: Float64Array;
  /** Vertex index triples, counter-clockwise seen from outside. */
  readonly triangles: Uint32Array;
  /** r, g, b per vertex. */
  readonly colours?: Uint8Array | null;
}

export interface PointCloud {
  readonly positions: Float64Array;
  readonly colours?: Uint8Array | null;
  readonly normals?: Float64Array | null;
}

export interface BoundingBox {
  readonly min: Vec3;
  readonly max: Vec3;
  readonly size: Vec3;
  readonly diagonal: number;
}

export function boundingBox(positions: ArrayLike<number>): BoundingBox {
  const min = vec3(Infinity, Infinity, Infinity);
  const max = vec3(-Infinity, -Infinity, -Infinity);
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = positions[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  if (positions.length < 3) {
    min.fill(0);
    max.fill(0);
  }
  const size = vec3(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  return { min, max, size, diagonal: Math.hypot(size[0]!, size[1]!, size[2]!) };
}

function corner(mesh: Mesh, t: number, k: number): [number, number, number] {
  const v = 3 * mesh.triangles[3 * t + k]!;
  return [mesh.positions[v]!, mesh.positions[v + 1]!, mesh.positions[v + 2]!];
}

export function surfaceArea(mesh: Mesh): number {
  let area = 0;
  const count = mesh.triangles.length / 3;
  for (let t = 0; t < count; t++) {
    const a = corner(mesh, t, 0);
    const b = corner(mesh, t, 1);
    const c = corner(mesh, t, 2);
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    area += Math.hypot(u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!) / 2;
  }
  return area;
}

/** True when every edge is used exactly twice, once in each direction (closed and consistently oriented). */
export function isClosed(mesh: Mesh): boolean {
  const count = mesh.triangles.length / 3;
  if (count === 0) return false;
  const vertices = mesh.positions.length / 3;
  const directed = new Map<number, number>();
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const a = mesh.triangles[3 * t + k]!;
      const b = mesh.triangles[3 * t + ((k + 1) % 3)]!;
      if (a === b) return false;
      const key = a * vertices + b;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  for (const [key, uses] of directed) {
    if (uses !== 1) return false;
    const a = Math.floor(key / vertices);
    const b = key - a * vertices;
    if (directed.get(b * vertices + a) !== 1) return false;
  }
  return true;
}

/**
 * Enclosed volume: the sum of the signed volumes of the tetrahedra each triangle makes with the origin
 * (positive for outward-facing triangles). Null when the mesh is not closed, where it means nothing.
 */
export function meshVolume(mesh: Mesh): number | null {
  if (!isClosed(mesh)) return null;
  let six = 0;
  const count = mesh.triangles.length / 3;
  for (let t = 0; t < count; t++) {
    const a = corner(mesh, t, 0);
    const b = corner(mesh, t, 1);
    const c = corner(mesh, t, 2);
    six += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
  }
  return six / 6;
}

/**
 * Keeps the connected pieces with at least minShare of the largest piece's triangles, and only the
 * vertices they use.
 */
export function dropSmallPieces(mesh: Mesh, minShare: number): Mesh {
  const vertices = mesh.positions.length / 3;
  const parent = Int32Array.from({ length: vertices }, (_, i) => i);
  const find = (x: number): number => {
    let node = x;
    while (parent[node] !== node) {
      parent[node] = parent[parent[node]!]!;
      node = parent[node]!;
    }
    return node;
  };
  const count = mesh.triangles.length / 3;
  for (let t = 0; t < count; t++) {
    const a = find(mesh.triangles[3 * t]!);
    for (let k = 1; k < 3; k++) {
      const b = find(mesh.triangles[3 * t + k]!);
      if (a !== b) parent[b] = a;
    }
  }
  const size = new Map<number, number>();
  for (let t = 0; t < count; t++) {
    const root = find(mesh.triangles[3 * t]!);
    size.set(root, (size.get(root) ?? 0) + 1);
  }
  const largest = Math.max(0, ...size.values());
  const remap = new Int32Array(vertices).fill(-1);
  const triangles: number[] = [];
  let next = 0;
  for (let t = 0; t < count; t++) {
    if ((size.get(find(mesh.triangles[3 * t]!)) ?? 0) < minShare * largest) continue;
    for (let k = 0; k < 3; k++) {
      const v = mesh.triangles[3 * t + k]!;
      if (remap[v] === -1) remap[v] = next++;
      triangles.push(remap[v]!);
    }
  }
  const positions = new Float64Array(3 * next);
  const colours = mesh.colours ? new Uint8Array(3 * next) : null;
  for (let v = 0; v < vertices; v++) {
    const to = remap[v]!;
    if (to < 0) continue;
    positions.set(mesh.positions.subarray(3 * v, 3 * v + 3), 3 * to);
    if (colours && mesh.colours) colours.set(mesh.colours.subarray(3 * v, 3 * v + 3), 3 * to);
  }
  return { positions, triangles: Uint32Array.from(triangles), colours };
}

/** An axis-aligned box from min to max as 8 vertices and 12 outward-facing triangles (a test and preview shape). */
export function boxMesh(min: ArrayLike<number>, max: ArrayLike<number>): Mesh {
  const positions = new Float64Array(24);
  for (let i = 0; i < 8; i++) positions.set([i & 1 ? max[0]! : min[0]!, i & 2 ? max[1]! : min[1]!, i & 4 ? max[2]! : min[2]!], 3 * i);
  // Faces as quads of corner bits, counter-clockwise from outside.
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const triangles = new Uint32Array(36);
  quads.forEach(([a, b, c, d], f) => triangles.set([a!, b!, c!, a!, c!, d!], 6 * f));
  return { positions, triangles };
}
