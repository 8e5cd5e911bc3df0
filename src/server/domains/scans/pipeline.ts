import sharp from 'sharp';
import type { ScanStage, ScanType } from '../../../shared/scans.ts';
import { capturePairs, detectFeatures, matchPairs, type PhotoFeatures } from './features.ts';
import { estimateNormals } from './sfm/normals.ts';
import { reconstruct } from './sfm/reconstruct.ts';
import { surfaceFromPoints } from './sfm/surface.ts';

/**
 * From a session's photos to a model (docs/scans.md#processing): features on each photo, matches
 * between photos taken near each other on the walk around the part (and across the walk's end),
 * incremental structure from motion with bundle adjustment (sfm/reconstruct.ts), then normals and a
 * surface from the points. Runs in a worker thread (worker.ts); pure of the database.
 */

export interface PipelinePhoto {
  jpeg: Uint8Array;
  focalPx: number | null;
}

/**
 * Where the photos come from, one at a time: the worker asks the job for each in turn
 * (docs/scans.md#processing), so neither holds more than one photo's bytes. null when the photo is no
 * longer there (the scan was deleted while it was processed) or processing was stopped meanwhile.
 */
export interface PhotoSource {
  readonly count: number;
  load(index: number): Promise<PipelinePhoto | null>;
}

/** A model's geometry as it is kept: float32 xyz points with uint8 rgb, and a surface's float32 vertices with uint32 triangles. */
export interface ModelGeometry {
  points: Float32Array;
  pointColors: Uint8Array;
  vertices: Float32Array;
  faces: Uint32Array;
}

export interface PipelineStats {
  photosTaken: number;
  photosPlaced: number;
  reprojectionErrorPx: number;
  seconds: number;
}

/** Each photo's camera centre in the model's frame (the points' frame), null where it could not be placed. */
export type CameraCentres = (readonly [number, number, number] | null)[];

export type PipelineResult = { ok: true; geometry: ModelGeometry; stats: PipelineStats; cameraCentres: CameraCentres } | { ok: false; reason: string; photosPlaced: number };

export interface PipelineOptions {
  scanType: ScanType;
  onProgress?: (stage: ScanStage, fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Keypoints a photo gives at most, by kind of scan (a detail scan looks closer and wants more). At
 * 2,000 neighbouring photos 15° apart kept 40–80 verified matches at the box's corners and photos there
 * could not be placed; 5,000 give 2–3 times as many and longer tracks. Matching costs grow with the
 * square (about 0.6 s a pair at 5,000).
 */
const FEATURES: Record<ScanType, number> = { full: 5000, surface: 5000, detail: 6000 };
/** Photos smaller than this many pixels (640 × 480) get proportionally fewer keypoints: ORB finds fewer distinct ones there. */
const FULL_FEATURES_PIXELS = 640 * 480;
/**
 * Photos ahead on the walk each photo is matched with, at most. Binary descriptors rarely match across
 * more than about 30° of the walk, so pairs further apart cost matching time and add nothing: a full
 * scan (once around the part) matches each photo with those within about 36° of the walk.
 */
const PAIR_WINDOW: Record<ScanType, number> = { full: 5, surface: 3, detail: 4 };

function pairWindow(scanType: ScanType, photos: number): number {
  const window = scanType === 'full' ? Math.max(2, Math.min(PAIR_WINDOW.full, Math.round(photos / 10))) : PAIR_WINDOW[scanType];
  return Math.min(window, photos - 1);
}
/** Points a model keeps at most (the strongest-seen first). */
export const MAX_POINTS = 200_000;

async function decode(photo: PipelinePhoto) {
  const { data, info } = await sharp(photo.jpeg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grey = new Uint8Array(info.width * info.height);
  for (let p = 0, q = 0; p < grey.length; p++, q += 3) grey[p] = (data[q]! * 77 + data[q + 1]! * 150 + data[q + 2]! * 29) >> 8;
  return { width: info.width, height: info.height, grey, rgb: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), focalPx: photo.focalPx };
}

const STOPPED = 'Processing was stopped before it finished: start it again.';

/**
 * Each photo is decoded, its features found (with the colour under each keypoint, all the points'
 * colours need later) and its pixels dropped before the next is asked for: what stays of a photo
 * is its features, a few hundred kilobytes.
 */
export async function reconstructPhotos(photos: readonly PipelinePhoto[] | PhotoSource, options: PipelineOptions): Promise<PipelineResult> {
  const source: PhotoSource = 'load' in photos ? photos : { count: photos.length, load: async (index) => photos[index] ?? null };
  const started = performance.now();
  const progress = options.onProgress ?? (() => undefined);
  const features: PhotoFeatures[] = [];
  for (let index = 0; index < source.count; index++) {
    if (options.signal?.aborted) return { ok: false, reason: STOPPED, photosPlaced: 0 };
    const photo = await source.load(index);
    if (options.signal?.aborted) return { ok: false, reason: STOPPED, photosPlaced: 0 };
    if (!photo) return { ok: false, reason: `Photo ${index + 1} of this scan was removed while it was processed: process the scan again`, photosPlaced: 0 };
    const decoded = await decode(photo);
    const share = Math.min(1, (decoded.width * decoded.height) / FULL_FEATURES_PIXELS);
    features.push(await detectFeatures(decoded, Math.round(FEATURES[options.scanType] * share)));
    progress('features', (index + 1) / source.count);
  }
  const pairs = capturePairs(source.count, pairWindow(options.scanType, source.count));
  const matches = matchPairs(features, pairs, (done) => progress('matching', done / pairs.length));

  const result = reconstruct(
    { images: features, matches },
    {
      signal: options.signal,
      onProgress: (stage, fraction) => progress(stage === 'matching' ? 'matching' : stage === 'poses' ? 'poses' : 'points', fraction),
    },
  );
  if (!result.ok) return { ok: false, reason: result.reason, photosPlaced: result.imagesPlaced };

  progress('surface', 0);
  const { points } = result;
  const count = Math.min(points.count, MAX_POINTS);
  // The points seen from the most photos are the surest; a cap keeps those.
  const order = Array.from({ length: points.count }, (_, i) => i).sort((a, b) => points.trackLength[b]! - points.trackLength[a]!).slice(0, count);
  const xyz = new Float64Array(3 * count);
  const rgb = new Uint8Array(3 * count);
  const viewpoints = new Float64Array(3 * count);
  order.forEach((p, k) => {
    xyz.set(points.xyz.subarray(3 * p, 3 * p + 3), 3 * k);
    rgb.set(points.rgb.subarray(3 * p, 3 * p + 3), 3 * k);
    viewpoints.set(points.viewpoint.subarray(3 * p, 3 * p + 3), 3 * k);
  });
  const normals = estimateNormals(xyz, { viewpoints });
  const mesh = surfaceFromPoints(xyz, normals, { colours: rgb });
  progress('surface', 1);
  return {
    ok: true,
    cameraCentres: result.cameras.map((camera) => (camera.centre ? ([camera.centre[0]!, camera.centre[1]!, camera.centre[2]!] as const) : null)),
    geometry: { points: Float32Array.from(xyz), pointColors: rgb, vertices: Float32Array.from(mesh.positions), faces: Uint32Array.from(mesh.triangles) },
    stats: {
      photosTaken: source.count,
      photosPlaced: result.stats.imagesPlaced,
      reprojectionErrorPx: Math.round(result.stats.meanReprojectionErrorPx * 100) / 100,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    },
  };
}
