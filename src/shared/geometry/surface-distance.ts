/**
 * Points on a mesh's surface and distances to it: area-weighted sampling of the triangles, and the
 * distance from a point to the surface, found among the triangles of the nearest surface samples and
 * measured exactly to those triangles.
 */
import { KdTree } from './kdtree.ts';
import type { Mesh } from './mesh.ts';
import { Random } from './random.ts';

export interface SurfaceSample {
  /** x, y, z triples on the surface. */
  readonly points: Float64Array;
  /** The triangle each point lies on. */
  readonly faces: Uint32Array;
}

/** `count` points spread over the triangles in proportion to their area, the same for the same seed. */
export function sampleSurfaceFaces(mesh: Mesh, count: number, seed = 1): SurfaceSample {
  const p = mesh.positions;
  const tri = mesh.triangles;
  const faceCount = tri.length / 3;
  const cumulative = new Float64Array(faceCount);
  let total = 0;
  for (let t = 0; t < faceCount; t++) {
    const a = 3 * tri[3 * t]!;
    const b = 3 * tri[3 * t + 1]!;
    const c = 3 * tri[3 * t + 2]!;
    const ux = p[b]! - p[a]!, uy = p[b + 1]! - p[a + 1]!, uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!, vy = p[c + 1]! - p[a + 1]!, vz = p[c + 2]! - p[a + 2]!;
    total += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    cumulative[t] = total;
  }
  if (!(total > 0)) throw new RangeError('The mesh has no surface to sample');
  const random = new Random(seed);
  const points = new Float64Array(3 * count);
  const faces = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const target = random.next() * total;
    let lo = 0;
    let hi = faceCount - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    // Uniform on the triangle: fold the unit square's upper half back onto the lower one.
    let u = random.next();
    let v = random.next();
    if (u + v > 1) {
      u = 1 - u;
      v = 1 - v;
    }
    const a = 3 * tri[3 * lo]!;
    const b = 3 * tri[3 * lo + 1]!;
    const c = 3 * tri[3 * lo + 2]!;
    for (let k = 0; k < 3; k++) points[3 * i + k] = p[a + k]! + u * (p[b + k]! - p[a + k]!) + v * (p[c + k]! - p[a + k]!);
    faces[i] = lo;
  }
  return { points, faces };
}

/** `count` points on the mesh's surface, area-weighted and deterministic for a seed. */
export function sampleSurface(mesh: Mesh, count: number, seed = 1): Float64Array {
  return sampleSurfaceFaces(mesh, count, seed).points;
}

/** Squared distance from (px, py, pz) to the triangle of corners a, b, c (offsets into positions). */
export function triangleDistanceSq(p: Float64Array, a: number, b: number, c: number, px: number, py: number, pz: number): number {
  const abx = p[b]! - p[a]!, aby = p[b + 1]! - p[a + 1]!, abz = p[b + 2]! - p[a + 2]!;
  const acx = p[c]! - p[a]!, acy = p[c + 1]! - p[a + 1]!, acz = p[c + 2]! - p[a + 2]!;
  const apx = px - p[a]!, apy = py - p[a + 1]!, apz = pz - p[a + 2]!;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  const bpx = px - p[b]!, bpy = py - p[b + 1]!, bpz = pz - p[b + 2]!;
  const d3 = abx * bpx + aby * bpy + abz * bpz;
  const d4 = acx * bpx + acy * bpy + acz * bpz;
  const cpx = px - p[c]!, cpy = py - p[c + 1]!, cpz = pz - p[c + 2]!;
  const d5 = abx * cpx + aby * cpy + abz * cpz;
  const d6 = acx * cpx + acy * cpy + acz * cpz;
  // The closest point's barycentric weights on b and c, by the region of the triangle's plane p falls in.
  let v = 0;
  let w = 0;
  const va = d3 * d6 - d5 * d4;
  const vb = d5 * d2 - d1 * d6;
  const vc = d1 * d4 - d3 * d2;
  if (d1 <= 0 && d2 <= 0) v = 0;
  else if (d3 >= 0 && d4 <= d3) v = 1;
  else if (d6 >= 0 && d5 <= d6) w = 1;
  else if (vc <= 0 && d1 >= 0 && d3 <= 0) v = d1 / (d1 - d3);
  else if (vb <= 0 && d2 >= 0 && d6 <= 0) w = d2 / (d2 - d6);
  else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    v = 1 - w;
  } else {
    const denominator = va + vb + vc;
    v = vb / denominator;
    w = vc / denominator;
  }
  const qx = p[a]! + v * abx + w * acx - px;
  const qy = p[a + 1]! + v * aby + w * acy - py;
  const qz = p[a + 2]! + v * abz + w * acz - pz;
  return qx * qx + qy * qy + qz * qz;
}

const byMesh = new WeakMap<Mesh, SurfaceDistance>();

/** Distances to a mesh's surface (from a dense sample of it) or, for a bare point set, to its nearest point. */
export class SurfaceDistance {
  readonly tree: KdTree;
  /** For each triangle, the triangles across its three edges (−1 on an open edge). */
  private readonly across: Int32Array | null;

  constructor(
    readonly points: Float64Array,
    private readonly mesh: Mesh | null,
    private readonly faces: Uint32Array | null,
    readonly seed = 0,
    private readonly neighbours = 4,
  ) {
    this.tree = new KdTree(points);
    this.across = mesh ? edgeNeighbours(mesh) : null;
  }

  /** The distance to a mesh's surface from `samples` points of it; kept per mesh, so comparing several scans with one reference samples it once. */
  static ofMesh(mesh: Mesh, samples: number, seed = 1): SurfaceDistance {
    const known = byMesh.get(mesh);
    if (known && known.points.length === 3 * samples && known.seed === seed) return known;
    const { points, faces } = sampleSurfaceFaces(mesh, samples, seed);
    const surface = new SurfaceDistance(points, mesh, faces, seed);
    byMesh.set(mesh, surface);
    return surface;
  }

  static ofPoints(points: Float64Array): SurfaceDistance {
    return new SurfaceDistance(points, null, null);
  }

  /**
   * Distance from a point to the surface: to the triangles of its nearest samples and the triangles
   * across their edges (which catches the right one of long thin triangles), never more than the
   * nearest sample's own distance. When the answer is not well inside the spread of those samples (a
   * point off the surface, or in a corner where another part's samples crowd in) more samples are asked.
   */
  distance(x: number, y: number, z: number): number {
    if (!this.mesh || !this.faces || !this.across) return Math.sqrt(this.tree.nearest(x, y, z).distanceSq);
    const near = this.nearestFaces(x, y, z, this.neighbours);
    if (near.bestSq <= 0.09 * near.spreadSq) return Math.sqrt(near.bestSq);
    return Math.sqrt(this.nearestFaces(x, y, z, 4 * this.neighbours).bestSq);
  }

  private nearestFaces(x: number, y: number, z: number, k: number): { bestSq: number; spreadSq: number } {
    const { indices, distancesSq } = this.tree.knn(x, y, z, k);
    let best = distancesSq[0] ?? Infinity;
    const tri = this.mesh!.triangles;
    const positions = this.mesh!.positions;
    const tried: number[] = [];
    for (let i = 0; i < indices.length; i++) {
      const face = this.faces![indices[i]!]!;
      for (let e = -1; e < 3; e++) {
        const f = e < 0 ? face : this.across![3 * face + e]!;
        if (f < 0 || tried.includes(f)) continue;
        tried.push(f);
        best = Math.min(best, triangleDistanceSq(positions, 3 * tri[3 * f]!, 3 * tri[3 * f + 1]!, 3 * tri[3 * f + 2]!, x, y, z));
      }
    }
    return { bestSq: best, spreadSq: distancesSq[distancesSq.length - 1] ?? Infinity };
  }
}

/**
 * The triangle across each edge of each triangle, by matching an edge a→b with the reverse b→a among
 * the triangles around b (typed arrays only, so a scan's mesh of a million triangles stays affordable).
 */
function edgeNeighbours(mesh: Mesh): Int32Array {
  const tri = mesh.triangles;
  const vertices = mesh.positions.length / 3;
  const count = tri.length / 3;
  const start = new Int32Array(vertices + 1);
  for (let i = 0; i < tri.length; i++) start[tri[i]! + 1]!++;
  for (let v = 0; v < vertices; v++) start[v + 1]! += start[v]!;
  const around = new Int32Array(tri.length);
  const filled = start.slice(0, vertices);
  for (let i = 0; i < tri.length; i++) around[filled[tri[i]!]!++] = Math.floor(i / 3);
  const across = new Int32Array(3 * count).fill(-1);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const a = tri[3 * t + k]!;
      const b = tri[3 * t + ((k + 1) % 3)]!;
      for (let j = start[b]!; j < start[b + 1]! && across[3 * t + k] === -1; j++) {
        const other = around[j]!;
        for (let e = 0; e < 3; e++) if (other !== t && tri[3 * other + e] === b && tri[3 * other + ((e + 1) % 3)] === a) across[3 * t + k] = other;
      }
    }
  }
  return across;
}
