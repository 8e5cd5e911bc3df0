/**
 * Incremental structure from motion: verify the matches of each pair, join them into tracks, start
 * from the best pair, place further photos by PnP in order of how many reconstructed points they see,
 * triangulate new tracks, refine everything by bundle adjustment now and then and at the end, and keep
 * the points that fit and are not isolated from the rest. Pure computation: it runs wherever it is called (a worker on the server).
 */
import { identityPose, intrinsicsFor, intrinsicsMatrix, normalisePoints } from './camera.ts';
import { isolatedPoints } from './cloud-filter.ts';
import { Model } from './model.ts';
import { chooseInitialPair, verifyPairs } from './pairs.ts';
import { Random } from '../../../../shared/geometry/random.ts';
import { buildTracks } from './tracks.ts';
import type { ReconstructedCamera, ReconstructionFailure, ReconstructionFailureCode, ReconstructionInput, ReconstructionOptions, ReconstructionResult, ReconstructionStage } from './types.ts';

export type * from './types.ts';

const DEG = Math.PI / 180;

export function reconstruct(input: ReconstructionInput, options: ReconstructionOptions = {}): ReconstructionResult {
  const n = input.images.length;
  const seed = options.seed ?? 1;
  const epipolarPx = options.epipolarThresholdPx ?? 3;
  const maxErrorPx = options.maxReprojectionErrorPx ?? 4;
  const minAngle = (options.minTriangulationAngleDeg ?? 1.5) * DEG;
  const minPairInliers = options.minPairInliers ?? 30;
  const minRegistration = options.minRegistrationInliers ?? 12;
  const minPlaced = Math.max(2, Math.ceil((options.minPlacedShare ?? 0.5) * n));
  const refineFocal = options.refineFocal ?? input.images.some((image) => !(typeof image.focalPx === 'number' && image.focalPx > 0));
  const huberPx = maxErrorPx / 2;
  const report = (stage: ReconstructionStage, fraction: number): void => options.onProgress?.(stage, Math.min(1, Math.max(0, fraction)));
  const cancelled = (): boolean => options.signal?.aborted === true;
  const fail = (code: ReconstructionFailureCode, reason: string, placed = 0): ReconstructionFailure => ({ ok: false, code, reason, imagesTotal: n, imagesPlaced: placed });

  if (n < 2) return fail('too-few-images', `${n === 0 ? 'no photos were' : 'only one photo was'} given: take 20 to 60 photos all around the part`);
  const intrinsics = input.images.map((image) => intrinsicsFor(image.width, image.height, image.focalPx));
  const pixels = input.images.map((image) => image.keypoints);
  const normalised = input.images.map((image, i) => normalisePoints(intrinsics[i]!, image.keypoints));

  report('matching', 0);
  const verified = verifyPairs(normalised, intrinsics, input.matches, { thresholdPx: epipolarPx, minInliers: minPairInliers, seed, onPair: (done, total) => report('matching', total ? done / total : 1), cancelled });
  if (cancelled()) return fail('cancelled', 'the reconstruction was stopped');
  const tracks = buildTracks(
    input.images.map((image) => image.keypoints.length >> 1),
    verified,
  );
  const initial = chooseInitialPair(verified, normalised, { minPoints: minPairInliers, minAngleDeg: 2, goodAngleDeg: 8 });
  if (!initial) return fail('no-initial-pair', 'no two photos share enough features seen from different angles: take the photos closer together, moving around the part rather than turning on the spot');

  const model = new Model(tracks, intrinsics, normalised, pixels);
  model.place(initial.i, identityPose());
  model.place(initial.j, initial.pose);
  model.triangulateSeenBy(initial.j, maxErrorPx, minAngle);
  model.adjust(initial.i, { maxIterations: 20, huberPx });
  model.filter(maxErrorPx, minAngle);
  report('poses', 2 / n);

  const random = new Random(seed);
  const failedAt = new Int32Array(n).fill(-1);
  let nextBundleAt = 3;
  for (;;) {
    if (cancelled()) return fail('cancelled', 'the reconstruction was stopped', model.placed);
    const placed = model.placed;
    let best = -1;
    let bestCount = minRegistration - 1;
    for (let img = 0; img < n; img++) {
      if (model.poses[img] || failedAt[img] === placed) continue;
      const count = model.correspondenceCount(img);
      if (count > bestCount) {
        best = img;
        bestCount = count;
      }
    }
    if (best < 0) break;
    if (!model.register(best, maxErrorPx, minRegistration, random)) {
      failedAt[best] = placed;
      continue;
    }
    model.triangulateSeenBy(best, maxErrorPx, minAngle);
    if (model.placed >= nextBundleAt) {
      model.adjust(initial.i, { maxIterations: 10, huberPx, refineFocal: refineFocal && model.placed >= 4 });
      model.filter(maxErrorPx, minAngle);
      nextBundleAt = Math.max(model.placed + 1, Math.ceil(model.placed * 1.25));
    }
    report('poses', model.placed / n);
  }
  report('poses', 1);

  // Tracks that did not triangulate when their photos were placed get one more try with every photo.
  report('points', 0);
  for (let t = 0; t < tracks.count; t++) {
    if (!model.hasPoint[t]) model.triangulateTrack(t, maxErrorPx, minAngle);
    if (t % 2000 === 0) {
      if (cancelled()) return fail('cancelled', 'the reconstruction was stopped', model.placed);
      report('points', t / tracks.count);
    }
  }
  model.filter(maxErrorPx, minAngle);
  report('points', 1);

  report('refining', 0);
  const focal = refineFocal && model.placed >= 4;
  model.adjust(initial.i, { maxIterations: 30, huberPx, refineFocal: focal, onIteration: (i, max) => report('refining', (0.7 * i) / max) });
  model.filter(maxErrorPx, minAngle);
  if (cancelled()) return fail('cancelled', 'the reconstruction was stopped', model.placed);
  model.adjust(initial.i, { maxIterations: 15, refineFocal: focal, onIteration: (i, max) => report('refining', 0.7 + (0.3 * i) / max) });
  model.filter(maxErrorPx, minAngle);
  report('refining', 1);

  const placed = model.placed;
  if (placed < minPlaced) return fail('too-few-placed', `only ${placed} of ${n} photos could be placed: take more photos, with more overlap between neighbouring ones`, placed);
  return collect(model, input, [initial.i, initial.j]);
}

/** The placed cameras and the kept points, with colours, track lengths and viewpoints. */
function collect(model: Model, input: ReconstructionInput, initialPair: readonly [number, number]): ReconstructionResult {
  const { tracks } = model;
  const cameras: ReconstructedCamera[] = model.poses.map((pose, index) => ({
    index,
    registered: pose !== null,
    R: pose ? Float64Array.from(pose.R) : null,
    t: pose ? Float64Array.from(pose.t) : null,
    centre: pose ? Float64Array.from(model.centre(index)) : null,
    K: intrinsicsMatrix(model.intrinsics[index]!),
  }));
  const candidates: number[] = [];
  for (let t = 0; t < tracks.count; t++) if (model.hasPoint[t] && model.placedSightings(t).length >= 2) candidates.push(t);
  // A point far from all others is most likely a wrong match that happened to lie on its epipolar line.
  const isolated = isolatedPoints(Float64Array.from(candidates.flatMap((t) => [model.xyz[3 * t]!, model.xyz[3 * t + 1]!, model.xyz[3 * t + 2]!])));
  const kept = candidates.filter((_, i) => !isolated[i]);
  const xyz = new Float64Array(3 * kept.length);
  const rgb = new Uint8Array(3 * kept.length);
  const trackLength = new Uint16Array(kept.length);
  const viewpoint = new Float64Array(3 * kept.length);
  const sightingStart = new Uint32Array(kept.length + 1);
  const sightingImage: number[] = [];
  const sightingKeypoint: number[] = [];
  let errorSum = 0;
  let observations = 0;
  kept.forEach((t, p) => {
    xyz.set(model.xyz.subarray(3 * t, 3 * t + 3), 3 * p);
    const sightings = model.placedSightings(t);
    trackLength[p] = Math.min(sightings.length, 65535);
    const colour = [0, 0, 0];
    let coloured = 0;
    for (const s of sightings) {
      const img = tracks.image[s]!;
      const kp = tracks.keypoint[s]!;
      errorSum += model.sightingError(s);
      observations++;
      sightingImage.push(img);
      sightingKeypoint.push(kp);
      const centre = model.centre(img);
      for (let k = 0; k < 3; k++) viewpoint[3 * p + k]! += centre[k]! / sightings.length;
      const colours = input.images[img]!.colours;
      if (colours && colours.length >= 3 * (kp + 1)) {
        for (let k = 0; k < 3; k++) colour[k]! += colours[3 * kp + k]!;
        coloured++;
      }
    }
    for (let k = 0; k < 3; k++) rgb[3 * p + k] = coloured ? Math.round(colour[k]! / coloured) : 200;
    sightingStart[p + 1] = sightingImage.length;
  });
  return {
    ok: true,
    cameras,
    points: { count: kept.length, xyz, rgb, trackLength, viewpoint, sightingStart, sightingImage: Uint32Array.from(sightingImage), sightingKeypoint: Uint32Array.from(sightingKeypoint) },
    stats: {
      imagesTotal: model.poses.length,
      imagesPlaced: model.placed,
      points: kept.length,
      observations,
      meanReprojectionErrorPx: observations ? errorSum / observations : 0,
      initialPair,
      focalScale: model.focalScale,
    },
  };
}
