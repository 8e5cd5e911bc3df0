import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createContextInner } from '../src/server/context.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { findUserById } from '../src/server/domains/auth/repository.ts';
import { seedShopScale } from '../src/server/domains/inquiries/shop-seed.ts';
import { createCaller, type Caller } from '../src/server/router.ts';
import { openBenchDatabase } from './database.ts';

/**
 * Shop list benchmark: `npm run bench:crm [-- --sizes 10000,100000,1000000 --runs 25 --pglite]`.
 *
 * Fills inquiries and appointments to each size (in a throw-away database: a new database on the
 * server of BENCH_DATABASE_URL / DATABASE_URL, else in-memory PGlite) and times what the pages ask
 * for, through the same tRPC procedures the Tech pages call, as a technician of the shop the rows
 * belong to (Scale Garage: the account joins it by accepting an invitation the seed leaves, and
 * every call names the shop). Goal: each under 50 ms at 1M rows and flat in size.
 */

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000' },
    runs: { type: 'string', default: '25' },
    pglite: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const runs = Number(values.runs);
const GOAL_MS = 50;
const TIME_ZONE = 'America/Chicago';

interface Operation {
  name: string;
  run: (caller: Caller, shop: { serviceCenterId: string }) => Promise<unknown>;
}

const operations: Operation[] = [
  { name: 'inquiries: first page', run: (c, shop) => c.inquiries.list({ ...shop }) },
  { name: 'inquiries: second page', run: async (c, shop) => c.inquiries.list({ ...shop, cursor: (await c.inquiries.list({ ...shop })).nextCursor }) },
  { name: 'inquiries: search "brake" (common)', run: (c, shop) => c.inquiries.list({ ...shop, search: 'brake' }) },
  { name: 'inquiries: search "ref 4242)" (one row)', run: (c, shop) => c.inquiries.list({ ...shop, search: 'ref 4242)' }) },
  { name: 'inquiries: status open', run: (c, shop) => c.inquiries.list({ ...shop, status: 'open' }) },
  { name: 'inquiries: urgent + in progress', run: (c, shop) => c.inquiries.list({ ...shop, status: 'in_progress', priority: 'urgent' }) },
  { name: 'inquiries: stats', run: (c, shop) => c.inquiries.stats(shop) },
  { name: 'appointments: first page', run: (c, shop) => c.appointments.list({ ...shop, timeZone: TIME_ZONE }) },
  { name: 'appointments: search "timing"', run: (c, shop) => c.appointments.list({ ...shop, search: 'timing', timeZone: TIME_ZONE }) },
  { name: 'appointments: status confirmed', run: (c, shop) => c.appointments.list({ ...shop, status: 'confirmed', timeZone: TIME_ZONE }) },
  { name: 'appointments: Today', run: (c, shop) => c.appointments.list({ ...shop, date: 'today', timeZone: TIME_ZONE }) },
  { name: 'appointments: This Week', run: (c, shop) => c.appointments.list({ ...shop, date: 'week', timeZone: TIME_ZONE }) },
  { name: 'appointments: Overdue', run: (c, shop) => c.appointments.list({ ...shop, date: 'overdue', timeZone: TIME_ZONE }) },
  { name: 'appointments: stats', run: (c, shop) => c.appointments.stats({ ...shop, timeZone: TIME_ZONE }) },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function time(operation: Operation, caller: Caller, shop: { serviceCenterId: string }): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await operation.run(caller, shop);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await operation.run(caller, shop);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const handle = await openBenchDatabase({ pglite: values.pglite });
const results = new Map<string, Map<number, { p50: number; p95: number }>>();
try {
  console.log(`bench:crm on ${handle.label}; ${runs} runs per measurement after 3 warm-up runs`);
  await migrateToLatest(handle.db, { info: () => {}, error: console.error });
  const techRow = await handle.db
    .insertInto('users')
    .values({ email: `bench-tech-${randomUUID().slice(0, 8)}@vintech.example`, role: 'tech', preferences: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tech = await findUserById(handle.db, techRow.id);
  if (!tech) throw new Error('bench user missing');
  const caller = createCaller(createContextInner({ db: handle.db, user: tech }));
  // The seed leaves an invitation to the scale shop; the technician joins by accepting it.
  const code = randomBytes(32).toString('base64url');
  let shop: { serviceCenterId: string } | undefined;

  for (const size of sizes) {
    const fillStart = performance.now();
    await seedShopScale(handle.db, { scale: size, scaleInvites: shop ? [] : [code] });
    if (!shop) shop = { serviceCenterId: (await caller.shops.invites.accept({ code })).serviceCenterId };
    const [inquiries, appointments] = [await caller.inquiries.list(shop), await caller.appointments.list({ ...shop, timeZone: TIME_ZONE })];
    if (inquiries.items.length === 0 || appointments.items.length === 0) throw new Error("the shop's lists came back without rows");
    // What autovacuum does in time on a live system: visibility map for index-only counts, fresh statistics.
    await sql`VACUUM ANALYZE customer_inquiries`.execute(handle.db);
    await sql`VACUUM ANALYZE service_appointments`.execute(handle.db);
    console.log(`\n${size.toLocaleString('en-US')} rows each: filled in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);
    for (const operation of operations) {
      const timing = await time(operation, caller, shop);
      if (!results.has(operation.name)) results.set(operation.name, new Map());
      results.get(operation.name)!.set(size, timing);
      console.log(`  ${operation.name.padEnd(44)} p50 ${timing.p50.toFixed(1).padStart(7)} ms   p95 ${timing.p95.toFixed(1).padStart(7)} ms`);
    }
  }

  const largest = Math.max(...sizes);
  const smallest = Math.min(...sizes);
  console.log(`\nSummary (p50 ms; goal < ${GOAL_MS} ms at ${largest.toLocaleString('en-US')} rows, flat in size)`);
  console.log(`  ${'operation'.padEnd(44)} ${sizes.map((s) => s.toLocaleString('en-US').padStart(10)).join(' ')}   growth  goal`);
  let failures = 0;
  for (const [name, bySize] of results) {
    const atLargest = bySize.get(largest)!.p50;
    const growth = atLargest / bySize.get(smallest)!.p50;
    const pass = atLargest < GOAL_MS;
    if (!pass) failures++;
    console.log(
      `  ${name.padEnd(44)} ${sizes.map((s) => bySize.get(s)!.p50.toFixed(1).padStart(10)).join(' ')}   ${growth.toFixed(1).padStart(5)}x  ${pass ? 'pass' : 'MISS'}`,
    );
  }
  console.log(failures === 0 ? '\nAll operations meet the goal.' : `\n${failures} operation(s) miss the goal.`);
  process.exitCode = failures === 0 ? 0 : 1;
} finally {
  await handle.close();
}
