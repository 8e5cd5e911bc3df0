/**
 * The pinhole camera: intrinsics from a photo's size and EXIF focal length, poses as x_cam = R·X + t,
 * projection to pixels and normalisation of pixel points to the image plane at unit depth. Square
 * pixels, no skew and no lens distortion are assumed; the principal point is the image centre.
 */
import type { Mat3, Vec3 } from '../../../../shared/geometry/linalg.ts';
import { applyTransposed3, identity3, vec3 } from '../../../../shared/geometry/linalg.ts';

export interface Intrinsics {
  /** Focal length in pixels. */
  readonly f: number;
  /** Principal point in pixels. */
  readonly cx: number;
  readonly cy: number;
}

/** A camera's pose: a world point X is at R·X + t in the camera's frame (z forward, x right, y down). */
export interface Pose {
  readonly R: Mat3;
  readonly t: Vec3;
}

export interface FocalHints {
  readonly width: number;
  readonly height: number;
  /** EXIF FocalLength, millimetres. */
  readonly focalMm?: number | null;
  /** Physical width of the sensor along the image's long side, millimetres. */
  readonly sensorWidthMm?: number | null;
  /** EXIF FocalLengthIn35mmFilm, millimetres. */
  readonly focal35mm?: number | null;
}

/** The diagonal of a 36 × 24 mm frame, against which a 35 mm equivalent focal length is defined. */
const FULL_FRAME_DIAGONAL_MM = Math.hypot(36, 24);

/** Share of the long side used as the focal length when the photo says nothing about its lens. */
export const FALLBACK_FOCAL_FACTOR = 1.2;

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/**
 * Focal length in pixels: from the focal length and the sensor's width when both are known, else from
 * the 35 mm equivalent (scaled by the image's diagonal), else 1.2 × the long side (a phone's main
 * camera is near 1.0–1.3).
 */
export function focalPixels(hints: FocalHints): { focalPx: number; source: 'sensor' | '35mm' | 'fallback' } {
  const longSide = Math.max(hints.width, hints.height);
  if (positive(hints.focalMm) && positive(hints.sensorWidthMm)) return { focalPx: (hints.focalMm / hints.sensorWidthMm) * longSide, source: 'sensor' };
  if (positive(hints.focal35mm)) return { focalPx: (hints.focal35mm / FULL_FRAME_DIAGONAL_MM) * Math.hypot(hints.width, hints.height), source: '35mm' };
  return { focalPx: FALLBACK_FOCAL_FACTOR * longSide, source: 'fallback' };
}

export function intrinsicsFor(width: number, height: number, focalPx?: number | null): Intrinsics {
  const f = positive(focalPx) ? focalPx : FALLBACK_FOCAL_FACTOR * Math.max(width, height);
  return { f, cx: width / 2, cy: height / 2 };
}

/** K = [f 0 cx; 0 f cy; 0 0 1], row-major. */
export function intrinsicsMatrix(k: Intrinsics): Mat3 {
  return Float64Array.of(k.f, 0, k.cx, 0, k.f, k.cy, 0, 0, 1);
}

export function identityPose(): Pose {
  return { R: identity3(), t: vec3() };
}

/** The camera's centre in the world: C = −Rᵀ·t. */
export function cameraCentre(pose: Pose): Vec3 {
  const c = applyTransposed3(pose.R, pose.t);
  return vec3(-c[0]!, -c[1]!, -c[2]!);
}

/** The point in the camera's frame, written into out. */
export function toCamera(pose: Pose, x: number, y: number, z: number, out: Vec3 = vec3()): Vec3 {
  const r = pose.R;
  const t = pose.t;
  out[0] = r[0]! * x + r[1]! * y + r[2]! * z + t[0]!;
  out[1] = r[3]! * x + r[4]! * y + r[5]! * z + t[1]!;
  out[2] = r[6]! * x + r[7]! * y + r[8]! * z + t[2]!;
  return out;
}

/** Pixel position of a world point, or null when it is not in front of the camera. */
export function project(k: Intrinsics, pose: Pose, point: ArrayLike<number>): [number, number] | null {
  const c = toCamera(pose, point[0]!, point[1]!, point[2]!);
  if (!(c[2]! > 0)) return null;
  return [k.f * (c[0]! / c[2]!) + k.cx, k.f * (c[1]! / c[2]!) + k.cy];
}

/** Pixel points (x, y pairs) to normalised image coordinates ((x − cx)/f, (y − cy)/f). */
export function normalisePoints(k: Intrinsics, pixels: ArrayLike<number>): Float64Array {
  const out = new Float64Array(pixels.length);
  const inv = 1 / k.f;
  for (let i = 0; i + 1 < pixels.length; i += 2) {
    out[i] = (pixels[i]! - k.cx) * inv;
    out[i + 1] = (pixels[i + 1]! - k.cy) * inv;
  }
  return out;
}

/** Distance in pixels between where a world point projects and where it was seen; Infinity behind the camera. */
export function reprojectionError(k: Intrinsics, pose: Pose, point: ArrayLike<number>, u: number, v: number): number {
  const p = project(k, pose, point);
  return p ? Math.hypot(p[0] - u, p[1] - v) : Infinity;
}
