import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { INVITE_DAYS } from '../../../shared/shops.ts';
import type { Database } from '../../db/index.ts';
import type { RelativeTime, SeedOptions, ShopDemo } from '../../db/seed.ts';

// Demo and benchmark rows of the shop: the demo's data comes from seeds/shop/demo.json through the
// seeder; the benchmark's rows are generated inside the database. Accounts made here have no
// password: they cannot sign in, they only own rows.

const SCALE_CUSTOMERS = 500;
const BATCH = 50_000;

async function ensureCustomers(db: Database, emails: string[]): Promise<string[]> {
  await db
    .insertInto('users')
    .values(emails.map((email) => ({ email, role: 'simple' as const, preferences: JSON.stringify({}) })))
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  return emails.map((email) => byEmail.get(email)).filter((id): id is string => id !== undefined);
}

/** A moment `days` from today at `hour` o'clock, local time: demo rows stay around today. */
function relativeDate(time: RelativeTime): Date {
  const date = new Date(Date.now() + time.days * 24 * 60 * 60_000);
  date.setHours(time.hour, 0, 0, 0);
  return date;
}

/**
 * A few centers, inquiries and appointments around today, for screenshots and demos (seeds/shop/demo.json).
 * Centers are added by name; inquiries and appointments only while the demo customers have none.
 */
export async function seedShopDemo(db: Database, demo: ShopDemo): Promise<void> {
  for (const center of demo.centers) {
    const exists = await db.selectFrom('service_centers').select('id').where('name', '=', center.name).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('service_centers')
      .values({
        name: center.name,
        address: center.address,
        city: center.city,
        state: center.state,
        zip_code: center.zipCode,
        phone: center.phone,
        email: center.email,
        website: center.website,
        services: center.services,
        operating_hours: center.operatingHours === null ? null : JSON.stringify(center.operatingHours),
        certifications: center.certifications,
        specializations: center.specializations,
        is_active: center.isActive,
      })
      .execute();
  }
  const customers = await ensureCustomers(db, demo.customers);
  if (customers.length !== demo.customers.length) return;
  const already = await db.selectFrom('customer_inquiries').select('id').where('customer_id', 'in', customers).executeTakeFirst();
  if (!already) await seedDemoRequests(db, demo, customers);
  await linkDemoShopCustomers(db, customers);
}

/**
 * Each demo customer is the shop's customer at every center their demo inquiries and appointments
 * name (docs/customers.md#demo-data): one linked record per (center, account), and the rows name
 * it. Runs on every seed, so rows seeded before shop customers existed are linked too.
 */
async function linkDemoShopCustomers(db: Database, customers: string[]): Promise<void> {
  await sql`
    INSERT INTO shop_customers (service_center_id, user_id, name, email)
    SELECT DISTINCT x.service_center_id, u.id, split_part(u.email, '@', 1), u.email
    FROM (SELECT customer_id, service_center_id FROM customer_inquiries
          UNION SELECT customer_id, service_center_id FROM service_appointments) AS x
    JOIN users u ON u.id = x.customer_id
    WHERE x.customer_id = ANY(${customers}::uuid[]) AND x.service_center_id IS NOT NULL
    ON CONFLICT (service_center_id, user_id) WHERE user_id IS NOT NULL DO NOTHING`.execute(db);
  for (const table of ['customer_inquiries', 'service_appointments']) {
    await sql`
      UPDATE ${sql.table(table)} AS r SET shop_customer_id = c.id
      FROM shop_customers c
      WHERE c.service_center_id = r.service_center_id AND c.user_id = r.customer_id
        AND r.shop_customer_id IS NULL AND r.customer_id = ANY(${customers}::uuid[])`.execute(db);
  }
}

async function seedDemoRequests(db: Database, demo: ShopDemo, customers: string[]): Promise<void> {

  const centerIds = new Map(
    (await db.selectFrom('service_centers').select(['id', 'name']).where('name', 'in', demo.centers.map((c) => c.name)).execute()).map(
      (row) => [row.name, row.id],
    ),
  );
  const customer = (n: number) => {
    const id = customers[n - 1];
    if (id === undefined) throw new Error(`seeds/shop/demo.json: there is no customer ${n}`);
    return id;
  };
  const center = (name: string | undefined) => {
    if (name === undefined) return null;
    const id = centerIds.get(name);
    if (id === undefined) throw new Error(`seeds/shop/demo.json: there is no center named ${name}`);
    return id;
  };
  const optionalDate = (time: RelativeTime | undefined) => (time === undefined ? null : relativeDate(time));

  if (demo.inquiries.length > 0) {
    await db
      .insertInto('customer_inquiries')
      .values(
        demo.inquiries.map((inquiry) => ({
          customer_id: customer(inquiry.customer),
          inquiry_type: inquiry.inquiryType,
          subject: inquiry.subject,
          description: inquiry.description,
          priority: inquiry.priority,
          status: inquiry.status,
          service_center_id: center(inquiry.serviceCenter),
          estimated_cost: inquiry.estimatedCost ?? null,
          technician_notes: inquiry.technicianNotes ?? null,
          customer_notes: inquiry.customerNotes ?? null,
          scheduled_date: optionalDate(inquiry.scheduledDate),
          completed_date: optionalDate(inquiry.completedDate),
          created_at: relativeDate(inquiry.createdAt),
        })),
      )
      .execute();
  }
  if (demo.appointments.length > 0) {
    await db
      .insertInto('service_appointments')
      .values(
        demo.appointments.map((appointment) => ({
          customer_id: customer(appointment.customer),
          service_center_id: center(appointment.serviceCenter),
          appointment_date: relativeDate(appointment.appointmentDate),
          duration: appointment.duration,
          service_type: appointment.serviceType,
          description: appointment.description ?? null,
          status: appointment.status,
          estimated_cost: appointment.estimatedCost ?? null,
          actual_cost: appointment.actualCost ?? null,
          notes: appointment.notes ?? null,
        })),
      )
      .execute();
  }
}

/** The center the scale seed fills: its staff see the rows (docs/shops.md). */
export const SCALE_CENTER_NAME = 'Scale Garage';

/** The scale center, created on first use (found by name afterwards). */
async function ensureScaleCenter(db: Database): Promise<string> {
  const found = await db.selectFrom('service_centers').select('id').where('name', '=', SCALE_CENTER_NAME).orderBy('created_at').executeTakeFirst();
  if (found) return found.id;
  const created = await db
    .insertInto('service_centers')
    .values({ name: SCALE_CENTER_NAME, address: '1 Benchmark Way', city: 'Springfield', state: 'IL', services: ['Oil Change', 'Brake Service', 'Diagnostics'] })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** The center's customer record of each account (one per account, made in one statement), in the accounts' order. */
async function ensureShopCustomers(db: Database, centerId: string, customers: string[]): Promise<string[]> {
  await sql`
    INSERT INTO shop_customers (service_center_id, user_id, name, email)
    SELECT ${centerId}::uuid, u.id, split_part(u.email, '@', 1), u.email
    FROM users u WHERE u.id = ANY(${customers}::uuid[])
    ON CONFLICT (service_center_id, user_id) WHERE user_id IS NOT NULL DO NOTHING`.execute(db);
  const rows = await db.selectFrom('shop_customers').select(['id', 'user_id']).where('service_center_id', '=', centerId).where('user_id', 'in', customers).execute();
  const byUser = new Map(rows.map((row) => [row.user_id, row.id]));
  return customers.map((id) => {
    const record = byUser.get(id);
    if (!record) throw new Error('seed shop scale: a customer has no shop record');
    return record;
  });
}

/**
 * Open technician invitations to the scale center, one per code (only the SHA-256 is kept, as for
 * every invitation): how a benchmark's accounts become its staff through the accept path.
 */
async function addScaleInvites(db: Database, centerId: string, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('shop_invites')
    .values(
      codes.map((code) => ({
        service_center_id: centerId,
        code_hash: createHash('sha256').update(code).digest('hex'),
        role: 'technician' as const,
        expires_at: sql<Date>`now() + make_interval(days => ${INVITE_DAYS})`,
      })),
    )
    .onConflict((oc) => oc.column('code_hash').doNothing())
    .execute();
}

/**
 * Fills the inquiries and appointments of one center, Scale Garage, up to `options.scale` rows
 * each, generated inside the database in batches (a million rows never pass through Node).
 * Deterministic: row g always reads the same. Each row names its customer's record at the center.
 */
export async function seedShopScale(db: Database, options: SeedOptions): Promise<void> {
  const target = options.scale;
  if (!target) return;
  const centerId = await ensureScaleCenter(db);
  await addScaleInvites(db, centerId, options.scaleInvites ?? []);
  const emails = Array.from({ length: SCALE_CUSTOMERS }, (_, i) => `scale-customer-${i + 1}@vintech.example`);
  const customers = await ensureCustomers(db, emails);
  const records = await ensureShopCustomers(db, centerId, customers);

  const existing = async (table: 'customer_inquiries' | 'service_appointments') =>
    Number((await db.selectFrom(table).select(sql<string>`count(*)`.as('n')).where('service_center_id', '=', centerId).executeTakeFirstOrThrow()).n);

  for (let from = await existing('customer_inquiries'); from < target; from += BATCH) {
    const to = Math.min(target, from + BATCH);
    await sql`
      INSERT INTO customer_inquiries (customer_id, service_center_id, shop_customer_id, inquiry_type, subject, description, priority, status, estimated_cost, created_at)
      SELECT (${customers}::uuid[])[1 + g % ${customers.length}], ${centerId}::uuid, (${records}::uuid[])[1 + g % ${records.length}],
             (ARRAY['service','quote','appointment','complaint','general'])[1 + (g * 7) % 5],
             (ARRAY['Brake noise when stopping','Oil change quote','Check engine light','Battery will not hold charge',
                    'Transmission slipping','AC blowing warm air','Tire pressure warning','Steering wheel vibration',
                    'Coolant leak under car','Windshield wiper repair','Headlight replacement','Annual inspection'])[1 + (g * 13) % 12]
               || ' #' || g,
             'Customer reports the issue started ' || (1 + g % 20) || ' days ago (ref ' || g || '). '
               || (ARRAY['Happens mostly in cold weather.','Noticed after a long drive.','Dealer could not reproduce it.',
                         'Would like an estimate first.','Vehicle is still drivable.'])[1 + (g * 3) % 5],
             (ARRAY['low','medium','medium','high','urgent','medium','low','high','medium','low'])[1 + (hashtext('p' || g) & 2147483647) % 10],
             (ARRAY['open','in_progress','resolved','closed','closed','resolved','open','closed'])[1 + (hashtext('s' || g) & 2147483647) % 8],
             CASE WHEN g % 4 = 0 THEN round(((g * 37) % 200000) / 100.0, 2) END,
             now() - make_interval(secs => (g::bigint * 7919 % (730 * 86400))::int)
      FROM generate_series(${from + 1}::int, ${to}::int) AS g`.execute(db);
    options.log?.(`seed shop scale: ${to} inquiries`);
  }

  for (let from = await existing('service_appointments'); from < target; from += BATCH) {
    const to = Math.min(target, from + BATCH);
    await sql`
      INSERT INTO service_appointments (customer_id, service_center_id, shop_customer_id, appointment_date, duration, service_type, description, status, estimated_cost, actual_cost)
      SELECT (${customers}::uuid[])[1 + g % ${customers.length}], ${centerId}::uuid, (${records}::uuid[])[1 + g % ${records.length}],
             date,
             15 * (1 + (g * 7) % 16),
             (ARRAY['Oil Change','Brake Service','Inspection','Tire Rotation','Diagnostics','Alignment',
                    'Battery Replacement','Transmission Service','AC Recharge','Timing Belt'])[1 + (g * 13) % 10],
             CASE WHEN g % 3 <> 0 THEN 'Booked online (ref ' || g || '). '
               || (ARRAY['Customer waits on site.','Loaner car requested.','Drop-off before 8am.','Second visit for the same issue.'])[1 + g % 4] END,
             CASE WHEN date < now()
                  THEN (ARRAY['completed','completed','completed','cancelled','no_show','scheduled'])[1 + (hashtext('s' || g) & 2147483647) % 6]
                  ELSE (ARRAY['scheduled','scheduled','confirmed','cancelled'])[1 + (hashtext('s' || g) & 2147483647) % 4] END,
             round((30 + (g * 37) % 90000 / 100.0)::numeric, 2),
             CASE WHEN date < now() AND g % 2 = 0 THEN round((30 + (g * 41) % 95000 / 100.0)::numeric, 2) END
      FROM generate_series(${from + 1}::int, ${to}::int) AS g,
           LATERAL (SELECT now() + make_interval(secs => (g::bigint * 7919 % (730 * 86400))::int - 365 * 86400) AS date) AS d`.execute(db);
    options.log?.(`seed shop scale: ${to} appointments`);
  }
  await sql`ANALYZE customer_inquiries`.execute(db);
  await sql`ANALYZE service_appointments`.execute(db);
}
