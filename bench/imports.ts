import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createContextInner } from '../src/server/context.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { findUserById } from '../src/server/domains/auth/repository.ts';
import { createCaller } from '../src/server/router.ts';

/**
 * CSV import benchmark: `npm run bench:imports [-- --rows 10000 --pglite]`.
 *
 * One owner imports a LubeLogger service-record file and a LubeLogger gas-record file of `rows`
 * rows each into a garage vehicle, through the procedure the import paths call (parsing,
 * checking every row with the form schemas, fingerprints, one transaction), then the same files
 * again (every row a duplicate). Database: in-memory PGlite, or a new database on the server of
 * BENCH_DATABASE_URL (dropped afterwards). Goal: 10,000 rows within 10 s.
 */

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, pglite: { type: 'boolean', default: false } } });
const ROWS = Number(values.rows);
const GOAL_MS = 10_000;

async function openBenchDatabase(): Promise<DatabaseHandle & { label: string }> {
  const adminUrl = values.pglite ? undefined : process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return { ...(await openDatabase({ kind: 'pglite' })), label: 'PGlite (in memory)' };
  const { default: pg } = await import('pg');
  const name = `vintech_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    ...handle,
    label: `PostgreSQL server (${url.host}, database ${name}, dropped afterwards)`,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

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

const handle = await openBenchDatabase();
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
