import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createContextInner } from '../src/server/context.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { findUserById } from '../src/server/domains/auth/repository.ts';
import { createCaller } from '../src/server/router.ts';
import { openBenchDatabase } from './database.ts';

/**
 * CSV import benchmark: `npm run bench:imports [-- --rows 10000 --pglite]`.
 *
 * One owner imports a LubeLogger service-record file and a LubeLogger gas-record file of `rows`
 * rows each into a garage vehicle, through the procedure the import paths call (parsing,
 * checking every row with the form schemas, fingerprints, one transaction), then the same files
 * again (every row a duplicate). Database: bench/database.ts (a throw-away PostgreSQL database of
 * BENCH_DATABASE_URL or DATABASE_URL, else in-memory PGlite). Goal: 10,000 rows within 10 s.
 */

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, pglite: { type: 'boolean', default: false } } });
const ROWS = Number(values.rows);
const GOAL_MS = 10_000;

/** M/D/YYYY days going back from today, one per row, oldest first. */
function dayOf(i: number): string {
  const day = new Date(Date.UTC(2000, 0, 1) + i * 86_400_000 * (9_000 / ROWS));
  return `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`;
}

const serviceFile = ['Date,Odometer,Description,Notes,Cost,Tags', ...Array.from({ length: ROWS }, (_, i) => `${dayOf(i)},${1_000 + i * 12},Service ${i % 40},"Row ${i}, checked",$${(20 + (i % 300)).toFixed(2)},`)].join('\r\n');
const gasFile = [
  'Date,Odometer,FuelConsumed,Cost,FuelEconomy,IsFillToFull,MissedFuelUp,Notes,Tags',
  ...Array.from({ length: ROWS }, (_, i) => `${dayOf(i)},${1_000 + i * 12},${(8 + (i % 7)).toFixed(3)},${(30 + (i % 25)).toFixed(2)},0,${i % 9 === 0 ? 'False' : 'True'},False,,`),
].join('\r\n');

const handle = await openBenchDatabase({ pglite: values.pglite });
try {
  console.log(`bench:imports on ${handle.label}: ${ROWS.toLocaleString('en-US')} rows a file (${(serviceFile.length / 1024 / 1024).toFixed(2)} MB and ${(gasFile.length / 1024 / 1024).toFixed(2)} MB)`);
  await migrateToLatest(handle.db, { info: () => {}, error: console.error });
  const row = await handle.db
    .insertInto('users')
    .values({ email: `bench-import-${randomUUID().slice(0, 8)}@vintech.example`, role: 'simple', preferences: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owner = await findUserById(handle.db, row.id);
  if (!owner) throw new Error('bench user missing');
  const caller = createCaller(createContextInner({ db: handle.db, user: owner }));
  const vehicle = await caller.vehicles.choose({ year: 2018, make: 'Toyota', model: 'Camry' });
  await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Bench car', odometer: 1_000 });

  let failures = 0;
  for (const [name, kind, csv] of [
    ['service records', 'service', serviceFile],
    ['gas records', 'fuel', gasFile],
  ] as const) {
    for (const pass of ['first import', 'same file again']) {
      const start = performance.now();
      const summary = await caller.imports.run({ vehicleId: vehicle.id, kind, preset: 'lubelogger', csv });
      const ms = performance.now() - start;
      const expected = pass === 'first import' ? ROWS : 0;
      const ok = ms <= GOAL_MS && summary.added === expected && summary.invalid === 0;
      if (!ok) failures++;
      console.log(`  ${`${name}, ${pass}`.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms  added ${String(summary.added).padStart(6)}  duplicates ${String(summary.duplicates).padStart(6)}  goal ≤ ${GOAL_MS} ms: ${ok ? 'PASS' : 'MISS'}`);
    }
  }
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  await handle.close();
}
