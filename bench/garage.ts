import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createContextInner } from '../src/server/context.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { findUserById } from '../src/server/domains/auth/repository.ts';
import { createCaller, type Caller } from '../src/server/router.ts';
import { openBenchDatabase } from './database.ts';
import { percentiles } from './lib.ts';

/**
 * Garage benchmark: `npm run bench:garage [-- --runs 15 --pglite]`.
 *
 * One owner with 10 garage vehicles, 5,000 service records and 2,000 fill-ups (in a throw-away
 * database: a new database on the server of BENCH_DATABASE_URL / DATABASE_URL, else in-memory
 * PGlite); times the read calls of My Garage and of the Fuel and Costs page through the same tRPC
 * procedures the client calls. Goal: each page's calls together within 100 ms of server time.
 */

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, pglite: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const GOAL_MS = 100;
const VEHICLES = 10;
const RECORDS = 5_000;
const FILLS = 2_000;
const TIME_ZONE = 'America/Chicago';

const time = (run: () => Promise<unknown>) => percentiles(run, runs);

const handle = await openBenchDatabase({ pglite: values.pglite });
try {
  console.log(`bench:garage on ${handle.label}; ${runs} runs per measurement after 3 warm-up runs`);
  await migrateToLatest(handle.db, { info: () => {}, error: console.error });
  const row = await handle.db
    .insertInto('users')
    .values({ email: `bench-owner-${randomUUID().slice(0, 8)}@vintech.example`, role: 'simple', preferences: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owner = await findUserById(handle.db, row.id);
  if (!owner) throw new Error('bench user missing');
  const caller: Caller = createCaller(createContextInner({ db: handle.db, user: owner }));

  const fillStart = performance.now();
  const year = new Date().getFullYear();
  const vehicleIds: string[] = [];
  for (let i = 0; i < VEHICLES; i++) {
    const vehicle = await caller.vehicles.choose({ year: year - 1 - i, make: 'Toyota', model: 'Camry' });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: `Car ${i + 1}`, odometer: 1_000 });
    vehicleIds.push(vehicle.id);
  }
  const ids = sql.join(vehicleIds.map((id) => sql`${id}::uuid`));
  // Records and fill-ups spread over the vehicles and the last five years, mileage rising with time.
  await sql`INSERT INTO service_records (vehicle_id, user_id, service_type, mileage, mileage_value, date, status, cost)
    SELECT (ARRAY[${ids}])[1 + n % ${VEHICLES}], ${owner.id}::uuid,
           (ARRAY['Oil change', 'Tire rotation', 'Brake inspection', 'Air filter', 'Coolant flush'])[1 + n % 5],
           (1000 + n * 10)::text, 1000 + n * 10, now() - make_interval(days => ${RECORDS} - n) * 0.36, 'completed', (40 + n % 200)::numeric
    FROM generate_series(1, ${RECORDS}) AS n`.execute(handle.db);
  await sql`INSERT INTO fuel_entries (user_id, vehicle_id, date, odometer, kind, quantity, total_price, full_fill, missed_before)
    SELECT ${owner.id}::uuid, (ARRAY[${ids}])[1 + n % ${VEHICLES}], (current_date - (${FILLS} - n)),
           1000 + n * 30, 'fuel', 10 + n % 5, 35 + n % 20, n % 7 <> 0, n % 97 = 0
    FROM generate_series(1, ${FILLS}) AS n`.execute(handle.db);
  await sql`UPDATE garage_vehicles SET odometer = 1000 + ${FILLS} * 30 WHERE user_id = ${owner.id}::uuid`.execute(handle.db);
  for (const table of ['service_records', 'fuel_entries', 'garage_vehicles']) await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(handle.db);
  console.log(`${VEHICLES} vehicles, ${RECORDS.toLocaleString('en-US')} records, ${FILLS.toLocaleString('en-US')} fill-ups: filled in ${((performance.now() - fillStart) / 1000).toFixed(1)} s\n`);

  const first = vehicleIds[0]!;
  const pages: { name: string; calls: { name: string; run: () => Promise<unknown> }[] }[] = [
    {
      name: 'My Garage',
      calls: [
        { name: 'garage.list', run: () => caller.garage.list() },
        { name: 'garage.due', run: () => caller.garage.due({ timeZone: TIME_ZONE }) },
      ],
    },
    {
      name: 'Fuel and Costs (one vehicle)',
      calls: [
        { name: 'fuel.overview', run: () => caller.fuel.overview({ vehicleId: first, timeZone: TIME_ZONE }) },
        { name: 'fuel.list', run: () => caller.fuel.list({ vehicleId: first }) },
        { name: 'fuel.expenses.list', run: () => caller.fuel.expenses.list({ vehicleId: first }) },
      ],
    },
  ];
  let failures = 0;
  for (const page of pages) {
    let total = 0;
    console.log(page.name);
    for (const call of page.calls) {
      const timing = await time(call.run);
      total += timing.p50;
      console.log(`  ${call.name.padEnd(22)} p50 ${timing.p50.toFixed(1).padStart(7)} ms   p95 ${timing.p95.toFixed(1).padStart(7)} ms`);
    }
    const pass = total <= GOAL_MS;
    if (!pass) failures++;
    console.log(`  ${'together (p50)'.padEnd(22)}     ${total.toFixed(1).padStart(7)} ms   goal ≤ ${GOAL_MS} ms: ${pass ? 'pass' : 'FAIL'}\n`);
  }
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  await handle.close();
}
