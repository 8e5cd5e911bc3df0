import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { hashPassword } from '../src/server/domains/auth/password.ts';
import { FILE_LIMITS } from '../src/shared/files.ts';
import { openBenchDatabase } from './database.ts';

/**
 * Upload benchmark: `npm run bench:files [-- --runs 3]`.
 *
 * Makes a photo of just under 10 MB (a 12-megapixel JPEG full of noise, the hardest case for the
 * encoder) and uploads it over real HTTP to a VinTech server (on a throw-away database of the
 * PostgreSQL server of BENCH_DATABASE_URL / DATABASE_URL, else in-memory PGlite): read, type check,
 * metadata removed by re-encoding, 320 px thumbnail, stored in the database. Prints each upload's
 * time and the median. Goal: at most 1.5 s on 2 cores.
 */

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, pglite: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const GOAL_MS = 1500;

async function tenMegabytePhoto(): Promise<Buffer> {
  let quality = 95;
  for (;;) {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .withExif({ IFD0: { Make: 'Bench', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4632/100' } })
      .jpeg({ quality })
      .toBuffer();
    if (photo.byteLength <= FILE_LIMITS.maxBytes || quality <= 50) return photo;
    quality -= 5;
  }
}

async function main(): Promise<void> {
  const handle = await openBenchDatabase({ pglite: values.pglite });
  console.log(`Database: ${handle.label}`);
  await migrateToLatest(handle.db, { info: () => {}, error: console.error });
  const password = 'bench password 1';
  await handle.db
    .insertInto('users')
    .values({ email: 'bench@example.test', password_hash: await hashPassword(password), role: 'simple', preferences: JSON.stringify({}) })
    .execute();
  const app = await buildApp({ db: handle.db, appName: 'VinTech', sessionSecret: 'bench-secret-long-enough-to-sign-cookies-ok' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.test', password }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  const photo = await tenMegabytePhoto();
  const meta = await sharp(photo).metadata();
  console.log(`Photo: ${(photo.byteLength / 1024 / 1024).toFixed(2)} MB JPEG, ${meta.width}x${meta.height}`);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const res = await fetch(`${base}/api/files`, { method: 'POST', headers: { cookie, origin: base }, body: form });
    const body = (await res.json()) as { id?: string; size?: number; message?: string };
    const ms = performance.now() - started;
    if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${body.message}`);
    times.push(ms);
    console.log(`  upload ${run + 1}: ${ms.toFixed(0)} ms (stored ${((body.size ?? 0) / 1024 / 1024).toFixed(2)} MB)`);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(`Upload of a 10 MB photo with thumbnail: median ${median.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms) ${median <= GOAL_MS ? 'OK' : 'OVER'}`);
  await app.close();
  await handle.close();
}

await main();
