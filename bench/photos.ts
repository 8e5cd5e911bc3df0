import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { analysePhoto } from '../src/server/lib/photo-analysis.ts';

/**
 * Photo analysis benchmark: `npm run bench:photos [-- --runs 7]`.
 *
 * Makes a 12-megapixel JPEG (4000 × 3000, grain over bands, quality 90) and times the server's
 * analysis of it (decode at the analysis scale, sharpness, exposure, verdict), printing every run
 * and the median beside the same analysis of a 1-megapixel photo (the floor: what the measuring
 * itself costs once decoding is cheap). Goal: at most 400 ms on 2 cores for the 12-megapixel photo.
 */

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
const runs = Math.max(1, Number(values.runs));
const GOAL_MS = 400;

async function photo(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = ((Math.floor(x / 3) * 73856093) ^ (Math.floor(y / 3) * 19349663)) >>> 0;
      const v = (Math.floor(x / 200) % 2 === 0 ? 80 : 160) + ((cell >> 8) % 50) - 25;
      const i = (y * width + x) * 3;
      raw[i] = v;
      raw[i + 1] = v;
      raw[i + 2] = Math.min(255, v + 20);
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function median(label: string, bytes: Buffer): Promise<number> {
  await analysePhoto(bytes); // warm-up: sharp's first call loads its codecs
  const times: number[] = [];
  let verdict = '';
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    verdict = (await analysePhoto(bytes)).verdict;
    times.push(performance.now() - started);
  }
  const result = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(`  ${label.padEnd(34)} median ${result.toFixed(0).padStart(5)} ms  (runs: ${times.map((t) => t.toFixed(0)).join(', ')}; verdict ${verdict})`);
  return result;
}

const large = await photo(4000, 3000);
const small = await photo(1200, 900);
console.log(`Photo analysis (${runs} runs each; ${(large.byteLength / 1024 / 1024).toFixed(1)} MB and ${(small.byteLength / 1024).toFixed(0)} KB JPEGs)`);
const floor = await median('1 MP photo (floor)', small);
const twelve = await median('12 MP photo', large);
console.log(`Analysis of a 12 MP photo: ${twelve.toFixed(0)} ms, ${(twelve / floor).toFixed(1)}× the 1 MP floor (goal ≤ ${GOAL_MS} ms) ${twelve <= GOAL_MS ? 'OK' : 'OVER'}`);
