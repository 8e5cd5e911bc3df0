/**
 * A surface from oriented points: a signed distance is sampled on a regular grid near the points (the
 * weighted mean distance of the grid vertex to the tangent planes of its nearest points, after Hoppe
 * et al.'s reconstruction from unorganised points, with a rule for the sides of sharp edges) and its
 * zero level is extracted by marching tetrahedra (each grid cell split into six tetrahedra along its
 * main diagonal, so neighbouring cells agree and no case table is needed). Where the points close
 * around the object the mesh is closed; where they leave gaps wider than about three support radii it
 * has holes, and an open mesh is cut back to within two grid cells of the points. Sharp edges come out
 * rounded by about a grid cell, now and then with a small bump.
 */
import { KdTree } from '../../../../shared/geometry/kdtree.ts';
import type { Mesh } from '../../../../shared/geometry/mesh.ts';
import { boundingBox, dropSmallPieces, isClosed } from '../../../../shared/geometry/mesh.ts';

export interface SurfaceOptions {
  /** Grid cells along the longest side of the points' bounding box (default from the point spacing, 24 to 128). */
  readonly resolution?: number;
  /** Nearest points averaged at each grid vertex (default 10; at least 6 within reach are needed). */
  readonly neighbours?: number;
  /** Grid vertices farther than this from every point get no value (default 2.5 cells or twice the spacing, whichever is more). */
  readonly supportRadius?: number;
  /** Pieces with fewer triangles than this share of the largest are dropped (default 0.05). */
  readonly minPieceShare?: number;
  /** r, g, b per point; each vertex takes its nearest point's colour. */
  readonly colours?: Uint8Array | null;
}

/** Points a grid vertex needs within reach to get a value: fewer, near an edge, often give the wrong side. */
const MIN_POINTS = 6;

/** The six tetrahedra of a cell, as corner numbers (bit 0: +x, bit 1: +y, bit 2: +z) sharing the diagonal 0–7. */
const TETRAHEDRA = [
  [0, 1, 3, 7],
  [0, 1, 5, 7],
  [0, 2, 3, 7],
  [0, 2, 6, 7],
  [0, 4, 5, 7],
  [0, 4, 6, 7],
] as const;

/** Median distance from a point to its nearest neighbour, over up to 2,000 points. */
export function pointSpacing(points: Float64Array, tree: KdTree = new KdTree(points)): number {
  const n = points.length / 3;
  const step = Math.max(1, Math.floor(n / 2000));
  const gaps: number[] = [];
  for (let i = 0; i < n; i += step) {
    const { distancesSq } = tree.knn(points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!, 2);
    if (distancesSq.length === 2) gaps.push(Math.sqrt(distancesSq[1]!));
  }
  gaps.sort((a, b) => a - b);
  return gaps[gaps.length >> 1] ?? 0;
}

/** A triangle mesh of the surface through oriented points (normals as from estimateNormals). */
export function surfaceFromPoints(points: Float64Array, normals: Float64Array, options: SurfaceOptions = {}): Mesh {
  const n = Math.floor(points.length / 3);
  if (n < 4) return { positions: new Float64Array(0), triangles: new Uint32Array(0) };
  const tree = new KdTree(points);
  const box = boundingBox(points);
  const longest = Math.max(box.size[0]!, box.size[1]!, box.size[2]!) || 1;
  const spacing = pointSpacing(points, tree) || longest / 64;
  const resolution = Math.round(options.resolution ?? Math.min(128, Math.max(24, longest / (1.5 * spacing))));
  const h = longest / resolution;
  const radius = options.supportRadius ?? Math.max(2.5 * h, 2 * spacing);
  const margin = radius + 4 * h;
  const origin = [box.min[0]! - margin, box.min[1]! - margin, box.min[2]! - margin];
  const dims = [0, 1, 2].map((a) => Math.ceil((box.size[a]! + 2 * margin) / h) + 1) as [number, number, number];
  const [nx, ny, nz] = dims;
  const total = nx * ny * nz;
  const at = (i: number, j: number, k: number): number => i + nx * (j + ny * k);

  // Only grid vertices within the support radius of some point get a value.
  const near = new Uint8Array(total);
  const reach = Math.ceil(radius / h);
  for (let p = 0; p < n; p++) {
    const ci = Math.round((points[3 * p]! - origin[0]!) / h);
    const cj = Math.round((points[3 * p + 1]! - origin[1]!) / h);
    const ck = Math.round((points[3 * p + 2]! - origin[2]!) / h);
    for (let k = Math.max(0, ck - reach); k <= Math.min(nz - 1, ck + reach); k++) {
      for (let j = Math.max(0, cj - reach); j <= Math.min(ny - 1, cj + reach); j++) near.fill(1, at(Math.max(0, ci - reach), j, k), at(Math.min(nx - 1, ci + reach), j, k) + 1);
    }
  }
  const field = new Float64Array(total).fill(Number.NaN);
  const k = options.neighbours ?? 10;
  const sigma2 = (radius / 2) ** 2;
  const edgeTolerance = 0.5 * spacing;
  /** The field at grid vertex g from the points within r, when there are enough of them; NaN otherwise. */
  const evaluate = (g: number, r: number, count: number): number => {
    const x = origin[0]! + (g % nx) * h;
    const y = origin[1]! + (Math.floor(g / nx) % ny) * h;
    const z = origin[2]! + Math.floor(g / (nx * ny)) * h;
    const { indices, distancesSq } = tree.knn(x, y, z, count, r);
    return indices.length < Math.min(MIN_POINTS, count) ? Number.NaN : blendedDistance(x, y, z, indices, distancesSq, points, normals, sigma2, edgeTolerance);
  };
  for (let g = 0; g < total; g++) if (near[g]) field[g] = evaluate(g, radius, k);
  // Where the level set runs into a vertex without a value, that vertex is tried again with a wider
  // reach (three times, 1.5 × wider each): a gap between the points a little wider than the support
  // is bridged and a wrong sign at the edge of the band closes on itself; a real hole stays open.
  for (let pass = 1; pass <= 3; pass++) {
    const retry = unknownBesideCrossings(field, dims);
    if (retry.length === 0) break;
    for (const g of retry) field[g] = evaluate(g, radius * 1.5 ** pass, 2 * k);
  }
  let mesh = dropSmallPieces(marchingTetrahedra(field, dims, origin, h), options.minPieceShare ?? 0.05);
  // An open surface runs on past the edge of the points along their tangent planes; it is cut back
  // to within two cells of them. A closed one is left whole.
  if (!isClosed(mesh)) mesh = dropSmallPieces(keepNear(mesh, tree, 2 * h), options.minPieceShare ?? 0.05);
  const cleaned = mesh;
  const colours = options.colours;
  if (!colours || colours.length < 3 * n) return cleaned;
  const vertexColours = new Uint8Array(cleaned.positions.length);
  for (let v = 0; v < cleaned.positions.length / 3; v++) {
    const { index } = tree.nearest(cleaned.positions[3 * v]!, cleaned.positions[3 * v + 1]!, cleaned.positions[3 * v + 2]!);
    vertexColours.set(colours.subarray(3 * index, 3 * index + 3), 3 * v);
  }
  return { ...cleaned, colours: vertexColours };
}

/**
 * The zero level of a sampled field (NaN where unknown; cells touching an unknown vertex are skipped)
 * as a mesh whose triangles face towards positive values. Vertices on grid edges are shared, so the
 * mesh is closed wherever the level set does not leave the known region.
 */
export function marchingTetrahedra(field: Float64Array, dims: readonly [number, number, number], origin: readonly number[], h: number): Mesh {
  const [nx, ny, nz] = dims;
  const total = nx * ny * nz;
  const positions: number[] = [];
  const triangles: number[] = [];
  const edgeVertex = new Map<number, number>();
  const offsets = Array.from({ length: 8 }, (_, c) => (c & 1) + nx * (((c >> 1) & 1) + ny * ((c >> 2) & 1)));
  const position = (g: number): [number, number, number] => [origin[0]! + (g % nx) * h, origin[1]! + (Math.floor(g / nx) % ny) * h, origin[2]! + Math.floor(g / (nx * ny)) * h];
  const vertexOn = (a: number, b: number): number => {
    const key = a < b ? a * total + b : b * total + a;
    const known = edgeVertex.get(key);
    if (known !== undefined) return known;
    const va = field[a]!;
    const vb = field[b]!;
    const s = va / (va - vb);
    const pa = position(a);
    const pb = position(b);
    const index = positions.length / 3;
    positions.push(pa[0] + s * (pb[0] - pa[0]), pa[1] + s * (pb[1] - pa[1]), pa[2] + s * (pb[2] - pa[2]));
    edgeVertex.set(key, index);
    return index;
  };
  /** det(q − p, r − p, s − p) of four grid vertices: exact in sign, never zero for a tetrahedron's corners. */
  const orientation = (p: number, q: number, r: number, t: number): number => {
    const pp = position(p);
    const a = position(q).map((v, k) => v - pp[k]!);
    const b = position(r).map((v, k) => v - pp[k]!);
    const c = position(t).map((v, k) => v - pp[k]!);
    return a[0]! * (b[1]! * c[2]! - b[2]! * c[1]!) - a[1]! * (b[0]! * c[2]! - b[2]! * c[0]!) + a[2]! * (b[0]! * c[1]! - b[1]! * c[0]!);
  };
  const corner = new Int32Array(8);
  for (let k = 0; k + 1 < nz; k++) {
    for (let j = 0; j + 1 < ny; j++) {
      for (let i = 0; i + 1 < nx; i++) {
        const base = i + nx * (j + ny * k);
        let negative = 0;
        let known = true;
        for (let c = 0; c < 8; c++) {
          const g = base + offsets[c]!;
          corner[c] = g;
          const v = field[g]!;
          if (Number.isNaN(v)) known = false;
          else if (v < 0) negative++;
        }
        if (!known || negative === 0 || negative === 8) continue;
        for (const tet of TETRAHEDRA) {
          const ids = tet.map((c) => corner[c]!);
          const inside = ids.filter((g) => field[g]! < 0);
          const outside = ids.filter((g) => field[g]! >= 0);
          if (inside.length === 0 || outside.length === 0) continue;
          // Orientation comes from the grid corners, not the cut points, so that cuts at or next to a
          // corner (tiny or empty triangles) still face the right way.
          if (inside.length === 1 || outside.length === 1) {
            const lone = inside.length === 1 ? inside[0]! : outside[0]!;
            const [o1, o2, o3] = (inside.length === 1 ? outside : inside) as [number, number, number];
            // The cut triangle's normal points away from the lone corner when det(o₁ − l, o₂ − l, o₃ − l) > 0.
            const away = orientation(lone, o1, o2, o3) > 0;
            const flip = away !== (inside.length === 1);
            const [p1, p2, p3] = [vertexOn(lone, o1), vertexOn(lone, o2), vertexOn(lone, o3)];
            triangles.push(p1, flip ? p3 : p2, flip ? p2 : p3);
          } else {
            const [a, b] = inside as [number, number];
            const [c, d] = outside as [number, number];
            // The section is the quad ac, ad, bd, bc (consecutive edges share a face of the tetrahedron);
            // in that order it faces c and d when det(d − c, b − a, c − a) = det(d − a, b − a, c − a) > 0.
            const q = [vertexOn(a, c), vertexOn(a, d), vertexOn(b, d), vertexOn(b, c)] as const;
            if (orientation(a, d, b, c) > 0) triangles.push(q[0], q[1], q[2], q[0], q[2], q[3]);
            else triangles.push(q[0], q[3], q[2], q[0], q[2], q[1]);
          }
        }
      }
    }
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}


/**
 * The weighted mean of the vertex's signed distances to the tangent planes of its nearest points.
 * Beside a sharp edge the planes of the two faces disagree in sign, and their mean can be wrong well
 * away from the edge. There the points of each side are measured against the other side's planes:
 * behind them, the edge is convex and the vertex outside (the positive planes decide); in front of
 * them, the edge is concave and the vertex inside (the negative planes decide); level, all count.
 */
function blendedDistance(x: number, y: number, z: number, indices: Int32Array, distancesSq: Float64Array, points: Float64Array, normals: Float64Array, sigma2: number, tolerance: number): number {
  const m = indices.length;
  const d = new Float64Array(m);
  const w = new Float64Array(m);
  let positive = false;
  let negative = false;
  for (let a = 0; a < m; a++) {
    const p = 3 * indices[a]!;
    d[a] = (x - points[p]!) * normals[p]! + (y - points[p + 1]!) * normals[p + 1]! + (z - points[p + 2]!) * normals[p + 2]!;
    w[a] = Math.exp(-distancesSq[a]! / sigma2);
    if (d[a]! > 0) positive = true;
    else negative = true;
  }
  let keep = 0; // 1: only the positive planes, −1: only the negative ones, 0: all
  if (positive && negative) {
    let sum = 0;
    let pairs = 0;
    for (let a = 0; a < m; a++) {
      if (d[a]! <= 0) continue;
      const pa = 3 * indices[a]!;
      for (let b = 0; b < m; b++) {
        if (d[b]! > 0) continue;
        const pb = 3 * indices[b]!;
        // Each point's height over the other's tangent plane: both negative at a convex edge.
        const dx = points[pb]! - points[pa]!;
        const dy = points[pb + 1]! - points[pa + 1]!;
        const dz = points[pb + 2]! - points[pa + 2]!;
        sum += dx * (normals[pa]! - normals[pb]!) + dy * (normals[pa + 1]! - normals[pb + 1]!) + dz * (normals[pa + 2]! - normals[pb + 2]!);
        pairs++;
      }
    }
    const behind = sum / pairs;
    if (behind < -tolerance) keep = 1;
    else if (behind > tolerance) keep = -1;
  }
  let total = 0;
  let weight = 0;
  for (let a = 0; a < m; a++) {
    if ((keep === 1 && d[a]! <= 0) || (keep === -1 && d[a]! > 0)) continue;
    total += w[a]! * d[a]!;
    weight += w[a]!;
  }
  return total / weight;
}

/** The vertices without a value in cells whose known vertices have both signs. */
function unknownBesideCrossings(field: Float64Array, dims: readonly [number, number, number]): number[] {
  const [nx, ny, nz] = dims;
  const offsets = Array.from({ length: 8 }, (_, c) => (c & 1) + nx * (((c >> 1) & 1) + ny * ((c >> 2) & 1)));
  const found = new Set<number>();
  for (let k = 0; k + 1 < nz; k++) {
    for (let j = 0; j + 1 < ny; j++) {
      for (let i = 0; i + 1 < nx; i++) {
        const base = i + nx * (j + ny * k);
        let negative = false;
        let positive = false;
        let unknown = false;
        for (const o of offsets) {
          const v = field[base + o]!;
          if (Number.isNaN(v)) unknown = true;
          else if (v < 0) negative = true;
          else positive = true;
        }
        if (unknown && negative && positive) for (const o of offsets) if (Number.isNaN(field[base + o]!)) found.add(base + o);
      }
    }
  }
  return [...found];
}

/** The triangles whose corners all lie within `distance` of a point. */
function keepNear(mesh: Mesh, tree: KdTree, distance: number): Mesh {
  const vertices = mesh.positions.length / 3;
  const near = new Uint8Array(vertices);
  for (let v = 0; v < vertices; v++) near[v] = tree.nearest(mesh.positions[3 * v]!, mesh.positions[3 * v + 1]!, mesh.positions[3 * v + 2]!).distanceSq <= distance * distance ? 1 : 0;
  const triangles: number[] = [];
  for (let t = 0; t < mesh.triangles.length; t += 3) {
    if (near[mesh.triangles[t]!] && near[mesh.triangles[t + 1]!] && near[mesh.triangles[t + 2]!]) triangles.push(mesh.triangles[t]!, mesh.triangles[t + 1]!, mesh.triangles[t + 2]!);
  }
  return { ...mesh, triangles: Uint32Array.from(triangles) };
}
