import { createRequire } from 'node:module';
import { mutualMatches } from '../../../shared/geometry/hamming.ts';
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

function words(descriptors: Uint8Array): Uint32Array {
  return new Uint32Array(descriptors.buffer.slice(descriptors.byteOffset, descriptors.byteOffset + descriptors.byteLength));
}

/** Matches of the given pairs that pass the ratio test both ways and agree. */
export function matchPairs(features: readonly PhotoFeatures[], pairs: readonly [number, number][], onPair?: (done: number) => void): PairMatches[] {
  const descriptors = features.map((f) => words(f.descriptors));
  const out: PairMatches[] = [];
  pairs.forEach(([i, j], done) => {
    const a = descriptors[i]!;
    const b = descriptors[j]!;
    if (a.length < 16 || b.length < 16) return;
    out.push({ i, j, pairs: mutualMatches(a, b, RATIO) });
    onPair?.(done + 1);
  });
  return out;
}
