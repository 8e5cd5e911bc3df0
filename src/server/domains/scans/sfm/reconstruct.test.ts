import { describe, expect, it } from 'vitest';
import { applySimilarity, deviation, umeyama } from '../../../../shared/geometry/align.ts';
import { cameraCentre } from './camera.ts';
import { mul3, rotationAngleBetween, transpose3 } from '../../../../shared/geometry/linalg.ts';
import type { ReconstructionStage, ReconstructionSuccess } from './reconstruct.ts';
import { reconstruct } from './reconstruct.ts';
import type { SyntheticScene } from './test-scene.ts';
import { ringScene, surfacePoints } from './test-scene.ts';
import { estimateNormals } from './normals.ts';
import { surfaceFromPoints } from './surface.ts';
import { buildTracks } from './tracks.ts';
import { Random } from '../../../../shared/geometry/random.ts';

const DEG = 180 / Math.PI;

/** Each reconstructed point next to the true point its sightings came from (by majority). */
function pointCorrespondences(scene: SyntheticScene, result: ReconstructionSuccess) {
  const found: number[] = [];
  const truth: number[] = [];
  let mixed = 0;
  const { points } = result;
  for (let p = 0; p < points.count; p++) {
    const votes = new Map<number, number>();
    for (let s = points.sightingStart[p]!; s < points.sightingStart[p + 1]!; s++) {
      const t = scene.truthOfKeypoint[points.sightingImage[s]!]![points.sightingKeypoint[s]!]!;
      votes.set(t, (votes.get(t) ?? 0) + 1);
    }
    const [best] = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]!;
    if (votes.size > 1 || best < 0) mixed++;
    if (best < 0) continue;
    found.push(...points.xyz.subarray(3 * p, 3 * p + 3));
    truth.push(...scene.points.subarray(3 * best, 3 * best + 3));
  }
  return { found, truth, mixed };
}

/** The largest angle between a placed camera's relative rotation to camera 0 and the truth's. */
function worstRelativeRotation(scene: SyntheticScene, result: ReconstructionSuccess): number {
  const anchor = result.cameras.find((c) => c.registered)!;
  let worst = 0;
  for (const camera of result.cameras) {
    if (!camera.R) continue;
    const found = mul3(camera.R, transpose3(anchor.R!));
    const truth = mul3(scene.poses[camera.index]!.R, transpose3(scene.poses[anchor.index]!.R));
    worst = Math.max(worst, rotationAngleBetween(found, truth) * DEG);
  }
  return worst;
}

describe('incremental reconstruction', () => {
  it('places the photos of a ring of 30 around a box and reconstructs it to within 2% of its size', () => {
    const scene = ringScene({ shape: 'box', cameras: 30, points: 1200, seed: 5, outlierShare: 0.15 });
    const stages: ReconstructionStage[] = [];
    const fractions: number[] = [];
    const started = performance.now();
    const result = reconstruct(scene.input, {
      onProgress: (stage, fraction) => {
        if (stages.at(-1) !== stage) stages.push(stage);
        fractions.push(fraction);
      },
    });
    const seconds = (performance.now() - started) / 1000;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(stages).toEqual(['matching', 'poses', 'points', 'refining']);
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
    expect(result.stats.imagesPlaced).toBeGreaterThanOrEqual(27);
    expect(result.cameras.filter((c) => c.registered)).toHaveLength(result.stats.imagesPlaced);
    expect(result.stats.meanReprojectionErrorPx).toBeLessThan(1);

    const { found, truth, mixed } = pointCorrespondences(scene, result);
    expect(mixed / result.points.count).toBeLessThan(0.01);
    expect(result.points.count).toBeGreaterThan(600);
    const aligned = umeyama(found, truth)!;
    expect(aligned.rms / scene.size).toBeLessThan(0.02);
    expect(aligned.rms / scene.size).toBeLessThan(0.005);

    const centres: number[] = [];
    const trueCentres: number[] = [];
    for (const camera of result.cameras) {
      if (!camera.centre) continue;
      centres.push(...camera.centre);
      trueCentres.push(...cameraCentre(scene.poses[camera.index]!));
    }
    expect(umeyama(centres, trueCentres)!.rms / scene.size).toBeLessThan(0.01);
    expect(worstRelativeRotation(scene, result)).toBeLessThan(0.5);

    // The points mesh into a surface that lies on the box (its underside, unseen, stays open).
    const normals = estimateNormals(result.points.xyz, { viewpoints: result.points.viewpoint });
    const mesh = surfaceFromPoints(result.points.xyz, normals, { colours: result.points.rgb });
    expect(mesh.triangles.length).toBeGreaterThan(3000);
    const onTruth = deviation(applySimilarity(aligned, mesh.positions), surfacePoints('box', 40_000, new Random(1)).points);
    expect(onTruth.median / scene.size).toBeLessThan(0.01);
    expect(onTruth.p95 / scene.size).toBeLessThan(0.03);

    // Colours are the mean of the sightings' colours; track lengths count the photos.
    expect(Math.max(...result.points.trackLength)).toBeGreaterThan(5);
    expect(result.points.rgb.some((c) => c !== 200)).toBe(true);
    expect(seconds).toBeLessThan(15);
  });

  it('finds the focal length of a cylinder shot from 24 places when the photos do not say it', () => {
    const scene = ringScene({ shape: 'cylinder', cameras: 24, points: 1000, seed: 8, focalKnown: false, outlierShare: 0.1 });
    const result = reconstruct(scene.input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.stats.imagesPlaced).toBeGreaterThanOrEqual(22);
    // The fallback is 1.2 × 1600 = 1920 px; the truth is 1400 px.
    expect(result.cameras[0]!.K[0]!).toBeGreaterThan(1380);
    expect(result.cameras[0]!.K[0]!).toBeLessThan(1420);
    const { found, truth } = pointCorrespondences(scene, result);
    expect(umeyama(found, truth)!.rms / scene.size).toBeLessThan(0.02);
  });

  it('says how many photos could be placed when too few are connected', () => {
    const scene = ringScene({ shape: 'box', cameras: 30, points: 900, seed: 6 });
    // Only the first seven photos are matched with one another.
    const input = { ...scene.input, matches: scene.input.matches.filter((m) => m.i < 7 && m.j < 7) };
    const result = reconstruct(input);
    expect(result).toMatchObject({ ok: false, code: 'too-few-placed', imagesTotal: 30, imagesPlaced: 7 });
    if (result.ok) return;
    expect(result.reason).toBe('only 7 of 30 photos could be placed: take more photos, with more overlap between neighbouring ones');
  });

  it('fails with a reason without a usable pair, with fewer than two photos, and when cancelled', () => {
    const scene = ringScene({ shape: 'box', cameras: 8, points: 500, seed: 9 });
    const random = new Random(1);
    const shuffled = scene.input.matches.map((m) => {
      const counts = [scene.input.images[m.i]!.keypoints.length / 2, scene.input.images[m.j]!.keypoints.length / 2];
      return { ...m, pairs: Uint32Array.from(m.pairs, (_, k) => random.int(counts[k % 2]!)) };
    });
    const unmatched = reconstruct({ ...scene.input, matches: shuffled });
    expect(unmatched).toMatchObject({ ok: false, code: 'no-initial-pair' });
    expect(reconstruct({ images: scene.input.images.slice(0, 1), matches: [] })).toMatchObject({ ok: false, code: 'too-few-images', imagesTotal: 1 });
    const controller = new AbortController();
    controller.abort();
    expect(reconstruct(scene.input, { signal: controller.signal })).toMatchObject({ ok: false, code: 'cancelled' });
  });
});

describe('tracks', () => {
  it('joins matches across photos and drops the sightings of a photo a track reaches twice', () => {
    const tracks = buildTracks(
      [3, 3, 3],
      [
        { i: 0, j: 1, pairs: Uint32Array.of(0, 0, 1, 1) },
        { i: 1, j: 2, pairs: Uint32Array.of(0, 2, 1, 1) },
        // A wrong match puts keypoint 0 of photo 2 into the track that has its keypoint 1; the pair
        // naming keypoints that do not exist is ignored.
        { i: 0, j: 2, pairs: Uint32Array.of(1, 0, 9, 9) },
      ],
    );
    const described = Array.from({ length: tracks.count }, (_, t) =>
      Array.from({ length: tracks.start[t + 1]! - tracks.start[t]! }, (_, k) => `${tracks.image[tracks.start[t]! + k]}:${tracks.keypoint[tracks.start[t]! + k]}`).join(' '),
    );
    expect(described.sort()).toEqual(['0:0 1:0 2:2', '0:1 1:1']);
    expect([tracks.ofKeypoint[2]![0], tracks.ofKeypoint[2]![1], tracks.ofKeypoint[1]![2]]).toEqual([-1, -1, -1]);
  });
});
