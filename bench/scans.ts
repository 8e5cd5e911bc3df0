import { cpus } from 'node:os';
import { reconstructPhotos } from '../src/server/domains/scans/pipeline.ts';
import { DEFAULT_BOX, DEFAULT_CYLINDER, DEFAULT_RING, ringPhotos, scoreAgainstTruth, type RingOptions, type SceneObject } from '../tests/helpers/scan-scene.ts';
import { table } from './lib.ts';

/**
 * `npm run bench:scans`: photo sets of known objects (a textured box and a cylinder) rendered at
 * 1024 × 768 from a ring of cameras, with pixel noise and JPEG compression, go through the whole
 * reconstruction (features, matching, structure from motion, normals, surface). The result is aligned
 * to the truth (the reconstructed camera centres onto the true ones, then ICP of the points against
 * the true surface) and compared with the goals of issue 21: at least 90% of the photos placed, points
 * within 2% of the object's size (RMS), 30 photos at 1K in at most 3 minutes.
 * BENCH_SCANS_VIEWS overrides the number of photos of every set.
 */

interface Scene {
  name: string;
  object: SceneObject;
  ring: RingOptions;
}

const views = process.env.BENCH_SCANS_VIEWS ? Number(process.env.BENCH_SCANS_VIEWS) : null;
const ring1k: RingOptions = { ...DEFAULT_RING, width: 1024, height: 768, focalPx: 900, noise: 2.5 };
const scenes: Scene[] = [
  { name: 'box 1.0 × 0.7 × 0.6', object: DEFAULT_BOX, ring: { ...ring1k, views: views ?? 30 } },
  { name: 'cylinder r 0.4, h 0.9', object: DEFAULT_CYLINDER, ring: { ...ring1k, views: views ?? 24, seed: 11 } },
];

interface Outcome {
  scene: string;
  photos: number;
  placed: number;
  seconds: number;
  rmsShare: number | null;
  reason: string | null;
}

const outcomes: Outcome[] = [];
for (const scene of scenes) {
  const jpegs = await ringPhotos(scene.object, scene.ring);
  const started = performance.now();
  const result = await reconstructPhotos(
    jpegs.map((jpeg) => ({ jpeg, focalPx: scene.ring.focalPx })),
    { scanType: 'full' },
  );
  const seconds = (performance.now() - started) / 1000;
  if (!result.ok) {
    outcomes.push({ scene: scene.name, photos: jpegs.length, placed: result.photosPlaced, seconds, rmsShare: null, reason: result.reason });
    continue;
  }
  const score = scoreAgainstTruth(scene.object, scene.ring, result.cameraCentres, result.geometry.points);
  outcomes.push({ scene: scene.name, photos: jpegs.length, placed: result.stats.photosPlaced, seconds, rmsShare: score?.rmsShare ?? null, reason: null });
  process.stdout.write(
    `${scene.name}: ${result.stats.photosPlaced}/${jpegs.length} placed, ${result.geometry.points.length / 3} points, ${result.geometry.faces.length / 3} triangles, ` +
      `reprojection ${result.stats.reprojectionErrorPx} px, cameras within ${((score?.cameraRmsShare ?? NaN) * 100).toFixed(2)}% of the size\n`,
  );
}

const pct = (x: number | null) => (x === null ? '—' : `${(100 * x).toFixed(2)}%`);
process.stdout.write(
  `\nScans: reconstruction from rendered photos at 1024 × 768 (${cpus().length} cores)\n` +
    table(outcomes.map((o) => ({ scene: o.scene, photos: o.photos, placed: `${o.placed} (${pct(o.placed / o.photos)})`, 'points RMS / size': o.reason ? `failed: ${o.reason}` : pct(o.rmsShare), time: `${o.seconds.toFixed(1)} s` }))) +
    '\n',
);

const goals: [string, string, string, boolean][] = [];
for (const o of outcomes) {
  goals.push([`${o.scene}: photos placed`, '>= 90%', pct(o.placed / o.photos), o.placed >= 0.9 * o.photos]);
  goals.push([`${o.scene}: points RMS / size`, '<= 2%', pct(o.rmsShare), o.rmsShare !== null && o.rmsShare <= 0.02]);
}
const thirty = outcomes.find((o) => o.photos === 30) ?? outcomes[0]!;
const scaled = (thirty.seconds * 30) / thirty.photos;
goals.push([`time for 30 photos at 1K (${thirty.scene}${thirty.photos === 30 ? '' : `, scaled from ${thirty.photos}`})`, '<= 180 s', `${scaled.toFixed(1)} s`, scaled <= 180]);
process.stdout.write(`\nGoals (issue 21)\n${table(goals.map(([goal, target, actual, pass]) => ({ goal, target, actual, result: pass ? 'PASS' : 'MISS' })))}\n`);
