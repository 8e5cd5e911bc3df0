import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Database, type DatabaseHandle } from '../src/server/db/index.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { findUserById } from '../src/server/domains/auth/repository.ts';
import { listInquiryPage } from '../src/server/domains/inquiries/repository.ts';
import { SCALE_CENTER_NAME } from '../src/server/domains/inquiries/shop-seed.ts';
import { searchKnowledge } from '../src/server/domains/knowledge/repository.ts';
import { tipsFor } from '../src/server/domains/knowledge/service.ts';
import { PAGE_CONTEXTS, type PageContext } from '../src/shared/knowledge.ts';
import type { InquiryStatus } from '../src/shared/inquiries.ts';

/**
 * The bare repository calls behind the uncached search scenarios of `npm run bench`, timed without
 * HTTP: `npm run bench:search [-- --scale 100000 --runs 300]`. In-memory PGlite, or a
 * new database on BENCH_DATABASE_URL's server with --postgres.
 */

export const TIP_PAGES: { pageContext: PageContext; role: 'simple' | 'tech' }[] = PAGE_CONTEXTS.flatMap((pageContext) =>
  (['simple', 'tech'] as const).map((role) => ({ pageContext, role })),
);
/** Words a technician looks for in inquiries: common ones (a twelfth of the scale seed each) and rarer ones. */
export const INQUIRY_WORDS = [
  'brake', 'oil', 'engine', 'battery', 'transmission', 'coolant', 'tire', 'steering', 'wiper', 'headlight',
  'inspection', 'cold weather', 'long drive', 'estimate', 'drivable', 'reproduce', 'leak', 'vibration', 'warm air', 'charge',
];
export const INQUIRY_STATUSES: InquiryStatus[] = ['open', 'in_progress', 'resolved', 'closed'];
export const KNOWLEDGE_WORDS = ['brake', 'battery', 'check engine light', 'vin', 'scan', 'coolant', 'tire pressure', 'oil', 'torque', 'wiper'];

export interface Floor {
  name: string;
  p50Ms: number;
  cpuMicrosPerCall: number;
}

async function time(name: string, runs: number, fn: (i: number) => Promise<unknown>): Promise<Floor> {
  for (let i = 0; i < 20; i++) await fn(i);
  const samples: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  samples.sort((a, b) => a - b);
  return {
    name,
    p50Ms: Math.round((samples[Math.floor(runs / 2)] ?? 0) * 1000) / 1000,
    cpuMicrosPerCall: Math.round((cpu.user + cpu.system) / runs),
  };
}

/** Times the repository calls of the two scenarios on a database holding the bench's data. */
export async function repositoryFloors(db: Database, runs: number): Promise<{ tips: Floor; inquiries: Floor; knowledge: Floor }> {
  // A signed-in technician, as in the bench: on three pages the tips start with their garage's due service.
  const row = await db
    .insertInto('users')
    .values({ email: `floor-${randomUUID()}@vintech.example`, role: 'tech', preferences: JSON.stringify({}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await findUserById(db, row.id);
  if (!user) throw new Error('floor user missing');
  // A shop's staff view, as the HTTP scenario asks for it: Scale Garage's inquiries (the list
  // procedure checks the membership first, then makes exactly this call).
  const viewer = { userId: user.id, isAdmin: false };
  const center = await db.selectFrom('service_centers').select('id').where('name', '=', SCALE_CENTER_NAME).executeTakeFirst();
  if (!center) throw new Error(`no ${SCALE_CENTER_NAME}: fill the database with the scale seed first`);
  const scope = { serviceCenterId: center.id };
  return {
    tips: await time('tipsFor (technician, rotating page and role)', runs, (i) => tipsFor(db, TIP_PAGES[i % TIP_PAGES.length]!, user)),
    // Every word with every status, as the HTTP scenario asks (i % 4 alone would pair each word with one status).
    inquiries: await time('listInquiryPage (a shop, word + status)', runs, (i) =>
      listInquiryPage(db, viewer, scope, { search: INQUIRY_WORDS[i % INQUIRY_WORDS.length], status: INQUIRY_STATUSES[Math.floor(i / INQUIRY_WORDS.length) % 4], priority: undefined }, { cursor: undefined, limit: 25 }),
    ),
    knowledge: await time('searchKnowledge (a word, 20 per page)', runs, (i) =>
      searchKnowledge(db, { q: KNOWLEDGE_WORDS[i % KNOWLEDGE_WORDS.length], limit: 20, offset: 0 }),
    ),
  };
}

/** A fresh migrated database with the seed and `scale` inquiries and appointments. */
export async function floorDatabase(scale: number, postgresUrl?: string): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (postgresUrl) {
    const pg = (await import('pg')).default;
    const name = `vintech_search_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const opened = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    handle = {
      ...opened,
      async close() {
        await opened.close();
        const cleanup = new pg.Client({ connectionString: postgresUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  } else {
    handle = await openDatabase({ kind: 'pglite' });
  }
  await migrateToLatest(handle.db, { info: () => {}, error: console.error });
  await seedDatabase(handle.db, { scale });
  await sql`VACUUM ANALYZE`.execute(handle.db);
  return handle;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '300' },
      postgres: { type: 'boolean', default: false },
    },
  });
  const handle = await floorDatabase(Number(values.scale), values.postgres ? process.env.BENCH_DATABASE_URL : undefined);
  try {
    console.log(`${handle.kind}, ${values.scale} inquiries; ${values.runs} calls each after 20 warm-up calls`);
    const floors = await repositoryFloors(handle.db, Number(values.runs));
    for (const floor of Object.values(floors)) {
      console.log(`  ${floor.name.padEnd(48)} p50 ${floor.p50Ms.toFixed(3).padStart(7)} ms   CPU ${String(floor.cpuMicrosPerCall).padStart(6)} µs/call`);
    }
  } finally {
    await handle.close();
  }
}
