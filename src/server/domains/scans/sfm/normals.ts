/**
 * Normals of an unorganised point cloud: the direction of least spread of each point's k nearest
 * neighbours (principal component analysis), oriented towards a place the point was seen from when
 * that is known, and otherwise made consistent by propagation along the neighbour graph in order of
 * how parallel neighbouring normals are (a maximum spanning tree, as Hoppe et al. propose), starting
 * from the point farthest from the centroid with its normal facing outwards.
 */
import { KdTree } from '../../../../shared/geometry/kdtree.ts';
import { matrix, symmetricEigen } from '../../../../shared/geometry/linalg.ts';

export interface NormalOptions {
  /** Neighbours used for each normal (default 12). */
  readonly neighbours?: number;
  /** Per point, a position it was seen from (x, y, z triples): the normal is turned to face it. */
  readonly viewpoints?: Float64Array | null;
}

/** A binary max-heap of (priority, value) pairs. */
class MaxHeap {
  private readonly priorities: number[] = [];
  private readonly values: number[] = [];

  get size(): number {
    return this.values.length;
  }

  push(priority: number, value: number): void {
    const p = this.priorities;
    const v = this.values;
    let i = v.length;
    p.push(priority);
    v.push(value);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (p[up]! >= p[i]!) break;
      [p[up], p[i]] = [p[i]!, p[up]!];
      [v[up], v[i]] = [v[i]!, v[up]!];
      i = up;
    }
  }

  pop(): number {
    const p = this.priorities;
    const v = this.values;
    const top = v[0]!;
    const lastP = p.pop()!;
    const lastV = v.pop()!;
    if (v.length === 0) return top;
    p[0] = lastP;
    v[0] = lastV;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let largest = i;
      if (l < v.length && p[l]! > p[largest]!) largest = l;
      if (r < v.length && p[r]! > p[largest]!) largest = r;
      if (largest === i) break;
      [p[largest], p[i]] = [p[i]!, p[largest]!];
      [v[largest], v[i]] = [v[i]!, v[largest]!];
      i = largest;
    }
    return top;
  }
}

export function estimateNormals(points: Float64Array, options: NormalOptions = {}): Float64Array {
  const n = Math.floor(points.length / 3);
  const k = Math.min(options.neighbours ?? 12, Math.max(n - 1, 0));
  const normals = new Float64Array(3 * n);
  if (n < 3) {
    for (let i = 0; i < n; i++) normals[3 * i + 2] = 1;
    return normals;
  }
  const tree = new KdTree(points);
  const neighbours: Int32Array[] = [];
  const centroids = new Float64Array(3 * n);
  const variation = new Float64Array(n);
  const cov = matrix(3, 3);
  for (let i = 0; i < n; i++) {
    const { indices } = tree.knn(points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!, k + 1);
    neighbours.push(indices);
    let mx = 0;
    let my = 0;
    let mz = 0;
    for (const j of indices) {
      mx += points[3 * j]!;
      my += points[3 * j + 1]!;
      mz += points[3 * j + 2]!;
    }
    mx /= indices.length;
    my /= indices.length;
    mz /= indices.length;
    centroids.set([mx, my, mz], 3 * i);
    cov.data.fill(0);
    for (const j of indices) {
      const d = [points[3 * j]! - mx, points[3 * j + 1]! - my, points[3 * j + 2]! - mz];
      for (let r = 0; r < 3; r++) for (let c = r; c < 3; c++) cov.data[3 * r + c]! += d[r]! * d[c]!;
    }
    const { values, vectors } = symmetricEigen(cov);
    normals.set([vectors.data[0]!, vectors.data[3]!, vectors.data[6]!], 3 * i);
    const spread = values[0]! + values[1]! + values[2]!;
    variation[i] = spread > 0 ? values[0]! / spread : 0;
  }
  const views = options.viewpoints;
  if (views && views.length >= 3 * n) {
    for (let i = 0; i < n; i++) {
      const facing = (views[3 * i]! - points[3 * i]!) * normals[3 * i]! + (views[3 * i + 1]! - points[3 * i + 1]!) * normals[3 * i + 1]! + (views[3 * i + 2]! - points[3 * i + 2]!) * normals[3 * i + 2]!;
      if (facing < 0) for (let a = 0; a < 3; a++) normals[3 * i + a] = -normals[3 * i + a]!;
    }
  } else {
    // Orientation travels across sharp edges through the leaning normals there, so it comes first.
    propagateOrientation(points, normals, neighbours);
  }
  sharpenAtEdges(points, normals, neighbours, centroids, variation);
  return normals;
}

/**
 * Beside a sharp edge a point's neighbours lie on both faces and its fitted plane leans between them.
 * Such a point takes instead the plane of the flattest neighbourhood among its neighbours' that it lies
 * on (within a tenth of that neighbourhood's spread), which is a plane of one of the faces.
 */
function sharpenAtEdges(points: Float64Array, normals: Float64Array, neighbours: readonly Int32Array[], centroids: Float64Array, variation: Float64Array): void {
  const chosen = Float64Array.from(normals);
  neighbours.forEach((list, i) => {
    let best = i;
    for (const j of list) {
      if (variation[j]! >= variation[best]!) continue;
      const offset = Math.abs((points[3 * i]! - centroids[3 * j]!) * normals[3 * j]! + (points[3 * i + 1]! - centroids[3 * j + 1]!) * normals[3 * j + 1]! + (points[3 * i + 2]! - centroids[3 * j + 2]!) * normals[3 * j + 2]!);
      const reach = Math.hypot(points[3 * i]! - centroids[3 * j]!, points[3 * i + 1]! - centroids[3 * j + 1]!, points[3 * i + 2]! - centroids[3 * j + 2]!);
      if (offset <= 0.1 * reach + 1e-12) best = j;
    }
    // That neighbourhood's normal was oriented with the rest, and being flat its orientation is the surer.
    chosen.set(normals.subarray(3 * best, 3 * best + 3), 3 * i);
  });
  normals.set(chosen);
}

/** Flips normals so that neighbours agree, one connected piece of the neighbour graph at a time. */
function propagateOrientation(points: Float64Array, normals: Float64Array, neighbours: readonly Int32Array[]): void {
  const n = neighbours.length;
  // The graph is made symmetric so that every piece is reached from its seed.
  const adjacency: number[][] = Array.from({ length: n }, () => []);
  neighbours.forEach((list, i) => {
    for (const j of list) {
      if (j === i) continue;
      adjacency[i]!.push(j);
      adjacency[j]!.push(i);
    }
  });
  const centroid = [0, 0, 0];
  for (let i = 0; i < n; i++) for (let a = 0; a < 3; a++) centroid[a]! += points[3 * i + a]! / n;
  const distance = (i: number): number => Math.hypot(points[3 * i]! - centroid[0]!, points[3 * i + 1]! - centroid[1]!, points[3 * i + 2]! - centroid[2]!);
  const byDistance = Array.from({ length: n }, (_, i) => i).sort((a, b) => distance(b) - distance(a));
  const done = new Uint8Array(n);
  const dot = (i: number, j: number): number => normals[3 * i]! * normals[3 * j]! + normals[3 * i + 1]! * normals[3 * j + 1]! + normals[3 * i + 2]! * normals[3 * j + 2]!;
  for (const seed of byDistance) {
    if (done[seed]) continue;
    const outward = (points[3 * seed]! - centroid[0]!) * normals[3 * seed]! + (points[3 * seed + 1]! - centroid[1]!) * normals[3 * seed + 1]! + (points[3 * seed + 2]! - centroid[2]!) * normals[3 * seed + 2]!;
    if (outward < 0) for (let a = 0; a < 3; a++) normals[3 * seed + a] = -normals[3 * seed + a]!;
    done[seed] = 1;
    const heap = new MaxHeap();
    // Each entry is an edge (from, to) packed as from · n + to, weighted by how parallel the normals are.
    for (const j of adjacency[seed]!) if (!done[j]) heap.push(Math.abs(dot(seed, j)), seed * n + j);
    while (heap.size) {
      const edge = heap.pop();
      const from = Math.floor(edge / n);
      const to = edge - from * n;
      if (done[to]) continue;
      if (dot(from, to) < 0) for (let a = 0; a < 3; a++) normals[3 * to + a] = -normals[3 * to + a]!;
      done[to] = 1;
      for (const j of adjacency[to]!) if (!done[j]) heap.push(Math.abs(dot(to, j)), to * n + j);
    }
  }
}
