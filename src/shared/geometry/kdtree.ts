/**
 * A static k-d tree over 3D points for nearest-neighbour, k-nearest and radius queries. The tree is
 * implicit in a permutation of the point indices: each segment's middle element splits it on the axis
 * where the segment is widest; segments of LEAF points or fewer are scanned.
 */

const LEAF = 8;

export class KdTree {
  readonly size: number;
  private readonly order: Int32Array;
  private readonly axis: Uint8Array;

  constructor(readonly points: Float64Array) {
    this.size = Math.floor(points.length / 3);
    this.order = Int32Array.from({ length: this.size }, (_, i) => i);
    this.axis = new Uint8Array(this.size);
    this.build(0, this.size);
  }

  private coord(i: number, axis: number): number {
    return this.points[3 * this.order[i]! + axis]!;
  }

  private build(lo: number, hi: number): void {
    if (hi - lo <= LEAF) return;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = lo; i < hi; i++) {
      for (let a = 0; a < 3; a++) {
        const v = this.coord(i, a);
        if (v < min[a]!) min[a] = v;
        if (v > max[a]!) max[a] = v;
      }
    }
    const spans = [max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!];
    const axis = spans[0]! >= spans[1]! && spans[0]! >= spans[2]! ? 0 : spans[1]! >= spans[2]! ? 1 : 2;
    const mid = (lo + hi) >> 1;
    this.select(lo, hi - 1, mid, axis);
    this.axis[mid] = axis;
    this.build(lo, mid);
    this.build(mid + 1, hi);
  }

  /** Quickselect (Hoare partition, median-of-three pivot): the element of rank k lands at k. */
  private select(lo: number, hi: number, k: number, axis: number): void {
    const order = this.order;
    while (hi > lo) {
      const a = this.coord(lo, axis);
      const b = this.coord((lo + hi) >> 1, axis);
      const c = this.coord(hi, axis);
      const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (this.coord(i, axis) < pivot) i++;
        while (this.coord(j, axis) > pivot) j--;
        if (i <= j) {
          const tmp = order[i]!;
          order[i] = order[j]!;
          order[j] = tmp;
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return;
    }
  }

  /** Index of the nearest point and its squared distance (−1 and Infinity for an empty tree). */
  nearest(x: number, y: number, z: number): { index: number; distanceSq: number } {
    const best = { index: -1, distanceSq: Infinity };
    const visit = (lo: number, hi: number): void => {
      if (hi - lo <= LEAF) {
        for (let i = lo; i < hi; i++) this.consider(i, x, y, z, best);
        return;
      }
      const mid = (lo + hi) >> 1;
      this.consider(mid, x, y, z, best);
      const axis = this.axis[mid]!;
      const diff = (axis === 0 ? x : axis === 1 ? y : z) - this.coord(mid, axis);
      if (diff < 0) {
        visit(lo, mid);
        if (diff * diff < best.distanceSq) visit(mid + 1, hi);
      } else {
        visit(mid + 1, hi);
        if (diff * diff < best.distanceSq) visit(lo, mid);
      }
    };
    visit(0, this.size);
    return best;
  }

  private consider(i: number, x: number, y: number, z: number, best: { index: number; distanceSq: number }): void {
    const p = 3 * this.order[i]!;
    const d = (this.points[p]! - x) ** 2 + (this.points[p + 1]! - y) ** 2 + (this.points[p + 2]! - z) ** 2;
    if (d < best.distanceSq) {
      best.distanceSq = d;
      best.index = this.order[i]!;
    }
  }

  /**
   * The k nearest points (fewer when the tree is smaller), nearest first, as indices and squared
   * distances; only points within maxDistance when given.
   */
  knn(x: number, y: number, z: number, k: number, maxDistance = Infinity): { indices: Int32Array; distancesSq: Float64Array } {
    const indices = new Int32Array(k).fill(-1);
    const dist = new Float64Array(k).fill(maxDistance === Infinity ? Infinity : maxDistance * maxDistance);
    let found = 0;
    const offer = (i: number): void => {
      const p = 3 * this.order[i]!;
      const d = (this.points[p]! - x) ** 2 + (this.points[p + 1]! - y) ** 2 + (this.points[p + 2]! - z) ** 2;
      if (!(d < dist[k - 1]!)) return;
      let at = k - 1;
      while (at > 0 && dist[at - 1]! > d) {
        dist[at] = dist[at - 1]!;
        indices[at] = indices[at - 1]!;
        at--;
      }
      dist[at] = d;
      indices[at] = this.order[i]!;
      found = Math.min(k, found + 1);
    };
    const visit = (lo: number, hi: number): void => {
      if (hi - lo <= LEAF) {
        for (let i = lo; i < hi; i++) offer(i);
        return;
      }
      const mid = (lo + hi) >> 1;
      offer(mid);
      const axis = this.axis[mid]!;
      const diff = (axis === 0 ? x : axis === 1 ? y : z) - this.coord(mid, axis);
      const [near, far] = diff < 0 ? [[lo, mid], [mid + 1, hi]] : [[mid + 1, hi], [lo, mid]];
      visit(near[0]!, near[1]!);
      if (diff * diff < dist[k - 1]!) visit(far[0]!, far[1]!);
    };
    if (k > 0) visit(0, this.size);
    return { indices: indices.slice(0, found), distancesSq: dist.slice(0, found) };
  }
}
