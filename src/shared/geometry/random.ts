/**
 * A seeded pseudo-random generator (xoshiro128**, seeded through a splitmix-style scrambler) so that
 * RANSAC and the synthetic test scenes give the same answer on every run.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed = 1) {
    let x = seed >>> 0;
    const next = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** The next 32-bit unsigned integer. */
  uint32(): number {
    const rotl = (v: number, k: number): number => ((v << k) | (v >>> (32 - k))) >>> 0;
    const result = Math.imul(rotl(Math.imul(this.b, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.b << 9) >>> 0;
    this.c = (this.c ^ this.a) >>> 0;
    this.d = (this.d ^ this.b) >>> 0;
    this.b = (this.b ^ this.c) >>> 0;
    this.a = (this.a ^ this.d) >>> 0;
    this.c = (this.c ^ t) >>> 0;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Standard normal, by the Box–Muller transform. */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** k distinct integers from [0, n), written into out (k ≤ n). */
  sample(n: number, k: number, out: Int32Array = new Int32Array(k)): Int32Array {
    if (k > n) throw new RangeError(`cannot draw ${k} of ${n}`);
    for (let i = 0; i < k; i++) {
      let candidate: number;
      let repeated: boolean;
      do {
        candidate = this.int(n);
        repeated = false;
        for (let j = 0; j < i; j++) if (out[j] === candidate) repeated = true;
      } while (repeated);
      out[i] = candidate;
    }
    return out;
  }

  /** Shuffles an array in place (Fisher–Yates). */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
    return items;
  }
}

/** Iterations RANSAC needs to draw one all-inlier sample of `size` with probability `confidence`. */
export function ransacIterations(inlierShare: number, size: number, confidence: number, cap: number): number {
  if (inlierShare >= 1) return 1;
  const good = inlierShare ** size;
  if (good <= 0) return cap;
  const n = Math.ceil(Math.log(1 - confidence) / Math.log(1 - good));
  return Math.max(1, Math.min(cap, Number.isFinite(n) ? n : cap));
}
