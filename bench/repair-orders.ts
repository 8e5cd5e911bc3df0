import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createContextInner } from '../src/server/context.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { createCaller } from '../src/server/router.ts';
import { benchUser, openBenchDatabase } from './database.ts';
import { percentiles } from './lib.ts';

/**
 * Parts and repair orders benchmark: `npm run bench:repair-orders [-- --runs 15 --pglite]`.
 *
 * 1. Parts search: one shop's catalogue of 100,000 parts (and 20,000 of another shop); times a page
 *    of 25 from `parts.list` by words, by part number, by fitment (make, model, year) and by both,
 *    beside the unfiltered first page (the floor). Goal: ≤ 20 ms.
 * 2. Orders: an order holding 50 lines (labour, parts from stock, fees); times adding and removing
 *    a line (each prices the whole order again and answers it) and reading it, beside reading an
 *    order of one line (the floor). Goal: ≤ 50 ms.
 */

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, pglite: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const PARTS = 100_000;
const SEARCH_GOAL_MS = 20;
const ORDER_GOAL_MS = 50;

const time = (run: () => Promise<unknown>) => percentiles(run, runs);
const verdict = (ms: number, goal: number) => (ms <= goal ? 'PASS' : 'MISS');
const line = (label: string, t: { p50: number; p95: number }, floor: number, goal: number) =>
  console.log(`  ${label.padEnd(44)} p50 ${t.p50.toFixed(1)} ms  p95 ${t.p95.toFixed(1)} ms  ${(t.p50 / floor).toFixed(1)}× the floor  (goal ≤ ${goal} ms) ${verdict(t.p50, goal)}`);

const handle = await openBenchDatabase({ pglite: values.pglite });
try {
  const db = handle.db;
  console.log(`bench:repair-orders on ${handle.label}; ${runs} runs per measurement after 3 warm-up runs`);
  await migrateToLatest(db, { info: () => {}, error: console.error });
  const user = (role: 'simple' | 'tech') => benchUser(db, role);
  const technician = await user('tech');
  const owner = await user('simple');
  const tech = createCaller(createContextInner({ db, user: technician }));
  const ownerCaller = createCaller(createContextInner({ db, user: owner }));
  const shop = async (name: string) => {
    const center = await db.insertInto('service_centers').values({ name, address: '1 Main St', city: 'Austin', state: 'TX' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('shop_staff').values({ service_center_id: center.id, user_id: technician.id, role: 'owner' }).execute();
    return center.id;
  };
  const centerId = await shop(`Bench Garage ${randomUUID().slice(0, 6)}`);
  const otherId = await shop(`Other Garage ${randomUUID().slice(0, 6)}`);

  // Catalogues: numbers, names, brands and fitment spread over makes, models and years.
  const fillStart = performance.now();
  const fill = (center: string, count: number) => sql`
    INSERT INTO parts (service_center_id, part_number, name, brand, category, make, model, year_from, year_to, unit_cost_cents, price_cents, reorder_point, on_hand)
    SELECT ${center}::uuid, 'P' || lpad(n::text, 7, '0'),
           (ARRAY['Front brake pad set', 'Rear brake shoes', 'Oil filter', 'Air filter', 'Spark plug', 'Serpentine belt', 'Wiper blade', 'Battery group 35', 'Strut assembly', 'Muffler'])[1 + n % 10] || ' ' || n,
           (ARRAY['Akebono', 'Bosch', 'Denso', 'Gates', 'Monroe', 'NGK', 'Walker', NULL])[1 + n % 8],
           (ARRAY['Brakes', 'Brakes', 'Engine', 'Engine', 'Engine', 'Engine', 'Other', 'Battery', 'Suspension', 'Exhaust'])[1 + n % 10],
           (ARRAY['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Nissan', NULL])[1 + n % 6],
           (ARRAY['Camry', 'Civic', 'F-150', 'Silverado', 'Altima', NULL])[1 + (n / 6) % 6],
           2000 + n % 20, 2005 + n % 20, 100 + n % 5000, 200 + n % 9000, n % 5, n % 12
    FROM generate_series(1, ${count}) AS n`;
  await fill(centerId, PARTS).execute(db);
  await fill(otherId, 20_000).execute(db);
  await sql`ANALYZE`.execute(db);
  console.log(`  filled ${PARTS.toLocaleString('en-US')} + 20,000 parts in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);

  console.log('\nParts search: a page of 25');
  const floor = await time(() => tech.parts.list({ serviceCenterId: centerId, limit: 25 }));
  console.log(`  the first page, no filter (the floor)        p50 ${floor.p50.toFixed(1)} ms  p95 ${floor.p95.toFixed(1)} ms`);
  const searches: [string, Parameters<typeof tech.parts.list>[0]][] = [
    ['by words ("brake pad")', { serviceCenterId: centerId, search: 'brake pad', limit: 25 }],
    ['by a part number ("P0042")', { serviceCenterId: centerId, search: 'P0042', limit: 25 }],
    ['by fitment (Toyota Camry 2012)', { serviceCenterId: centerId, make: 'toyota', model: 'camry', year: 2012, limit: 25 }],
    ['by words and fitment', { serviceCenterId: centerId, search: 'filter', make: 'Honda', model: 'Civic', year: 2010, limit: 25 }],
    ['a word no part has ("zzzz")', { serviceCenterId: centerId, search: 'zzzz', limit: 25 }],
  ];
  for (const [label, input] of searches) line(label, await time(() => tech.parts.list(input)), floor.p50, SEARCH_GOAL_MS);

  console.log('\nOrders: one of 50 lines');
  const vehicle = await ownerCaller.vehicles.choose({ year: 2012, make: 'Toyota', model: 'Camry' });
  const customer = await db.insertInto('shop_customers').values({ service_center_id: centerId, user_id: owner.id, name: 'Bench Customer' }).returning('id').executeTakeFirstOrThrow();
  const customerVehicle = await db.insertInto('shop_customer_vehicles').values({ customer_id: customer.id, vehicle_id: vehicle.id }).returning('id').executeTakeFirstOrThrow();
  const parts = await db.selectFrom('parts').select('id').where('service_center_id', '=', centerId).orderBy('part_number').limit(20).execute();
  const small = await tech.repairOrders.create({ serviceCenterId: centerId, customerVehicleId: customerVehicle.id });
  await tech.repairOrders.addLine({ orderId: small.id, line: { kind: 'fee', description: 'Diagnostic fee', amountCents: 4_500 } });
  const big = await tech.repairOrders.create({ serviceCenterId: centerId, customerVehicleId: customerVehicle.id });
  for (let i = 0; i < 49; i++) {
    const kind = i % 3;
    await tech.repairOrders.addLine({
      orderId: big.id,
      line:
        kind === 0
          ? { kind: 'labor', description: `Labour ${i}`, serviceType: 'Inspection', hoursHundredths: 25 + i, rateCents: 12_000, taxable: false }
          : kind === 1
            ? { kind: 'part', partId: parts[i % parts.length]!.id, quantity: 1 + (i % 3) }
            : { kind: 'fee', description: `Fee ${i}`, amountCents: 199 + i, taxable: true },
    });
  }
  const getFloor = await time(() => tech.repairOrders.get({ id: small.id }));
  console.log(`  read an order of 1 line (the floor)          p50 ${getFloor.p50.toFixed(1)} ms  p95 ${getFloor.p95.toFixed(1)} ms`);
  line('read the order of 50 lines', await time(() => tech.repairOrders.get({ id: big.id })), getFloor.p50, ORDER_GOAL_MS);
  const add = await time(async () => {
    const order = await tech.repairOrders.addLine({ orderId: big.id, line: { kind: 'fee', description: 'Shop supplies', amountCents: 1_500, taxable: true } });
    if (order.lines.length !== 50) throw new Error(`expected 50 lines, got ${order.lines.length}`);
    await tech.repairOrders.removeLine({ orderId: big.id, lineId: order.lines[order.lines.length - 1]!.id });
  });
  line('add the 50th line, then remove it (2 saves)', { p50: add.p50 / 2, p95: add.p95 / 2 }, getFloor.p50, ORDER_GOAL_MS);
} finally {
  await handle.close();
}
