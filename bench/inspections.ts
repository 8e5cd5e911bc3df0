import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createContextInner } from '../src/server/context.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { renderInspectionPdf } from '../src/server/domains/inspections/pdf-report.ts';
import { createCaller } from '../src/server/router.ts';
import { benchUser, openBenchDatabase } from './database.ts';
import { percentiles } from './lib.ts';

/**
 * Inspections benchmark: `npm run bench:inspections [-- --runs 15 --pglite]`.
 *
 * 1. Gallery: one technician's shop with 10,000 photos, half of them on the items of 100
 *    inspections of one customer's car; times a page of 50 from `files.photos` (every photo the
 *    technician may see, and narrowed to the vehicle and to the Brakes) beside `files.myPhotos`, the
 *    index-only list of their own uploads (the floor). Goal: ≤ 50 ms a page.
 * 2. Report: an inspection of 20 items with 40 photos (1.5-megapixel JPEGs) loaded through
 *    `inspections.get` and drawn as a PDF. Goal: ≤ 2 s for the whole report.
 */

const { values } = parseArgs({ options: { runs: { type: 'string', default: '15' }, pglite: { type: 'boolean', default: false } } });
const runs = Number(values.runs);
const PHOTOS = 10_000;
const GALLERY_GOAL_MS = 50;
const REPORT_GOAL_MS = 2_000;

const time = (run: () => Promise<unknown>, count = runs) => percentiles(run, count);

const verdict = (ms: number, goal: number) => (ms <= goal ? 'PASS' : 'MISS');

async function photo(seed: number): Promise<Buffer> {
  const width = 1440;
  const height = 1080;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 3) {
    const x = (i / 3) % width;
    const v = (Math.floor(x / 90 + seed) % 2 === 0 ? 90 : 170) + ((i * 2654435761) >>> 28);
    raw[i] = v;
    raw[i + 1] = v;
    raw[i + 2] = Math.min(255, v + 30);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

const handle = await openBenchDatabase({ pglite: values.pglite });
try {
  const db = handle.db;
  console.log(`bench:inspections on ${handle.label}; ${runs} runs per measurement after 3 warm-up runs`);
  await migrateToLatest(db, { info: () => {}, error: console.error });
  const user = (role: 'simple' | 'tech') => benchUser(db, role);
  const technician = await user('tech');
  const owner = await user('simple');
  const tech = createCaller(createContextInner({ db, user: technician }));
  const ownerCaller = createCaller(createContextInner({ db, user: owner }));
  const vehicle = await ownerCaller.vehicles.choose({ year: 2019, make: 'Toyota', model: 'Camry' });
  const garage = await ownerCaller.garage.add({ vehicleId: vehicle.id, nickname: 'Camry', odometer: 40_000 });
  const center = await db.insertInto('service_centers').values({ name: 'Bench Garage', address: '1 Main St', city: 'Austin', state: 'TX', manager_id: technician.id }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('shop_staff').values({ service_center_id: center.id, user_id: technician.id, role: 'owner' }).execute();
  const customer = await db.insertInto('shop_customers').values({ service_center_id: center.id, user_id: owner.id, name: 'Bench Customer' }).returning('id').executeTakeFirstOrThrow();
  const customerVehicle = await db.insertInto('shop_customer_vehicles').values({ customer_id: customer.id, vehicle_id: vehicle.id, garage_vehicle_id: garage.id }).returning('id').executeTakeFirstOrThrow();
  const brakes = (await ownerCaller.vehicles.components({ vehicleId: vehicle.id })).find((c) => c.name === 'Brakes');
  if (!brakes) throw new Error('no Brakes component');

  // 100 inspections; photos are description rows with a one-byte body (the list never reads bytes).
  const fillStart = performance.now();
  const inspectionIds: string[] = [];
  for (let i = 0; i < 100; i++) {
    inspectionIds.push((await tech.inspections.create({ vehicleId: vehicle.id, serviceCenterId: center.id, customerVehicleId: customerVehicle.id })).id);
  }
  await sql`INSERT INTO files (owner_id, name, content_type, byte_size, thumbnail_size, width, height, created_at, sharpness, mean_brightness, dark_share, bright_share, verdict)
    SELECT ${technician.id}::uuid, 'shot-' || n || '.jpg', 'image/jpeg', 1, 1, 4000, 3000, now() - make_interval(mins => n), 120, 128, 0.01, 0.01, 'sharp'
    FROM generate_series(1, ${PHOTOS}) AS n`.execute(db);
  await sql`INSERT INTO file_contents (file_id, content, thumbnail) SELECT id, '\\x00', '\\x00' FROM files WHERE owner_id = ${technician.id}::uuid`.execute(db);
  // Every other photo goes onto an item of one of the inspections (at most 8 an item, as the rule says).
  await sql`WITH items AS (SELECT it.id, it.inspection_id, row_number() OVER (ORDER BY it.inspection_id, it.position) AS k FROM inspection_items it),
      shots AS (SELECT id, row_number() OVER (ORDER BY created_at) AS k FROM files WHERE owner_id = ${technician.id}::uuid)
    INSERT INTO inspection_photos (item_id, file_id, inspection_id, attached_by)
    SELECT i.id, s.id, i.inspection_id, ${technician.id}::uuid FROM shots s JOIN items i ON i.k = 1 + (s.k / 2) % (SELECT count(*) FROM items)
    WHERE s.k % 2 = 0`.execute(db);
  await sql`ANALYZE`.execute(db);
  const attached = await db.selectFrom('inspection_photos').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  console.log(`  filled ${PHOTOS} photos (${attached.n} on inspection items) in ${((performance.now() - fillStart) / 1000).toFixed(1)} s`);

  console.log('\nGallery: a page of 50 photos');
  const floor = await time(() => tech.files.myPhotos({ limit: 50 }));
  console.log(`  own uploads (files.myPhotos, the floor)        p50 ${floor.p50.toFixed(1)} ms  p95 ${floor.p95.toFixed(1)} ms`);
  let firstCursor: string | null = null;
  const cases: [string, () => Promise<unknown>][] = [
    ['every photo I may see (files.photos)', async () => (firstCursor = (await tech.files.photos({ limit: 50 })).nextCursor)],
    ['page 2 of the same', () => tech.files.photos({ limit: 50, cursor: firstCursor ?? undefined })],
    ['narrowed to the vehicle', () => tech.files.photos({ limit: 50, vehicleId: vehicle.id })],
    ['narrowed to its Brakes', () => tech.files.photos({ limit: 50, vehicleId: vehicle.id, componentId: brakes.id })],
    ['the customer: photos of shared ones (none yet)', () => ownerCaller.files.photos({ limit: 50, vehicleId: vehicle.id })],
  ];
  for (const [label, run] of cases) {
    const t = await time(run);
    console.log(`  ${label.padEnd(46)} p50 ${t.p50.toFixed(1)} ms  p95 ${t.p95.toFixed(1)} ms  ${(t.p50 / floor.p50).toFixed(1)}× the floor  (goal ≤ ${GALLERY_GOAL_MS} ms) ${verdict(t.p50, GALLERY_GOAL_MS)}`);
  }

  console.log('\nReport: 20 items with 40 photos');
  const report = await tech.inspections.create({ vehicleId: vehicle.id, serviceCenterId: center.id, customerVehicleId: customerVehicle.id });
  const items = report.items.slice(0, 20);
  await tech.inspections.update({
    id: report.id,
    removeItemIds: report.items.slice(20).map((item) => item.id),
    items: items.map((item, i) => ({ id: item.id, status: (['good', 'attention', 'urgent'] as const)[i % 3], measurement: i, notes: 'Checked on the lift', recommendation: i % 3 ? 'Replace the worn part' : null, estimatedCost: i % 3 ? '120.00' : null })),
  });
  const bytes = new Map<string, Buffer>();
  for (let i = 0; i < 40; i++) {
    const content = await photo(i);
    const file = await db
      .insertInto('files')
      .values({ owner_id: technician.id, name: `item-${i}.jpg`, content_type: 'image/jpeg', byte_size: content.byteLength, width: 1440, height: 1080 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO file_contents (file_id, content) VALUES (${file.id}, decode(${content.toString('base64')}, 'base64'))`.execute(db);
    await tech.inspections.attachPhoto({ id: report.id, itemId: items[i % 20]!.id, fileId: file.id });
    bytes.set(file.id, content);
  }
  const loaded = await tech.inspections.get({ id: report.id });
  const get = await time(() => tech.inspections.get({ id: report.id }));
  console.log(`  load the inspection (inspections.get)           p50 ${get.p50.toFixed(1)} ms  p95 ${get.p95.toFixed(1)} ms`);
  const pdf = await time(() => renderInspectionPdf(loaded, bytes, { appName: 'VinTech', generatedAt: new Date() }), Math.max(3, Math.ceil(runs / 3)));
  const size = (await renderInspectionPdf(loaded, bytes, { appName: 'VinTech', generatedAt: new Date() })).byteLength;
  console.log(`  draw the PDF (${(size / 1024 / 1024).toFixed(1)} MB)                          p50 ${pdf.p50.toFixed(0)} ms  p95 ${pdf.p95.toFixed(0)} ms`);
  const whole = get.p50 + pdf.p50;
  console.log(`  whole report: ${whole.toFixed(0)} ms (goal ≤ ${REPORT_GOAL_MS} ms) ${verdict(whole, REPORT_GOAL_MS)}`);
} finally {
  await handle.close();
}
