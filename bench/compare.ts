import { compareToReference, sampleSurface } from '../src/shared/geometry/compare.ts';
import { REFERENCE_KINDS, referenceModel } from '../src/shared/geometry/reference-models.ts';
import { Random } from '../src/shared/geometry/random.ts';
import { table } from './lib.ts';

/**
 * `npm run bench:compare`: the Component Viewer's comparison (docs/scans.md#the-component-viewer), as
 * its Web Worker runs it: a "scan" sampled from a reference model's surface with 0.5 mm noise,
 * turned, scaled to arbitrary units and moved, compared with the reference at 20,000 points (the
 * baseline) and at 100,000 and 200,000 (the most a scan keeps, and the viewer draws). Prints the time, the heap the
 * comparison grew by, and the mean deviation it found (the noise: about 0.4 mm). Goal: the viewer's
 * largest cloud in at most 15 s on 2 cores, keeping no more than 200 MB of heap.
 */

const SIZES = [20_000, 100_000, 200_000];
const GOAL = { seconds: 15, heapMb: 200 };

function scanOf(kind: (typeof REFERENCE_KINDS)[number], count: number): Float64Array {
  const points = sampleSurface(referenceModel(kind).mesh, count, 5);
  const random = new Random(9);
  const [c, s] = [Math.cos(0.7), Math.sin(0.7)];
  const scale = 0.013;
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 3) {
    const x = points[i]! + 0.5 * random.normal();
    const y = points[i + 1]! + 0.5 * random.normal();
    const z = points[i + 2]! + 0.5 * random.normal();
    out[i] = scale * (c * x - s * z) + 3;
    out[i + 1] = scale * y - 1;
    out[i + 2] = scale * (s * x + c * z) + 2;
  }
  return out;
}

const rows: Record<string, string | number>[] = [];
let baseline = 0;
let met = true;
for (const kind of ['battery', 'brake', 'engine'] as const) {
  const reference = referenceModel(kind).mesh;
  for (const size of SIZES) {
    const scan = scanOf(kind, size);
    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const result = compareToReference(scan, { mesh: reference });
    const seconds = (performance.now() - started) / 1000;
    const heapMb = Math.max(0, process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    if (size === SIZES[0]) baseline = seconds;
    const largest = size === SIZES[SIZES.length - 1];
    const pass = !largest || (seconds <= GOAL.seconds && heapMb <= GOAL.heapMb);
    met &&= pass;
    rows.push({
      model: kind,
      points: size.toLocaleString('en-US'),
      seconds: seconds.toFixed(2),
      'vs 20,000': `${(seconds / baseline).toFixed(1)}×`,
      'heap kept': `${heapMb.toFixed(0)} MB`,
      'mean deviation': `${result.meanDeviation.toFixed(2)} mm`,
      goal: largest ? (pass ? 'PASS' : 'MISS') : '',
    });
  }
}
process.stdout.write(`${table(rows)}\n`);
process.stdout.write(`Goal at ${SIZES[SIZES.length - 1]!.toLocaleString('en-US')} points: <= ${GOAL.seconds} s, <= ${GOAL.heapMb} MB of heap: ${met ? 'PASS' : 'MISS'}\n`);
