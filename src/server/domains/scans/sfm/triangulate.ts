/**
 * Linear (DLT) triangulation from two or more views, triangulation angles, and the relative pose of
 * two views from their essential matrix: its four (R, t) decompositions and the cheirality check that
 * keeps the one with the points in front of both cameras.
 */
import type { Pose } from './camera.ts';
import { cameraCentre, identityPose, toCamera } from './camera.ts';
import type { Mat3, Vec3 } from '../../../../shared/geometry/linalg.ts';
import { det3, matrix, mul3, svd, symmetricEigen, transpose3, vec3 } from '../../../../shared/geometry/linalg.ts';

/** One sighting of a point: the camera's pose and the normalised image coordinates. */
export interface Sighting {
  readonly pose: Pose;
  readonly x: number;
  readonly y: number;
}

/**
 * The point minimising the algebraic error of x·P₃ − P₁ = 0 and y·P₃ − P₂ = 0 over all sightings,
 * through the smallest eigenvector of the 4×4 normal matrix. Null for fewer than two sightings or a
 * point at infinity.
 */
export function triangulate(sightings: readonly Sighting[]): Vec3 | null {
  if (sightings.length < 2) return null;
  const m = matrix(4, 4);
  const row = new Float64Array(4);
  const d = m.data;
  for (const { pose, x, y } of sightings) {
    const r = pose.R;
    const t = pose.t;
    for (let pass = 0; pass < 2; pass++) {
      const c = pass === 0 ? x : y;
      const o = pass === 0 ? 0 : 3;
      row[0] = c * r[6]! - r[o]!;
      row[1] = c * r[7]! - r[o + 1]!;
      row[2] = c * r[8]! - r[o + 2]!;
      row[3] = c * t[2]! - t[pass]!;
      // Rows scaled to unit length so that no view outweighs another.
      const len = Math.hypot(row[0], row[1], row[2], row[3]) || 1;
      for (let i = 0; i < 4; i++) for (let j = i; j < 4; j++) d[i * 4 + j]! += (row[i]! * row[j]!) / (len * len);
    }
  }
  const { vectors } = symmetricEigen(m);
  const v = vectors.data;
  const w = v[12]!;
  if (Math.abs(w) < 1e-12) return null;
  return vec3(v[0]! / w, v[4]! / w, v[8]! / w);
}

/** The largest angle (radians) between the rays from the camera centres to a point. */
export function triangulationAngle(centres: readonly ArrayLike<number>[], point: ArrayLike<number>): number {
  let best = 0;
  const rays = centres.map((c) => {
    const x = point[0]! - c[0]!;
    const y = point[1]! - c[1]!;
    const z = point[2]! - c[2]!;
    const n = Math.hypot(x, y, z) || 1;
    return [x / n, y / n, z / n] as const;
  });
  for (let i = 0; i < rays.length; i++) {
    for (let j = i + 1; j < rays.length; j++) {
      const a = rays[i]!;
      const b = rays[j]!;
      const cos = Math.min(1, Math.max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
      best = Math.max(best, Math.acos(cos));
    }
  }
  return best;
}

/** Depth of a world point in a camera (z in its frame). */
export function depthIn(pose: Pose, point: ArrayLike<number>): number {
  return toCamera(pose, point[0]!, point[1]!, point[2]!)[2]!;
}

/** The four (R, t) a normalised essential matrix allows: R ∈ {U·W·Vᵀ, U·Wᵀ·Vᵀ}, t = ±u₃ (unit length). */
export function decomposeEssential(e: ArrayLike<number>): Pose[] {
  const { u, v } = svd(matrix(3, 3, e));
  const ud = Float64Array.from(u.data);
  const vd = Float64Array.from(v.data);
  // E's third singular value is zero, so the sign of u₃ and v₃ is free: choose them to make U and V rotations.
  if (det3(ud) < 0) for (let r = 0; r < 3; r++) ud[r * 3 + 2] = -ud[r * 3 + 2]!;
  if (det3(vd) < 0) for (let r = 0; r < 3; r++) vd[r * 3 + 2] = -vd[r * 3 + 2]!;
  const w: Mat3 = Float64Array.of(0, -1, 0, 1, 0, 0, 0, 0, 1);
  const vt = transpose3(vd);
  const r1 = mul3(mul3(ud, w), vt);
  const r2 = mul3(mul3(ud, transpose3(w)), vt);
  const t = vec3(ud[2]!, ud[5]!, ud[8]!);
  const minus = vec3(-t[0]!, -t[1]!, -t[2]!);
  return [
    { R: r1, t },
    { R: r1, t: minus },
    { R: r2, t },
    { R: r2, t: minus },
  ];
}

export interface RelativePose {
  /** Pose of the second camera when the first is at the origin looking down +z; |t| = 1. */
  readonly pose: Pose;
  /** 1 for a correspondence that is an inlier and triangulates in front of both cameras. */
  readonly inFront: Uint8Array;
  readonly inFrontCount: number;
  /** Median triangulation angle of the points in front, radians. */
  readonly medianAngle: number;
}

/**
 * The relative pose of two views from their essential matrix and normalised correspondences: the
 * candidate with the most inlier points triangulating in front of both cameras (cheirality).
 */
export function relativePoseFromEssential(e: ArrayLike<number>, x1: ArrayLike<number>, x2: ArrayLike<number>, inliers?: Uint8Array): RelativePose | null {
  const n = Math.min(x1.length, x2.length) / 2;
  const first = identityPose();
  const firstCentre = cameraCentre(first);
  let best: RelativePose | null = null;
  for (const candidate of decomposeEssential(e)) {
    const inFront = new Uint8Array(n);
    let count = 0;
    const angles: number[] = [];
    const centre = cameraCentre(candidate);
    for (let i = 0; i < n; i++) {
      if (inliers && !inliers[i]) continue;
      const p = triangulate([
        { pose: first, x: x1[2 * i]!, y: x1[2 * i + 1]! },
        { pose: candidate, x: x2[2 * i]!, y: x2[2 * i + 1]! },
      ]);
      if (!p || !(p[2]! > 0) || !(depthIn(candidate, p) > 0)) continue;
      inFront[i] = 1;
      count++;
      angles.push(triangulationAngle([firstCentre, centre], p));
    }
    if (!best || count > best.inFrontCount) {
      angles.sort((a, b) => a - b);
      best = { pose: candidate, inFront, inFrontCount: count, medianAngle: angles.length ? angles[angles.length >> 1]! : 0 };
    }
  }
  return best && best.inFrontCount > 0 ? best : null;
}

/** The essential matrix of a relative pose: E = [t]× · R. */
export function essentialFromPose(pose: Pose): Mat3 {
  const t = pose.t;
  const tx: Mat3 = Float64Array.of(0, -t[2]!, t[1]!, t[2]!, 0, -t[0]!, -t[1]!, t[0]!, 0);
  return mul3(tx, pose.R);
}
