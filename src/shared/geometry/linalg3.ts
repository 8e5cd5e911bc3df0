/**
 * Fixed-size helpers: 3-vectors, 3×3 matrices (row-major Float64Array(9)), 4×4 transforms and the
 * Rodrigues formula between a rotation vector (axis × angle in radians) and a rotation matrix.
 */

export type Vec3 = Float64Array;
export type Mat3 = Float64Array;
export type Mat4 = Float64Array;

export function vec3(x = 0, y = 0, z = 0): Vec3 {
  return Float64Array.of(x, y, z);
}

export function dot3(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}

export function cross3(a: ArrayLike<number>, b: ArrayLike<number>): Vec3 {
  return vec3(a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!);
}

export function norm3(a: ArrayLike<number>): number {
  return Math.hypot(a[0]!, a[1]!, a[2]!);
}

export function sub3(a: ArrayLike<number>, b: ArrayLike<number>): Vec3 {
  return vec3(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

export function scale3(a: ArrayLike<number>, k: number): Vec3 {
  return vec3(a[0]! * k, a[1]! * k, a[2]! * k);
}

export function identity3(): Mat3 {
  return Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
}

export function mul3(a: ArrayLike<number>, b: ArrayLike<number>): Mat3 {
  const out = new Float64Array(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  }
  return out;
}

export function transpose3(a: ArrayLike<number>): Mat3 {
  return Float64Array.of(a[0]!, a[3]!, a[6]!, a[1]!, a[4]!, a[7]!, a[2]!, a[5]!, a[8]!);
}

/** m · v */
export function apply3(m: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  return vec3(m[0]! * v[0]! + m[1]! * v[1]! + m[2]! * v[2]!, m[3]! * v[0]! + m[4]! * v[1]! + m[5]! * v[2]!, m[6]! * v[0]! + m[7]! * v[1]! + m[8]! * v[2]!);
}

/** mᵀ · v */
export function applyTransposed3(m: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  return vec3(m[0]! * v[0]! + m[3]! * v[1]! + m[6]! * v[2]!, m[1]! * v[0]! + m[4]! * v[1]! + m[7]! * v[2]!, m[2]! * v[0]! + m[5]! * v[1]! + m[8]! * v[2]!);
}

export function det3(m: ArrayLike<number>): number {
  return m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) - m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) + m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
}

/** The inverse of a 3×3 matrix by its adjugate, or null when it is singular. */
export function invert3(m: ArrayLike<number>, out: Mat3 = new Float64Array(9)): Mat3 | null {
  const c00 = m[4]! * m[8]! - m[5]! * m[7]!;
  const c01 = m[5]! * m[6]! - m[3]! * m[8]!;
  const c02 = m[3]! * m[7]! - m[4]! * m[6]!;
  const det = m[0]! * c00 + m[1]! * c01 + m[2]! * c02;
  if (det === 0 || !Number.isFinite(det)) return null;
  const k = 1 / det;
  out[0] = c00 * k;
  out[1] = (m[2]! * m[7]! - m[1]! * m[8]!) * k;
  out[2] = (m[1]! * m[5]! - m[2]! * m[4]!) * k;
  out[3] = c01 * k;
  out[4] = (m[0]! * m[8]! - m[2]! * m[6]!) * k;
  out[5] = (m[2]! * m[3]! - m[0]! * m[5]!) * k;
  out[6] = c02 * k;
  out[7] = (m[1]! * m[6]! - m[0]! * m[7]!) * k;
  out[8] = (m[0]! * m[4]! - m[1]! * m[3]!) * k;
  return out;
}

/** The cross-product matrix [v]× with [v]× · w = v × w. */
export function skew(v: ArrayLike<number>): Mat3 {
  return Float64Array.of(0, -v[2]!, v[1]!, v[2]!, 0, -v[0]!, -v[1]!, v[0]!, 0);
}

/** Rotation matrix of a rotation vector (Rodrigues): R = I + sinθ [k]× + (1 − cosθ) [k]×². */
export function rotationFromVector(w: ArrayLike<number>): Mat3 {
  const theta = norm3(w);
  const r = identity3();
  if (theta < 1e-12) {
    // First order: R ≈ I + [w]×, exact enough at this size.
    r[1] = -w[2]!;
    r[2] = w[1]!;
    r[3] = w[2]!;
    r[5] = -w[0]!;
    r[6] = -w[1]!;
    r[7] = w[0]!;
    return r;
  }
  const kx = w[0]! / theta;
  const ky = w[1]! / theta;
  const kz = w[2]! / theta;
  const s = Math.sin(theta);
  const c1 = 1 - Math.cos(theta);
  r[0] = 1 - c1 * (ky * ky + kz * kz);
  r[1] = -s * kz + c1 * kx * ky;
  r[2] = s * ky + c1 * kx * kz;
  r[3] = s * kz + c1 * kx * ky;
  r[4] = 1 - c1 * (kx * kx + kz * kz);
  r[5] = -s * kx + c1 * ky * kz;
  r[6] = -s * ky + c1 * kx * kz;
  r[7] = s * kx + c1 * ky * kz;
  r[8] = 1 - c1 * (kx * kx + ky * ky);
  return r;
}

/** Rotation vector of a rotation matrix, angle in [0, π]; stable near 0 and near π. */
export function vectorFromRotation(r: ArrayLike<number>): Vec3 {
  const cosTheta = Math.min(1, Math.max(-1, (r[0]! + r[4]! + r[8]! - 1) / 2));
  const theta = Math.acos(cosTheta);
  const ax = r[7]! - r[5]!;
  const ay = r[2]! - r[6]!;
  const az = r[3]! - r[1]!;
  if (theta < 1e-8) return vec3(ax / 2, ay / 2, az / 2);
  if (theta < Math.PI / 2) {
    const k = theta / (2 * Math.sin(theta));
    return vec3(ax * k, ay * k, az * k);
  }
  // Far from 0 the symmetric part is better conditioned: (R + Rᵀ)/2 = cosθ I + (1 − cosθ) k kᵀ.
  const d = 1 - cosTheta;
  const kk = [(r[0]! - cosTheta) / d, (r[4]! - cosTheta) / d, (r[8]! - cosTheta) / d];
  const i = kk[0]! >= kk[1]! && kk[0]! >= kk[2]! ? 0 : kk[1]! >= kk[2]! ? 1 : 2;
  const sym = (a: number, b: number): number => (r[a * 3 + b]! + r[b * 3 + a]!) / 2 / d;
  const ki = Math.sqrt(Math.max(kk[i]!, 0));
  const k = vec3();
  for (let j = 0; j < 3; j++) k[j] = j === i ? ki : sym(i, j) / ki;
  // The sign of the axis follows the antisymmetric part (2 sinθ k), which is still meaningful short of π.
  if (k[0]! * ax + k[1]! * ay + k[2]! * az < 0) for (let j = 0; j < 3; j++) k[j] = -k[j]!;
  return scale3(k, theta);
}

/** Angle in radians of the rotation taking a to b (the angle of b·aᵀ). */
export function rotationAngleBetween(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let trace = 0;
  for (let i = 0; i < 3; i++) for (let k = 0; k < 3; k++) trace += b[i * 3 + k]! * a[i * 3 + k]!;
  return Math.acos(Math.min(1, Math.max(-1, (trace - 1) / 2)));
}

/** The nearest orthogonal matrix to m in the Frobenius sense (its polar factor), by the iteration X ← (X + X⁻ᵀ)/2. */
export function orthonormalise(m: ArrayLike<number>): Mat3 {
  let x = Float64Array.from(m);
  for (let i = 0; i < 30; i++) {
    const inv = invert3(transpose3(x));
    if (!inv) break;
    const next = new Float64Array(9);
    let change = 0;
    for (let k = 0; k < 9; k++) {
      next[k] = (x[k]! + inv[k]!) / 2;
      change += (next[k]! - x[k]!) ** 2;
    }
    x = next;
    if (change < 1e-30) break;
  }
  return x;
}

/** The 4×4 homogeneous transform [s·R | t; 0 0 0 1], row-major. */
export function transform4(r: ArrayLike<number>, t: ArrayLike<number>, s = 1): Mat4 {
  return Float64Array.of(s * r[0]!, s * r[1]!, s * r[2]!, t[0]!, s * r[3]!, s * r[4]!, s * r[5]!, t[1]!, s * r[6]!, s * r[7]!, s * r[8]!, t[2]!, 0, 0, 0, 1);
}

export function mul4(a: ArrayLike<number>, b: ArrayLike<number>): Mat4 {
  const out = new Float64Array(16);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[r * 4 + k]! * b[k * 4 + c]!;
      out[r * 4 + c] = sum;
    }
  }
  return out;
}

/** Applies a 4×4 affine transform to a point. */
export function applyPoint4(m: ArrayLike<number>, p: ArrayLike<number>): Vec3 {
  return vec3(
    m[0]! * p[0]! + m[1]! * p[1]! + m[2]! * p[2]! + m[3]!,
    m[4]! * p[0]! + m[5]! * p[1]! + m[6]! * p[2]! + m[7]!,
    m[8]! * p[0]! + m[9]! * p[1]! + m[10]! * p[2]! + m[11]!,
  );
}
