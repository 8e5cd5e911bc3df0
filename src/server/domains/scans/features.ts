import { createRequire } from 'node:module';
import type { ImageFeatures, PairMatches } from './sfm/types.ts';

/**
 * Features and their matches for the reconstruction (docs/scans.md#processing), on OpenCV's
 * WebAssembly build: ORB keypoints with binary descriptors on each photo; then, in plain TypeScript,
 * for chosen pairs of photos the two nearest descriptors by Hamming distance, kept when the nearest is clearly nearer
 * than the second (ratio test) and when it is also the best match the other way (mutual check). The
 * geometry that verifies the matches is the reconstruction's own (sfm/).
 */

/** The part of OpenCV's API used here. */
interface Mat {
  rows: number;
  data: Uint8Array;
  delete(): void;
}
interface KeyPointVector {
  size(): number;
  get(i: number): { pt: { x: number; y: number } };
  delete(): void;
}
interface OpenCv {
  Mat: new (rows?: number, cols?: number, type?: number) => Mat;
  CV_8UC1: number;
  ORB: new (features: number) => { detectAndCompute(image: Mat, mask: Mat, keypoints: KeyPointVector, descriptors: Mat): void; delete(): void };
  KeyPointVector: new () => KeyPointVector;
  onRuntimeInitialized?: () => void;
}

let loading: Promise<{ cv: OpenCv }> | null = null;

/**
 * OpenCV, loaded once per thread (about 0.2 s; its WebAssembly memory stays with the thread). The
 * module is itself a "thenable", so it travels wrapped, never resolved or returned from an async
 * function by itself: a promise would try to adopt it and spin without end.
 */
export function openCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise<{ cv: OpenCv }>((resolve, reject) => {
    try {
      const loaded = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
      if (typeof loaded.ORB === 'function' && typeof loaded.Mat === 'function') resolve({ cv: loaded });
      else loaded.onRuntimeInitialized = () => resolve({ cv: loaded });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return loading;
}

export interface PhotoFeatures extends ImageFeatures {
  /** 32 bytes per keypoint. */
  descriptors: Uint8Array;
}

/** A grey picture (one byte a pixel) and its colours (three bytes a pixel), of the same size. */
export interface DecodedPhoto {
  width: number;
  height: number;
  grey: Uint8Array;
  rgb: Uint8Array;
  focalPx: number | null;
}

export async function detectFeatures(photo: DecodedPhoto, maxFeatures: number): Promise<PhotoFeatures> {
  const { cv } = await openCv();
  const image = new cv.Mat(photo.height, photo.width, cv.CV_8UC1);
  const mask = new cv.Mat();
  const keypoints = new cv.KeyPointVector();
  const descriptors = new cv.Mat();
  const orb = new cv.ORB(maxFeatures);
  try {
    image.data.set(photo.grey);
    orb.detectAndCompute(image, mask, keypoints, descriptors);
    const count = Math.min(keypoints.size(), descriptors.rows);
    const points = new Float32Array(2 * count);
    const colours = new Uint8Array(3 * count);
    for (let i = 0; i < count; i++) {
      const { x, y } = keypoints.get(i).pt;
      points[2 * i] = x;
      points[2 * i + 1] = y;
      const at = 3 * (Math.min(photo.height - 1, Math.round(y)) * photo.width + Math.min(photo.width - 1, Math.round(x)));
      colours.set(photo.rgb.subarray(at, at + 3), 3 * i);
    }
    return { width: photo.width, height: photo.height, focalPx: photo.focalPx, keypoints: points, colours, descriptors: descriptors.data.slice(0, 32 * count) };
  } finally {
    for (const held of [image, mask, keypoints, descriptors, orb]) held.delete();
  }
}

/**
 * The pairs worth matching when photos are taken walking around the object: each photo with the
 * next `window` ones, and across the end of the walk back to its start (the loop closes).
 */
export function capturePairs(count: number, window: number): [number, number][] {
  const pairs = new Set<string>();
  const out: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    for (let step = 1; step <= window; step++) {
      const j = (i + step) % count;
      if (j === i) continue;
      const [a, b] = i < j ? [i, j] : [j, i];
      if (!pairs.has(`${a}:${b}`)) {
        pairs.add(`${a}:${b}`);
        out.push([a, b]);
      }
    }
  }
  return out;
}

/**
 * Nearest-neighbour ratio for a match to count (Lowe's test). 0.9 rather than the usual 0.8: with the
 * mutual check and the essential matrix after it, neighbouring photos 15° apart keep about twice as
 * many verified matches, most of them on the faces seen at a slant where 0.8 left too few.
 */
const RATIO = 0.9;

/** Set bits of every 16-bit number. */
const BITS16 = new Uint8Array(65536);
for (let i = 1; i < 65536; i++) BITS16[i] = BITS16[i >> 1]! + (i & 1);

function words(descriptors: Uint8Array): Uint32Array {
  return new Uint32Array(descriptors.buffer.slice(descriptors.byteOffset, descriptors.byteOffset + descriptors.byteLength));
}

/**
 * Matches between two sets of 256-bit descriptors (8 words each) that pass the ratio test both ways
 * and agree, from one pass over all the Hamming distances (each row's and each column's nearest two
 * at once). Three times as fast as OpenCV's BFMatcher in WebAssembly, which needs a pass each way.
 */
export function mutualMatches(a: Uint32Array, b: Uint32Array, ratio = RATIO): Uint32Array {
  const na = a.length >> 3;
  const nb = b.length >> 3;
  const colBest = new Int32Array(nb).fill(-1);
  const colFirst = new Int32Array(nb).fill(1 << 20);
  const colSecond = new Int32Array(nb).fill(1 << 20);
  const rowBest = new Int32Array(na).fill(-1);
  const rowPasses = new Uint8Array(na);
  for (let i = 0; i < na; i++) {
    const o = 8 * i;
    const [a0, a1, a2, a3, a4, a5, a6, a7] = [a[o]!, a[o + 1]!, a[o + 2]!, a[o + 3]!, a[o + 4]!, a[o + 5]!, a[o + 6]!, a[o + 7]!];
    let first = 1 << 20;
    let second = 1 << 20;
    let best = -1;
    for (let j = 0, q = 0; j < nb; j++, q += 8) {
      let x = a0 ^ b[q]!;
      let d = BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a1 ^ b[q + 1]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a2 ^ b[q + 2]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a3 ^ b[q + 3]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a4 ^ b[q + 4]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a5 ^ b[q + 5]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a6 ^ b[q + 6]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      x = a7 ^ b[q + 7]!;
      d += BITS16[x & 0xffff]! + BITS16[x >>> 16]!;
      if (d < first) {
        second = first;
        first = d;
        best = j;
      } else if (d < second) second = d;
      if (d < colFirst[j]!) {
        colSecond[j] = colFirst[j]!;
        colFirst[j] = d;
        colBest[j] = i;
      } else if (d < colSecond[j]!) colSecond[j] = d;
    }
    rowBest[i] = best;
    rowPasses[i] = first < ratio * second ? 1 : 0;
  }
  const kept: number[] = [];
  for (let i = 0; i < na; i++) {
    const j = rowBest[i]!;
    if (j >= 0 && rowPasses[i] && colBest[j] === i && colFirst[j]! < ratio * colSecond[j]!) kept.push(i, j);
  }
  return Uint32Array.from(kept);
}

/** Matches of the given pairs that pass the ratio test both ways and agree. */
export function matchPairs(features: readonly PhotoFeatures[], pairs: readonly [number, number][], onPair?: (done: number) => void): PairMatches[] {
  const descriptors = features.map((f) => words(f.descriptors));
  const out: PairMatches[] = [];
  pairs.forEach(([i, j], done) => {
    const a = descriptors[i]!;
    const b = descriptors[j]!;
    if (a.length < 16 || b.length < 16) return;
    out.push({ i, j, pairs: mutualMatches(a, b) });
    onPair?.(done + 1);
  });
  return out;
}
