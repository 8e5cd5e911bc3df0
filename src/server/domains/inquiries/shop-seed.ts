import { sql } from 'kysely';
import type { Database } from '../../db/index.ts';
import type { SeedOptions } from '../../db/seed.ts';

// Demo and benchmark data of the shop. Accounts made here have no password: they cannot sign in,
// they only own rows.

const DEMO_CUSTOMERS = ['demo-customer-1@vintech.example', 'demo-customer-2@vintech.example', 'demo-customer-3@vintech.example'];
const SCALE_CUSTOMERS = 500;
const BATCH = 50_000;

const DEMO_CENTERS = [
  {
    name: 'Downtown Auto Care',
    address: '410 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    phone: '(512) 555-0142',
    email: 'service@downtownautocare.example',
    website: 'https://downtownautocare.example',
    services: ['Oil Change', 'Brake Service', 'Tire Rotation', 'Diagnostics', 'Alignment'],
    operating_hours: { Monday: '7:30-18:00', Tuesday: '7:30-18:00', Wednesday: '7:30-18:00', Thursday: '7:30-18:00', Friday: '7:30-17:00', Saturday: '8:00-13:00', Sunday: 'Closed' },
    certifications: ['ASE Certified', 'AAA Approved'],
    specializations: ['Hybrid vehicles', 'European imports'],
    is_active: true,
  },
  {
    name: 'Lakeside Transmission & Repair',
    address: '88 Shoreline Dr',
    city: 'Madison',
    state: 'WI',
    zip_code: '53703',
    phone: '(608) 555-0199',
    email: null,
    website: null,
    services: ['Transmission Repair', 'Clutch Replacement'],
    operating_hours: 'Mon-Fri 8am-5pm, Saturdays by appointment',
    certifications: ['ASE Master Technician'],
    specializations: ['Manual transmissions'],
    is_active: true,
  },
  {
    name: 'Pacific EV Service Center',
    address: '1200 Harbor Blvd',
    city: 'Oakland',
    state: 'CA',
    zip_code: '94607',
    phone: '+1 510 555 0123',
    email: 'hello@pacificev.example',
    website: 'https://pacificev.example',
    services: ['Battery Diagnostics', 'Charging Port Repair', 'Software Updates', 'Tire Rotation'],
    operating_hours: { 'Mon-Fri': '9:00-19:00', Saturday: '10:00-16:00' },
    certifications: ['EV High-Voltage Certified'],
    specializations: ['Electric vehicles'],
    is_active: true,
  },
  {
    name: 'Route 9 Garage',
    address: '9 Old Post Rd',
    city: 'Albany',
    state: 'NY',
    zip_code: null,
    phone: null,
    email: null,
    website: null,
    services: ['State Inspection', 'Exhaust Repair'],
    operating_hours: null,
    certifications: [],
    specializations: [],
    is_active: false,
  },
];

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

/** A few centers, inquiries and appointments around today, for screenshots and demos. */
export async function seedShopDemo(db: Database, options: SeedOptions): Promise<void> {
  if (!options.demo) return;
  for (const center of DEMO_CENTERS) {
    const exists = await db.selectFrom('service_centers').select('id').where('name', '=', center.name).executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('service_centers')
      .values({ ...center, operating_hours: center.operating_hours === null ? null : JSON.stringify(center.operating_hours) })
      .execute();
  }
  const customers = await ensureCustomers(db, DEMO_CUSTOMERS);
  const [first, second, third] = customers;
  if (!first || !second || !third) return;
  const already = await db.selectFrom('customer_inquiries').select('id').where('customer_id', 'in', customers).executeTakeFirst();
  if (already) return;

  const center = await db.selectFrom('service_centers').select('id').where('name', '=', DEMO_CENTERS[0]!.name).executeTakeFirstOrThrow();
  const day = 24 * 60 * 60_000;
  const at = (days: number, hour: number) => {
    const date = new Date(Date.now() + days * day);
    date.setHours(hour, 0, 0, 0);
    return date;
  };
  await db
    .insertInto('customer_inquiries')
    .values([
      { customer_id: first, inquiry_type: 'service', subject: 'Grinding noise when braking', description: 'Front brakes grind at low speed since last week.', priority: 'high', status: 'open', service_center_id: center.id, created_at: at(-1, 9) },
      { customer_id: second, inquiry_type: 'quote', subject: 'Quote for timing belt replacement', description: '2016 Honda Accord, 98,000 miles. How much for belt and water pump?', priority: 'medium', status: 'in_progress', estimated_cost: '689.00', technician_notes: 'Parts ordered; quote sent by email.', created_at: at(-3, 14) },
      { customer_id: third, inquiry_type: 'complaint', subject: 'Check engine light back on after repair', description: 'Light came back two days after the O2 sensor replacement.', priority: 'urgent', status: 'open', customer_notes: 'Car is needed for work on Monday.', created_at: at(-2, 16) },
      { customer_id: first, inquiry_type: 'appointment', subject: 'Book annual inspection', description: 'Would like a Saturday morning slot.', priority: 'low', status: 'resolved', scheduled_date: at(4, 9), completed_date: at(-1, 10), created_at: at(-6, 11) },
      { customer_id: second, inquiry_type: 'general', subject: 'Do you service hybrid batteries?', description: 'Prius 2012 battery warning on the dash.', priority: 'medium', status: 'closed', completed_date: at(-8, 12), created_at: at(-10, 8) },
    ])
    .execute();
  await db
    .insertInto('service_appointments')
    .values([
      { customer_id: first, service_center_id: center.id, appointment_date: at(0, 15), duration: 90, service_type: 'Brake Service', description: 'Replace front pads and rotors', status: 'confirmed', estimated_cost: '420.00' },
      { customer_id: second, appointment_date: at(1, 9), duration: 60, service_type: 'Oil Change', description: 'Synthetic 0W-20', status: 'scheduled', estimated_cost: '79.99' },
      { customer_id: third, appointment_date: at(3, 11), duration: 120, service_type: 'Diagnostics', description: 'Check engine light (P0420)', status: 'scheduled' },
      { customer_id: first, appointment_date: at(-2, 10), duration: 45, service_type: 'Tire Rotation', status: 'scheduled' },
      { customer_id: second, appointment_date: at(-5, 13), duration: 180, service_type: 'Timing Belt', description: 'Belt and water pump', status: 'completed', estimated_cost: '689.00', actual_cost: '712.40', notes: 'Customer approved the extra tensioner.' },
      { customer_id: third, appointment_date: at(-4, 8), duration: 30, service_type: 'Inspection', status: 'no_show' },
    ])
    .execute();
}

/**
 * Fills inquiries and appointments up to `options.scale` rows each, generated inside the database
 * in batches (a million rows never pass through Node). Deterministic: row g always reads the same.
 */
export async function seedShopScale(db: Database, options: SeedOptions): Promise<void> {
  const target = options.scale;
  if (!target) return;
  const emails = Array.from({ length: SCALE_CUSTOMERS }, (_, i) => `scale-customer-${i + 1}@vintech.example`);
  const customers = await ensureCustomers(db, emails);

  const counts = await db
    .selectFrom('crm_counts')
    .select(['entity', sql<number>`sum(n)::int`.as('n')])
    .groupBy('entity')
    .execute();
  const existing = (entity: string) => counts.find((row) => row.entity === entity)?.n ?? 0;

  for (let from = existing('inquiry'); from < target; from += BATCH) {
    const to = Math.min(target, from + BATCH);
    await sql`
      INSERT INTO customer_inquiries (customer_id, inquiry_type, subject, description, priority, status, estimated_cost, created_at)
      SELECT (${customers}::uuid[])[1 + g % ${customers.length}],
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

  for (let from = existing('appointment'); from < target; from += BATCH) {
    const to = Math.min(target, from + BATCH);
    await sql`
      INSERT INTO service_appointments (customer_id, appointment_date, duration, service_type, description, status, estimated_cost, actual_cost)
      SELECT (${customers}::uuid[])[1 + g % ${customers.length}],
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
