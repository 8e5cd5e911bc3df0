/**
 * Small dense linear algebra on Float64Array: row-major matrices, 3×3 helpers, a one-sided Jacobi SVD,
 * a cyclic Jacobi eigen decomposition of symmetric matrices, Cholesky and least squares, and the
 * Rodrigues map between rotation vectors and rotation matrices.
 */

/** A row-major dense matrix. */
export interface Matrix {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float64Array;
}

export function matrix(rows: number, cols: number, values?: ArrayLike<number>): Matrix {
  const data = new Float64Array(rows * cols);
  if (values) {
    if (values.length !== rows * cols) throw new RangeError(`expected ${rows * cols} values, got ${values.length}`);
    data.set(values);
  }
  return { rows, cols, data };
}

export function identity(n: number): Matrix {
  const m = matrix(n, n);
  for (let i = 0; i < n; i++) m.data[i * n + i] = 1;
  return m;
}

export function transpose(a: Matrix): Matrix {
  const out = matrix(a.cols, a.rows);
  for (let r = 0; r < a.rows; r++) for (let c = 0; c < a.cols; c++) out.data[c * a.rows + r] = a.data[r * a.cols + c]!;
  return out;
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  if (a.cols !== b.rows) throw new RangeError(`cannot multiply ${a.rows}×${a.cols} by ${b.rows}×${b.cols}`);
  const out = matrix(a.rows, b.cols);
  for (let r = 0; r < a.rows; r++) {
    for (let k = 0; k < a.cols; k++) {
      const v = a.data[r * a.cols + k]!;
      if (v === 0) continue;
      for (let c = 0; c < b.cols; c++) out.data[r * b.cols + c]! += v * b.data[k * b.cols + c]!;
    }
  }
  return out;
}

export interface Svd {
  /** rows × cols; a column whose singular value is zero is left zero. */
  readonly u: Matrix;
  /** Singular values, largest first (cols of them). */
  readonly s: Float64Array;
  /** cols × cols, orthogonal: a = u · diag(s) · vᵀ. */
  readonly v: Matrix;
}

/**
 * Singular value decomposition by one-sided (Hestenes) Jacobi rotations of the columns. A matrix with
 * fewer rows than columns is padded with zero rows, so v is always complete and its last column spans
 * the (least-squares) null space.
 */
export function svd(a: Matrix): Svd {
  const m = Math.max(a.rows, a.cols);
  const n = a.cols;
  // work holds the columns of a, each contiguous: work[c * m + r].
  const work = new Float64Array(n * m);
  for (let r = 0; r < a.rows; r++) for (let c = 0; c < n; c++) work[c * m + r] = a.data[r * n + c]!;
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  const eps = 1e-15;
  for (let sweep = 0; sweep < 60; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        let alpha = 0;
        let beta = 0;
        let gamma = 0;
        for (let r = 0; r < m; r++) {
          const x = work[p * m + r]!;
          const y = work[q * m + r]!;
          alpha += x * x;
          beta += y * y;
          gamma += x * y;
        }
        if (gamma === 0 || Math.abs(gamma) <= eps * Math.sqrt(alpha * beta)) continue;
        rotated = true;
        const zeta = (beta - alpha) / (2 * gamma);
        const t = (zeta >= 0 ? 1 : -1) / (Math.abs(zeta) + Math.sqrt(1 + zeta * zeta));
        const cs = 1 / Math.sqrt(1 + t * t);
        const sn = cs * t;
        for (let r = 0; r < m; r++) {
          const x = work[p * m + r]!;
          const y = work[q * m + r]!;
          work[p * m + r] = cs * x - sn * y;
          work[q * m + r] = sn * x + cs * y;
        }
        for (let r = 0; r < n; r++) {
          const x = v[r * n + p]!;
          const y = v[r * n + q]!;
          v[r * n + p] = cs * x - sn * y;
          v[r * n + q] = sn * x + cs * y;
        }
      }
    }
    if (!rotated) break;
  }
  const norms = new Float64Array(n);
  for (let c = 0; c < n; c++) {
    let sum = 0;
    for (let r = 0; r < m; r++) sum += work[c * m + r]! ** 2;
    norms[c] = Math.sqrt(sum);
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => norms[y]! - norms[x]!);
  const u = matrix(a.rows, n);
  const s = new Float64Array(n);
  const vOut = matrix(n, n);
  const tiny = (norms[order[0]!] ?? 0) * 1e-300;
  order.forEach((c, k) => {
    const sigma = norms[c]!;
    s[k] = sigma;
    for (let r = 0; r < n; r++) vOut.data[r * n + k] = v[r * n + c]!;
    if (sigma > tiny && sigma > 0) for (let r = 0; r < a.rows; r++) u.data[r * n + k] = work[c * m + r]! / sigma;
  });
  return { u, s, v: vOut };
}

/** The unit vector x minimising |a·x|: the right singular vector of the smallest singular value. */
export function nullVector(a: Matrix): Float64Array {
  const { v } = svd(a);
  const n = a.cols;
  return Float64Array.from({ length: n }, (_, r) => v.data[r * n + n - 1]!);
}

/**
 * The null vector (unit length) of an (n − 1) × n matrix by Gaussian elimination with full pivoting:
 * far cheaper than an SVD for the minimal samples of RANSAC. Null when the rank is below n − 1.
 */
export function nullVectorOfMinimal(a: Matrix): Float64Array | null {
  const rows = a.rows;
  const n = a.cols;
  if (rows !== n - 1) throw new RangeError('nullVectorOfMinimal needs one row fewer than columns');
  const m = Float64Array.from(a.data);
  const columns = Int32Array.from({ length: n }, (_, i) => i);
  let scale = 0;
  for (let i = 0; i < m.length; i++) scale = Math.max(scale, Math.abs(m[i]!));
  for (let k = 0; k < rows; k++) {
    let pr = k;
    let pc = k;
    let best = 0;
    for (let r = k; r < rows; r++) {
      for (let c = k; c < n; c++) {
        const v = Math.abs(m[r * n + columns[c]!]!);
        if (v > best) {
          best = v;
          pr = r;
          pc = c;
        }
      }
    }
    if (!(best > 1e-13 * scale)) return null;
    if (pr !== k) for (let c = 0; c < n; c++) [m[k * n + c], m[pr * n + c]] = [m[pr * n + c]!, m[k * n + c]!];
    [columns[k], columns[pc]] = [columns[pc]!, columns[k]!];
    const pivot = m[k * n + columns[k]!]!;
    for (let r = k + 1; r < rows; r++) {
      const factor = m[r * n + columns[k]!]! / pivot;
      if (factor === 0) continue;
      for (let c = k; c < n; c++) m[r * n + columns[c]!]! -= factor * m[k * n + columns[c]!]!;
    }
  }
  // The last column in pivot order is free: set it to 1 and solve upwards.
  const x = new Float64Array(n);
  x[columns[n - 1]!] = 1;
  for (let k = rows - 1; k >= 0; k--) {
    let sum = 0;
    for (let c = k + 1; c < n; c++) sum += m[k * n + columns[c]!]! * x[columns[c]!]!;
    x[columns[k]!] = -sum / m[k * n + columns[k]!]!;
  }
  let norm = 0;
  for (let i = 0; i < n; i++) norm += x[i]! * x[i]!;
  norm = Math.sqrt(norm);
  if (!Number.isFinite(norm) || norm === 0) return null;
  for (let i = 0; i < n; i++) x[i]! /= norm;
  return x;
}

export interface Eigen {
  /** Eigenvalues, smallest first. */
  readonly values: Float64Array;
  /** Eigenvectors as the columns of an orthogonal matrix, in the order of values. */
  readonly vectors: Matrix;
}

/** Eigen decomposition of a symmetric matrix by cyclic Jacobi rotations (only the upper triangle is read). */
export function symmetricEigen(a: Matrix): Eigen {
  const n = a.rows;
  if (a.cols !== n) throw new RangeError('symmetricEigen needs a square matrix');
  const s = new Float64Array(n * n);
  for (let r = 0; r < n; r++) for (let c = r; c < n; c++) s[r * n + c] = s[c * n + r] = a.data[r * n + c]!;
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let r = 0; r < n; r++) {
      diag += s[r * n + r]! ** 2;
      for (let c = r + 1; c < n; c++) off += s[r * n + c]! ** 2;
    }
    if (off <= 1e-30 * diag || off === 0) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = s[p * n + q]!;
        if (apq === 0) continue;
        const theta = (s[q * n + q]! - s[p * n + p]!) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const cs = 1 / Math.sqrt(t * t + 1);
        const sn = t * cs;
        // s ← Jᵀ s J with J the rotation in the (p, q) plane.
        for (let k = 0; k < n; k++) {
          const skp = s[k * n + p]!;
          const skq = s[k * n + q]!;
          s[k * n + p] = cs * skp - sn * skq;
          s[k * n + q] = sn * skp + cs * skq;
        }
        for (let k = 0; k < n; k++) {
          const spk = s[p * n + k]!;
          const sqk = s[q * n + k]!;
          s[p * n + k] = cs * spk - sn * sqk;
          s[q * n + k] = sn * spk + cs * sqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p]!;
          const vkq = v[k * n + q]!;
          v[k * n + p] = cs * vkp - sn * vkq;
          v[k * n + q] = sn * vkp + cs * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => s[x * n + x]! - s[y * n + y]!);
  const values = new Float64Array(n);
  const vectors = matrix(n, n);
  order.forEach((c, k) => {
    values[k] = s[c * n + c]!;
    for (let r = 0; r < n; r++) vectors.data[r * n + k] = v[r * n + c]!;
  });
  return { values, vectors };
}

/**
 * Solves a·x = b in place for a symmetric positive definite n×n `a` (row-major, overwritten by its
 * Cholesky factor) and `b` (overwritten by x). Returns false when a is not positive definite.
 */
export function choleskySolveInPlace(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= a[j * n + k]! ** 2;
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    a[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= a[i * n + k]! * a[j * n + k]!;
      a[i * n + j] = sum / l;
    }
  }
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= a[i * n + k]! * b[k]!;
    b[i] = sum / a[i * n + i]!;
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = b[i]!;
    for (let k = i + 1; k < n; k++) sum -= a[k * n + i]! * b[k]!;
    b[i] = sum / a[i * n + i]!;
  }
  return true;
}

/** The minimum-norm least-squares solution of a·x ≈ b, through the SVD (singular values below rcond·s₀ are dropped). */
export function solveLeastSquares(a: Matrix, b: ArrayLike<number>, rcond = 1e-12): Float64Array {
  if (b.length !== a.rows) throw new RangeError('right-hand side does not match the rows');
  const { u, s, v } = svd(a);
  const n = a.cols;
  const x = new Float64Array(n);
  const cutoff = (s[0] ?? 0) * rcond;
  for (let k = 0; k < n; k++) {
    const sigma = s[k]!;
    if (!(sigma > cutoff)) continue;
    let dot = 0;
    for (let r = 0; r < a.rows; r++) dot += u.data[r * n + k]! * b[r]!;
    const coef = dot / sigma;
    for (let r = 0; r < n; r++) x[r]! += coef * v.data[r * n + k]!;
  }
  return x;
}

export * from './linalg3.ts';
