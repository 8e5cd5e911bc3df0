import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDuration } from '../../../shared/format.ts';
import { type CreateAppointmentInput, type DateFilter, type ServiceAppointment } from '../../../shared/appointments.ts';
import type { User } from '../../../shared/auth.ts';
import type { Database } from '../../db/index.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { addCustomer, addStaff, createCenter } from '../../../../tests/helpers/appointments.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { appointmentStats, listAppointmentPage, type AppointmentScope } from './repository.ts';

const HOUR = 60 * 60_000;

function appointmentInput(overrides: Partial<CreateAppointmentInput> = {}): Omit<CreateAppointmentInput, 'serviceCenterId'> {
  return {
    appointmentDate: new Date(Date.now() + 24 * HOUR),
    duration: 60,
    serviceType: `Oil Change ${randomUUID().slice(0, 6)}`,
    description: 'Synthetic 5W-30',
    ...overrides,
  };
}

async function insertAt(db: Database, customerId: string, dates: string[], status = 'scheduled'): Promise<string[]> {
  const rows = await db
    .insertInto('service_appointments')
    .values(dates.map((date) => ({ customer_id: customerId, appointment_date: date, duration: 30, service_type: `At ${date}`, status })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

async function listed(db: Database, viewer: AppointmentScope, date: DateFilter, timeZone: string, now: Date): Promise<string[]> {
  const page = await listAppointmentPage(db, viewer, { date, timeZone, now }, { limit: 100 });
  return page.items.map((a) => a.serviceType);
}

describeEachDatabase('service appointments', (getDb) => {
  let app: FastifyInstance;
  let tech: User;
  let centerId: string;
  let owner: User;
  let techCookie: string;
  let ownerCookie: string;

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp(db);
    centerId = await createCenter(db);
    tech = await addStaff(db, centerId, 'technician');
    owner = await createUser(db, { role: 'simple' });
    techCookie = await signInCookie(app, tech.email);
    ownerCookie = await signInCookie(app, owner.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the REST paths: full arrays, 201 on create, PATCH by staff of the shop', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/service-appointments' })).statusCode).toBe(401);
    const created = await app.inject({
      method: 'POST',
      url: '/api/service-appointments',
      payload: { ...appointmentInput(), serviceCenterId: centerId, appointmentDate: '2031-05-01T09:00:00+02:00', status: 'scheduled' },
      headers: { cookie: ownerCookie },
    });
    expect(created.statusCode).toBe(201);
    const appointment = created.json<ServiceAppointment>();
    expect(new Date(appointment.appointmentDate).toISOString()).toBe('2031-05-01T07:00:00.000Z');
    expect(appointment).toMatchObject({ customerId: owner.id, serviceCenterId: centerId, status: 'scheduled', technicianId: null });

    const list = await app.inject({ method: 'GET', url: '/api/service-appointments', headers: { cookie: ownerCookie } });
    expect(list.json<ServiceAppointment[]>().every((a) => a.customerId === owner.id)).toBe(true);

    const url = `/api/service-appointments/${appointment.id}`;
    // The customer is not staff: the shop's edit path does not reveal the appointment.
    expect((await app.inject({ method: 'PATCH', url, payload: { status: 'confirmed' }, headers: { cookie: ownerCookie } })).statusCode).toBe(404);
    const noShow = await app.inject({ method: 'PATCH', url, payload: { status: 'no_show' }, headers: { cookie: techCookie } });
    expect(noShow.statusCode).toBe(400);
    expect(noShow.json().message).toContain('no_show can only be chosen when the appointment is created');
    const unknown = await app.inject({ method: 'PATCH', url, payload: { status: 'confirmed', colour: 'red' }, headers: { cookie: techCookie } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('An appointment change may name');
    const ok = await app.inject({ method: 'PATCH', url, payload: { status: 'completed', duration: 90, actualCost: '120' }, headers: { cookie: techCookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'completed', duration: 90, actualCost: '120.00' });
  });

  it.each([
    [{ duration: 10 }, 'Duration must be at least 15 minutes'],
    [{ duration: 0 }, 'Duration must be at least 15 minutes'],
    [{ duration: 'abc' }, 'Duration must be a number of minutes'],
    [{ duration: undefined }, 'Duration must be a number of minutes'],
    [{ duration: 1441 }, 'Duration must be at most 1440 minutes (24 hours)'],
    [{ duration: 30.5 }, 'Duration must be a whole number of minutes'],
    [{ duration: '60' }, 'Duration must be a number of minutes'],
    [{ serviceType: ' ' }, 'Service type is required'],
    [{ appointmentDate: '2031-05-01T09:00:00' }, 'Appointment date must be a date and time with its offset'],
    [{ appointmentDate: '1999-12-31T09:00:00Z' }, 'Appointment date must be between the years 2000 and 2099'],
    [{ status: 'done' }, 'Status must be one of: scheduled, confirmed, in_progress, completed, cancelled, no_show'],
    [{ estimatedCost: '12.345' }, 'Estimated cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
    [{ serviceCenterId: randomUUID() }, 'Service center not found'],
    [{ serviceCenterId: undefined }, 'Choose the service center (serviceCenterId)'],
    [{ technicianId: randomUUID() }, 'Only the shop names a technician'],
  ])('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const payload = { ...appointmentInput(), serviceCenterId: centerId, ...overrides };
    const res = await app.inject({ method: 'POST', url: '/api/service-appointments', payload, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    const stored = await getDb().selectFrom('service_appointments').select('id').where('service_type', '=', String(payload.serviceType)).execute();
    expect(stored).toHaveLength(0);
  });

  it('refuses an unknown time zone with 400', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/appointments.stats?input=${encodeURIComponent(JSON.stringify({ json: { timeZone: 'Mars/Olympus_Mons' } }))}`,
      headers: { cookie: ownerCookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown time zone');
    await expect(callerFor(getDb(), owner).appointments.list({ date: 'today', timeZone: "UTC'; DROP TABLE users; --" })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('returns stored HTML and script as plain text', async () => {
    const serviceType = `<script>document.cookie</script>${randomUUID().slice(0, 4)}`;
    const created = await callerFor(getDb(), owner).appointments.create({ ...appointmentInput({ serviceType, description: '<b onclick="x()">hi</b>' }), serviceCenterId: centerId });
    const res = await app.inject({ method: 'GET', url: `/api/service-appointments/${created.id}`, headers: { cookie: ownerCookie } });
    expect(res.json()).toMatchObject({ serviceType, description: '<b onclick="x()">hi</b>' });
  });

  it('computes Today and Tomorrow in the user time zone, across midnight', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    const viewer: AppointmentScope = { kind: 'mine', userId: customer.id };
    // 23:30 on 14 June in New York, already 15 June in UTC.
    const now = new Date('2031-06-15T03:30:00Z');
    await insertAt(db, customer.id, [
      '2031-06-14T03:59:00Z', // 13 June, 23:59 local: yesterday
      '2031-06-14T04:00:00Z', // 14 June, 00:00 local: today
      '2031-06-15T03:59:00Z', // 14 June, 23:59 local: today
      '2031-06-15T04:00:00Z', // 15 June, 00:00 local: tomorrow
      '2031-06-16T03:59:00Z', // 15 June, 23:59 local: tomorrow
      '2031-06-16T04:00:00Z', // 16 June: after tomorrow
    ]);
    expect(await listed(db, viewer, 'today', 'America/New_York', now)).toEqual(['At 2031-06-14T04:00:00Z', 'At 2031-06-15T03:59:00Z']);
    expect(await listed(db, viewer, 'tomorrow', 'America/New_York', now)).toEqual(['At 2031-06-15T04:00:00Z', 'At 2031-06-16T03:59:00Z']);
    // The same moment in UTC is a different day.
    expect(await listed(db, viewer, 'today', 'UTC', now)).toEqual(['At 2031-06-15T03:59:00Z', 'At 2031-06-15T04:00:00Z']);
    expect((await appointmentStats(db, viewer, 'America/New_York', now)).today).toBe(2);
    // 17:30 on 14 June in Honolulu: its day ends at 10:00Z on 15 June.
    expect(await listed(db, viewer, 'today', 'Pacific/Honolulu', now)).toEqual(['At 2031-06-15T03:59:00Z', 'At 2031-06-15T04:00:00Z']);
  });

  it('counts a 23-hour day right on the day clocks change', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    const viewer: AppointmentScope = { kind: 'mine', userId: customer.id };
    // 30 March 2031: Berlin moves from CET to CEST, so the day runs 23:00Z to 22:00Z.
    const now = new Date('2031-03-30T10:00:00Z');
    await insertAt(db, customer.id, ['2031-03-29T22:59:00Z', '2031-03-29T23:00:00Z', '2031-03-30T21:59:00Z', '2031-03-30T22:00:00Z']);
    expect(await listed(db, viewer, 'today', 'Europe/Berlin', now)).toEqual(['At 2031-03-29T23:00:00Z', 'At 2031-03-30T21:59:00Z']);
    expect(await listed(db, viewer, 'tomorrow', 'Europe/Berlin', now)).toEqual(['At 2031-03-30T22:00:00Z']);
  });

  it('filters This Week (now to 7 days ahead) and Overdue (past and still scheduled)', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    const viewer: AppointmentScope = { kind: 'mine', userId: customer.id };
    const now = new Date('2031-08-01T12:00:00Z');
    await insertAt(db, customer.id, ['2031-08-01T11:59:00Z', '2031-08-01T12:00:00Z', '2031-08-08T12:00:00Z', '2031-08-08T12:01:00Z']);
    await insertAt(db, customer.id, ['2031-07-30T09:00:00Z'], 'confirmed');
    expect(await listed(db, viewer, 'week', 'Europe/Paris', now)).toEqual(['At 2031-08-01T12:00:00Z', 'At 2031-08-08T12:00:00Z']);
    expect(await listed(db, viewer, 'overdue', 'Europe/Paris', now)).toEqual(['At 2031-08-01T11:59:00Z']);
    expect(await listed(db, viewer, 'all', 'Europe/Paris', now)).toHaveLength(5);
  });

  it('answers filters, search and stats matching counts computed independently', async () => {
    const db = getDb();
    const tag = `ap${randomUUID().slice(0, 6)}`;
    const statuses = ['scheduled', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
    const caller = callerFor(db, owner);
    const techCaller = callerFor(db, tech);
    const walkIn = await addCustomer(db, centerId, null);
    for (let i = 0; i < 15; i++) {
      // Owners request scheduled appointments; the shop books the others for a customer.
      const byOwner = statuses[i % statuses.length] === 'scheduled';
      await (byOwner ? caller : techCaller).appointments.create({
        ...appointmentInput({
          status: statuses[i % statuses.length],
          serviceType: i % 2 === 0 ? `Brake ${tag}` : 'Inspection',
          description: i % 3 === 0 ? `see ${tag.toUpperCase()}` : null,
          appointmentDate: new Date(Date.now() + (i - 7) * 6 * HOUR),
        }),
        serviceCenterId: centerId,
        ...(byOwner ? {} : { customerId: walkIn }),
      });
    }
    for (const status of [undefined, ...statuses]) {
      const expected = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM service_appointments
        WHERE (service_type ILIKE ${`%${tag}%`} OR description ILIKE ${`%${tag}%`})
          AND (${status ?? null}::text IS NULL OR status = ${status ?? null})`.execute(db);
      const page = await techCaller.appointments.list({ serviceCenterId: centerId, search: tag, status, limit: 100 });
      expect(page.items, String(status)).toHaveLength(expected.rows[0]!.n);
    }

    const zone = 'Pacific/Auckland';
    for (const [scope, caller, where] of [
      [{ serviceCenterId: centerId }, techCaller, sql`service_center_id = ${centerId}`],
      [{ mine: true }, callerFor(db, owner), sql`customer_id = ${owner.id}`],
    ] as const) {
      const stats = await caller.appointments.stats({ timeZone: zone, ...scope });
      const counted = await sql<{ total: number; today: number; scheduled: number; completed: number }>`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE (appointment_date AT TIME ZONE ${zone})::date = (now() AT TIME ZONE ${zone})::date)::int AS today,
               count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled,
               count(*) FILTER (WHERE status = 'completed')::int AS completed
        FROM service_appointments WHERE ${where}`.execute(db);
      expect(stats).toEqual(counted.rows[0]);
      const todayPage = await caller.appointments.list({ date: 'today', timeZone: zone, limit: 100, ...scope });
      expect(todayPage.items).toHaveLength(stats.today);
    }

    // The shop's counters (kept by triggers) follow a status change and a deletion.
    const [moved, removed] = (await techCaller.appointments.list({ serviceCenterId: centerId, search: tag, status: 'scheduled', limit: 2 })).items;
    await techCaller.appointments.setStatus({ id: moved!.id, status: 'completed' });
    await db.deleteFrom('service_appointments').where('id', '=', removed!.id).execute();
    const drift = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM (
        SELECT service_center_id, status, count(*) AS actual FROM service_appointments
        WHERE service_center_id IS NOT NULL GROUP BY 1, 2
      ) real
      FULL JOIN (SELECT service_center_id, status, n FROM shop_counts WHERE entity = 'appointment' AND n <> 0) kept
        USING (service_center_id, status)
      WHERE real.actual IS DISTINCT FROM kept.n`.execute(db);
    expect(drift.rows[0]!.n).toBe(0);
  });

  it('pages through appointments sharing one date without repeats or gaps', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    // Microseconds a JS Date cannot hold: the cursor must keep them.
    const dates = Array.from({ length: 7 }, (_, i) => `2032-01-01T10:00:00.12345${i}Z`).concat(Array(6).fill('2032-01-01T10:00:00.123450Z'));
    const ids = await insertAt(db, customer.id, dates);
    const caller = callerFor(db, customer);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof caller.appointments.list>> = await caller.appointments.list({ limit: 3, cursor });
      seen.push(...page.items.map((a) => a.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(ids.length);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('formats durations as the appointments page shows them', () => {
    expect(formatDuration(90)).toBe('1h 30m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(45)).toBe('45m');
  });
});
