/**
 * Tracks: the keypoints across photos that are the same physical point, joined by union–find over the
 * pairwise matches. A track that reaches two keypoints of one photo (a wrong match joined two points)
 * loses that photo's sightings and keeps the rest.
 */

export interface Tracks {
  readonly count: number;
  /** Sightings of track t are start[t] … start[t + 1] − 1 in image and keypoint. */
  readonly start: Int32Array;
  readonly image: Int32Array;
  readonly keypoint: Int32Array;
  /** Per image, the track of each keypoint, −1 for none. */
  readonly ofKeypoint: Int32Array[];
}

/** Keypoint index pairs between images i and j (index in i, index in j). */
export interface TrackMatches {
  readonly i: number;
  readonly j: number;
  readonly pairs: Uint32Array;
}

class UnionFind {
  readonly parent: Int32Array;
  readonly size: Int32Array;

  constructor(n: number) {
    this.parent = Int32Array.from({ length: n }, (_, i) => i);
    this.size = new Int32Array(n).fill(1);
  }

  find(x: number): number {
    let node = x;
    while (this.parent[node] !== node) {
      const up = this.parent[node]!;
      this.parent[node] = this.parent[up]!;
      node = up;
    }
    return node;
  }

  union(a: number, b: number): void {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return;
    if (this.size[ra]! < this.size[rb]!) [ra, rb] = [rb, ra];
    this.parent[rb] = ra;
    this.size[ra]! += this.size[rb]!;
  }
}

export function buildTracks(keypointCounts: readonly number[], matches: readonly TrackMatches[]): Tracks {
  const offset = new Int32Array(keypointCounts.length + 1);
  keypointCounts.forEach((count, i) => (offset[i + 1] = offset[i]! + count));
  const total = offset[keypointCounts.length]!;
  const sets = new UnionFind(total);
  const matched = new Uint8Array(total);
  for (const { i, j, pairs } of matches) {
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const a = pairs[k]!;
      const b = pairs[k + 1]!;
      if (a >= keypointCounts[i]! || b >= keypointCounts[j]!) continue;
      const ga = offset[i]! + a;
      const gb = offset[j]! + b;
      matched[ga] = matched[gb] = 1;
      sets.union(ga, gb);
    }
  }
  const imageOf = new Int32Array(total);
  for (let i = 0; i < keypointCounts.length; i++) imageOf.fill(i, offset[i]!, offset[i + 1]!);
  // Group the matched keypoints by their root; the members of a group come out in image order.
  const members = new Map<number, number[]>();
  for (let g = 0; g < total; g++) {
    if (!matched[g]) continue;
    const root = sets.find(g);
    const list = members.get(root);
    if (list) list.push(g);
    else members.set(root, [g]);
  }
  const start: number[] = [0];
  const image: number[] = [];
  const keypoint: number[] = [];
  const ofKeypoint = keypointCounts.map((count) => new Int32Array(count).fill(-1));
  for (const list of members.values()) {
    const kept: number[] = [];
    for (let m = 0; m < list.length; m++) {
      const img = imageOf[list[m]!]!;
      const repeated = (m > 0 && imageOf[list[m - 1]!] === img) || (m + 1 < list.length && imageOf[list[m + 1]!] === img);
      if (!repeated) kept.push(list[m]!);
    }
    if (kept.length < 2) continue;
    const track = start.length - 1;
    for (const g of kept) {
      const img = imageOf[g]!;
      image.push(img);
      keypoint.push(g - offset[img]!);
      ofKeypoint[img]![g - offset[img]!] = track;
    }
    start.push(image.length);
  }
  return { count: start.length - 1, start: Int32Array.from(start), image: Int32Array.from(image), keypoint: Int32Array.from(keypoint), ofKeypoint };
}
