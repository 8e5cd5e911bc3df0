/**
 * Bundle adjustment: Levenberg–Marquardt over camera poses (rotation increment and translation), the
 * 3D points and optionally one common scale of the focal lengths, minimising the pixel reprojection
 * errors (squared, or Huber for robustness). The normal equations are reduced to the cameras by the
 * Schur complement of the 3×3 point blocks, so a step costs a dense solve of 6 × cameras unknowns plus
 * work linear in the observations (times the track length). Fixed cameras (the first by default) hold
 * the frame; the overall scale is held by the damping.
 */
import type { BundleCameras, BundleObservations } from './bundle-terms.ts';
import { allocateTerms, evaluate, huberWeight, rmsError } from './bundle-terms.ts';
import { choleskySolveInPlace, invert3, rotationFromVector } from '../../../../shared/geometry/linalg.ts';

export type { BundleCameras, BundleObservations } from './bundle-terms.ts';

export interface BundleOptions {
  readonly maxIterations?: number;
  /** Huber width in pixels; omitted or null for plain least squares. */
  readonly huberPx?: number | null;
  /** Cameras held still (default: camera 0). */
  readonly fixedCameras?: readonly number[];
  /** Also refine one scale common to all focal lengths. */
  readonly refineFocal?: boolean;
  /** Stop when a step lowers the cost by less than this share (default 1e-6). */
  readonly tolerance?: number;
  /** Called after each iteration with its number and the maximum. */
  readonly onIteration?: (iteration: number, maxIterations: number) => void;
}

export interface BundleResult {
  readonly initialRmsPx: number;
  readonly finalRmsPx: number;
  readonly iterations: number;
  readonly focalScale: number;
}

/** Observations of each point, as offsets into an index list. */
function groupByPoint(obs: BundleObservations, pointCount: number): { start: Int32Array; order: Int32Array } {
  const start = new Int32Array(pointCount + 1);
  for (let k = 0; k < obs.point.length; k++) start[obs.point[k]! + 1]!++;
  for (let p = 0; p < pointCount; p++) start[p + 1]! += start[p]!;
  const fill = start.slice(0, pointCount);
  const order = new Int32Array(obs.point.length);
  for (let k = 0; k < obs.point.length; k++) order[fill[obs.point[k]!]!++] = k;
  return { start, order };
}

/**
 * Adjusts cameras and points in place to minimise the reprojection error of the observations. Every
 * observation's camera and point index must be in range; a point is seen at most once by a camera.
 */
export function bundleAdjust(cameras: BundleCameras, points: Float64Array, obs: BundleObservations, options: BundleOptions = {}): BundleResult {
  const maxIterations = options.maxIterations ?? 30;
  const huber = options.huberPx ?? Infinity;
  const tolerance = options.tolerance ?? 1e-6;
  const refineFocal = options.refineFocal ?? false;
  const fixed = new Set(options.fixedCameras ?? [0]);
  const pointCount = points.length / 3;
  const n = obs.camera.length;
  const base = new Int32Array(cameras.count).fill(-1);
  let free = 0;
  for (let c = 0; c < cameras.count; c++) if (!fixed.has(c)) base[c] = 6 * free++;
  const nc = 6 * free + (refineFocal ? 1 : 0);
  const focalIndex = nc - 1;
  const { start, order } = groupByPoint(obs, pointCount);
  let longest = 0;
  for (let p = 0; p < pointCount; p++) longest = Math.max(longest, start[p + 1]! - start[p]!);
  const y = new Float64Array(21 * longest); // W·V⁻¹ of each observation of the current point

  let scale = 1;
  const terms = allocateTerms(n);
  // A trial step needs only its cost; the Jacobians are worked out again once a step is taken.
  const trialTerms = allocateTerms(n, false);
  let cost = evaluate(cameras, points, obs, scale, huber, terms, true);
  const initialRmsPx = rmsError(terms);
  const weights = new Float64Array(n);
  const w = new Float64Array(21 * n); // per observation: weight · Jcᵀ·Jp, 7 × 3
  const u = new Float64Array(nc * nc);
  const gc = new Float64Array(nc);
  const v = new Float64Array(9 * pointCount);
  const gp = new Float64Array(3 * pointCount);
  const vinv = new Float64Array(9 * pointCount);
  const s = new Float64Array(nc * nc);
  const cross = new Float64Array(nc * nc);
  const rhs = new Float64Array(nc);
  const idx = new Int32Array(7 * n); // camera-side unknown of each of the 7 columns, −1 when held
  const saved = { rotations: new Float64Array(cameras.rotations.length), translations: new Float64Array(cameras.translations.length), points: new Float64Array(points.length) };
  for (let k = 0; k < n; k++) {
    const b = base[obs.camera[k]!]!;
    for (let a = 0; a < 6; a++) idx[7 * k + a] = b < 0 ? -1 : b + a;
    idx[7 * k + 6] = refineFocal ? focalIndex : -1;
  }

  const linearise = (): void => {
    u.fill(0);
    gc.fill(0);
    v.fill(0);
    gp.fill(0);
    const { residual, jc, jp } = terms;
    for (let k = 0; k < n; k++) {
      const wk = huberWeight(terms, k, huber);
      weights[k] = wk;
      const p = obs.point[k]!;
      const r0 = residual[2 * k]!;
      const r1 = residual[2 * k + 1]!;
      for (let a = 0; a < 3; a++) {
        const pa0 = jp[6 * k + a]!;
        const pa1 = jp[6 * k + 3 + a]!;
        gp[3 * p + a]! -= wk * (pa0 * r0 + pa1 * r1);
        for (let b = 0; b < 3; b++) v[9 * p + 3 * a + b]! += wk * (pa0 * jp[6 * k + b]! + pa1 * jp[6 * k + 3 + b]!);
      }
      for (let a = 0; a < 7; a++) {
        const ca0 = jc[14 * k + a]!;
        const ca1 = jc[14 * k + 7 + a]!;
        for (let b = 0; b < 3; b++) w[21 * k + 3 * a + b] = wk * (ca0 * jp[6 * k + b]! + ca1 * jp[6 * k + 3 + b]!);
        const ia = idx[7 * k + a]!;
        if (ia < 0) continue;
        gc[ia]! -= wk * (ca0 * r0 + ca1 * r1);
        for (let b = 0; b < 7; b++) {
          const ib = idx[7 * k + b]!;
          if (ib >= 0) u[ia * nc + ib]! += wk * (ca0 * jc[14 * k + b]! + ca1 * jc[14 * k + 7 + b]!);
        }
      }
    }
  };

  /** The reduced camera system for damping lambda, solved; false when it is not positive definite. */
  const solve = (lambda: number, delta: Float64Array, pointDelta: Float64Array): boolean => {
    s.set(u);
    for (let i = 0; i < nc; i++) s[i * nc + i]! += lambda * (u[i * nc + i]! + 1e-9);
    rhs.set(gc);
    cross.fill(0);
    const damped = new Float64Array(9);
    for (let p = 0; p < pointCount; p++) {
      damped.set(v.subarray(9 * p, 9 * p + 9));
      for (let i = 0; i < 3; i++) damped[4 * i]! += lambda * (damped[4 * i]! + 1e-9);
      const inv = invert3(damped, vinv.subarray(9 * p, 9 * p + 9));
      if (!inv) vinv.fill(0, 9 * p, 9 * p + 9);
      const first = start[p]!;
      const count = start[p + 1]! - first;
      for (let m = 0; m < count; m++) {
        const k = order[first + m]!;
        // y_m = W_k · V⁻¹ (7 × 3)
        for (let a = 0; a < 7; a++) {
          for (let b = 0; b < 3; b++) {
            y[21 * m + 3 * a + b] = w[21 * k + 3 * a]! * vinv[9 * p + b]! + w[21 * k + 3 * a + 1]! * vinv[9 * p + 3 + b]! + w[21 * k + 3 * a + 2]! * vinv[9 * p + 6 + b]!;
          }
          const ia = idx[7 * k + a]!;
          if (ia >= 0) rhs[ia]! -= y[21 * m + 3 * a]! * gp[3 * p]! + y[21 * m + 3 * a + 1]! * gp[3 * p + 1]! + y[21 * m + 3 * a + 2]! * gp[3 * p + 2]!;
        }
        for (let m2 = m; m2 < count; m2++) {
          const k2 = order[first + m2]!;
          const target = m2 === m ? s : cross;
          const sign = m2 === m ? -1 : 1;
          for (let a = 0; a < 7; a++) {
            const ia = idx[7 * k + a]!;
            if (ia < 0) continue;
            const y0 = y[21 * m + 3 * a]!;
            const y1 = y[21 * m + 3 * a + 1]!;
            const y2 = y[21 * m + 3 * a + 2]!;
            for (let b = 0; b < 7; b++) {
              const ib = idx[7 * k2 + b]!;
              if (ib < 0) continue;
              target[ia * nc + ib]! += sign * (y0 * w[21 * k2 + 3 * b]! + y1 * w[21 * k2 + 3 * b + 1]! + y2 * w[21 * k2 + 3 * b + 2]!);
            }
          }
        }
      }
    }
    for (let i = 0; i < nc; i++) for (let j = 0; j < nc; j++) s[i * nc + j]! -= cross[i * nc + j]! + cross[j * nc + i]!;
    delta.set(rhs);
    if (nc > 0 && !choleskySolveInPlace(s, delta, nc)) return false;
    // Back-substitution: δX_p = V⁻¹·(g_p − Σ W_kᵀ·δc).
    for (let p = 0; p < pointCount; p++) {
      const g = [gp[3 * p]!, gp[3 * p + 1]!, gp[3 * p + 2]!];
      for (let o = start[p]!; o < start[p + 1]!; o++) {
        const k = order[o]!;
        for (let a = 0; a < 7; a++) {
          const ia = idx[7 * k + a]!;
          if (ia < 0) continue;
          const d = delta[ia]!;
          for (let b = 0; b < 3; b++) g[b]! -= w[21 * k + 3 * a + b]! * d;
        }
      }
      for (let b = 0; b < 3; b++) pointDelta[3 * p + b] = vinv[9 * p + 3 * b]! * g[0]! + vinv[9 * p + 3 * b + 1]! * g[1]! + vinv[9 * p + 3 * b + 2]! * g[2]!;
    }
    return true;
  };

  const delta = new Float64Array(nc);
  const pointDelta = new Float64Array(points.length);
  let lambda = 1e-4;
  let iterations = 0;
  for (; iterations < maxIterations && n > 0; iterations++) {
    linearise();
    let accepted = false;
    let converged = false;
    while (lambda < 1e12) {
      if (solve(lambda, delta, pointDelta)) {
        saved.rotations.set(cameras.rotations);
        saved.translations.set(cameras.translations);
        saved.points.set(points);
        for (let c = 0; c < cameras.count; c++) {
          const b = base[c]!;
          if (b < 0) continue;
          const turn = rotationFromVector([delta[b]!, delta[b + 1]!, delta[b + 2]!]);
          const r = cameras.rotations.subarray(9 * c, 9 * c + 9);
          const next = new Float64Array(9);
          for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) next[3 * i + j] = turn[3 * i]! * r[j]! + turn[3 * i + 1]! * r[3 + j]! + turn[3 * i + 2]! * r[6 + j]!;
          r.set(next);
          for (let i = 0; i < 3; i++) cameras.translations[3 * c + i]! += delta[b + 3 + i]!;
        }
        for (let i = 0; i < points.length; i++) points[i]! += pointDelta[i]!;
        const trialScale = refineFocal ? scale + delta[focalIndex]! : scale;
        const trialCost = evaluate(cameras, points, obs, trialScale, huber, trialTerms, false);
        if (trialCost < cost && trialScale > 0) {
          converged = cost - trialCost < tolerance * cost;
          cost = trialCost;
          scale = trialScale;
          evaluate(cameras, points, obs, scale, huber, terms, true);
          lambda = Math.max(lambda / 3, 1e-12);
          accepted = true;
          break;
        }
        cameras.rotations.set(saved.rotations);
        cameras.translations.set(saved.translations);
        points.set(saved.points);
      }
      lambda *= 4;
    }
    options.onIteration?.(iterations + 1, maxIterations);
    if (!accepted || converged) {
      iterations++;
      break;
    }
  }
  if (refineFocal) for (let c = 0; c < cameras.count; c++) cameras.focal[c]! *= scale;
  evaluate(cameras, points, obs, 1, Infinity, terms, false);
  return { initialRmsPx, finalRmsPx: rmsError(terms), iterations, focalScale: scale };
}
