/**
 * The residuals and Jacobians of bundle adjustment: each observation's pixel residual
 * r = f·s·(x_c/z_c, y_c/z_c) + (cx, cy) − (u, v) for x_c = R·X + t, and its derivatives with respect
 * to the camera's rotation increment ω (R ← exp(ω)·R), its translation, the common focal scale s and
 * the point X.
 */

export interface BundleCameras {
  readonly count: number;
  /** 9 per camera, row-major world-to-camera rotations; updated in place. */
  readonly rotations: Float64Array;
  /** 3 per camera; updated in place. */
  readonly translations: Float64Array;
  /** 1 per camera, pixels; multiplied by the refined scale in place when the focal length is refined. */
  readonly focal: Float64Array;
  /** 2 per camera, pixels. */
  readonly principal: Float64Array;
}

export interface BundleObservations {
  readonly camera: Int32Array;
  readonly point: Int32Array;
  /** Observed pixel position, 2 per observation. */
  readonly uv: Float64Array;
}

/** Per-observation terms; the camera Jacobian has 7 columns (ω, t, s) in each of its 2 rows. */
export interface Terms {
  readonly residual: Float64Array;
  readonly jc: Float64Array;
  readonly jp: Float64Array;
  /** 0 where the point is not in front of the camera (the observation then counts for nothing). */
  readonly valid: Uint8Array;
}

/** Room for the terms of n observations; without `jacobians`, for residuals only (a trial step's cost). */
export function allocateTerms(n: number, jacobians = true): Terms {
  return { residual: new Float64Array(2 * n), jc: new Float64Array(jacobians ? 14 * n : 0), jp: new Float64Array(jacobians ? 6 * n : 0), valid: new Uint8Array(n) };
}

/**
 * Fills the residuals (and, with `jacobians`, the derivatives) of every observation and returns
 * Σ ρ(|r|) with ρ the Huber function of width `huber` (plain squares when huber is Infinity).
 */
export function evaluate(cameras: BundleCameras, points: Float64Array, obs: BundleObservations, focalScale: number, huber: number, terms: Terms, jacobians: boolean): number {
  const { rotations: rot, translations: tr, focal, principal } = cameras;
  const { residual, jc, jp, valid } = terms;
  const n = obs.camera.length;
  let cost = 0;
  for (let k = 0; k < n; k++) {
    const c = obs.camera[k]!;
    const p = obs.point[k]!;
    const x = points[3 * p]!;
    const y = points[3 * p + 1]!;
    const z = points[3 * p + 2]!;
    const o = 9 * c;
    const rx = rot[o]! * x + rot[o + 1]! * y + rot[o + 2]! * z;
    const ry = rot[o + 3]! * x + rot[o + 4]! * y + rot[o + 5]! * z;
    const rz = rot[o + 6]! * x + rot[o + 7]! * y + rot[o + 8]! * z;
    const cx = rx + tr[3 * c]!;
    const cy = ry + tr[3 * c + 1]!;
    const cz = rz + tr[3 * c + 2]!;
    if (!(cz > 1e-9)) {
      valid[k] = 0;
      residual[2 * k] = residual[2 * k + 1] = 0;
      if (jacobians) {
        jc.fill(0, 14 * k, 14 * k + 14);
        jp.fill(0, 6 * k, 6 * k + 6);
      }
      continue;
    }
    valid[k] = 1;
    const f0 = focal[c]!;
    const f = f0 * focalScale;
    const iz = 1 / cz;
    const xn = cx * iz;
    const yn = cy * iz;
    const ex = f * xn + principal[2 * c]! - obs.uv[2 * k]!;
    const ey = f * yn + principal[2 * c + 1]! - obs.uv[2 * k + 1]!;
    residual[2 * k] = ex;
    residual[2 * k + 1] = ey;
    const e2 = ex * ex + ey * ey;
    cost += e2 <= huber * huber ? e2 : 2 * huber * Math.sqrt(e2) - huber * huber;
    if (!jacobians) continue;
    // d(x_c)/dX = R, d(x_c)/dω = −[R·X]×, d(x_c)/dt = I; d(residual)/d(x_c) = f/z · [1 0 −xn; 0 1 −yn].
    const a = f * iz;
    const jo = 14 * k;
    jc[jo] = a * (-xn * ry);
    jc[jo + 1] = a * (rz + xn * rx);
    jc[jo + 2] = a * -ry;
    jc[jo + 3] = a;
    jc[jo + 4] = 0;
    jc[jo + 5] = -a * xn;
    jc[jo + 6] = f0 * xn;
    jc[jo + 7] = a * (-rz - yn * ry);
    jc[jo + 8] = a * (yn * rx);
    jc[jo + 9] = a * rx;
    jc[jo + 10] = 0;
    jc[jo + 11] = a;
    jc[jo + 12] = -a * yn;
    jc[jo + 13] = f0 * yn;
    const po = 6 * k;
    for (let col = 0; col < 3; col++) {
      const r0 = rot[o + col]!;
      const r1 = rot[o + 3 + col]!;
      const r2 = rot[o + 6 + col]!;
      jp[po + col] = a * (r0 - xn * r2);
      jp[po + 3 + col] = a * (r1 - yn * r2);
    }
  }
  return cost;
}

/** Huber weight of an observation for iteratively reweighted least squares. */
export function huberWeight(terms: Terms, k: number, huber: number): number {
  if (!terms.valid[k]) return 0;
  const e = Math.hypot(terms.residual[2 * k]!, terms.residual[2 * k + 1]!);
  return e <= huber ? 1 : huber / e;
}

/** Root mean square of the observations' pixel errors (the length of each 2D residual). */
export function rmsError(terms: Terms): number {
  const n = terms.valid.length;
  let sum = 0;
  let count = 0;
  for (let k = 0; k < n; k++) {
    if (!terms.valid[k]) continue;
    sum += terms.residual[2 * k]! ** 2 + terms.residual[2 * k + 1]! ** 2;
    count++;
  }
  return count ? Math.sqrt(sum / count) : 0;
}
