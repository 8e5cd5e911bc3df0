import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDuration } from '../../../shared/format.ts';
import { type CreateAppointmentInput, type DateFilter, type ServiceAppointment } from '../../../shared/appointments.ts';
import type { User } from '../../../shared/auth.ts';
import type { Database } from '../../db/index.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { appointmentStats, listAppointmentPage } from './repository.ts';

const HOUR = 60 * 60_000;

function appointmentInput(overrides: Partial<CreateAppointmentInput> = {}): CreateAppointmentInput {
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

async function listed(db: Database, viewer: Viewer, date: DateFilter, timeZone: string, now: Date): Promise<string[]> {
  const page = await listAppointmentPage(db, viewer, { date, timeZone, now }, { limit: 100 });
  return page.items.map((a) => a.serviceType);
}

describeEachDatabase('service appointments', (getDb) => {
  let app: FastifyInstance;
  let tech: User;
  let owner: User;
  let other: User;
  let techCookie: string;
  let ownerCookie: string;

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp(db);
    tech = await createUser(db, { role: 'tech' });
    owner = await createUser(db, { role: 'simple' });
    other = await createUser(db, { role: 'simple' });
    techCookie = await signInCookie(app, tech.email);
    ownerCookie = await signInCookie(app, owner.email);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps each owner to their own appointments; technicians see and move all of them', async () => {
    const db = getDb();
    await expect(callerFor(db, null).appointments.create(appointmentInput())).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(db, null).appointments.list({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(db, null).appointments.stats({})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const mine = await callerFor(db, owner).appointments.create(appointmentInput());
    expect(mine).toMatchObject({ customerId: owner.id, technicianId: null, status: 'scheduled', duration: 60 });
    const theirs = await callerFor(db, other).appointments.create(appointmentInput());
    expect(theirs.status).toBe('scheduled');
    // Owners request; only the shop books a status other than scheduled or a price.
    await expect(callerFor(db, other).appointments.create(appointmentInput({ status: 'no_show' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerFor(db, other).appointments.create(appointmentInput({ estimatedCost: '10' }))).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const booked = await callerFor(db, tech).appointments.create(appointmentInput({ estimatedCost: '149.9', status: 'no_show' }));
    expect(booked).toMatchObject({ technicianId: tech.id, estimatedCost: '149.90', status: 'no_show' });

    await expect(callerFor(db, owner).appointments.get({ id: theirs.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Service appointment not found',
    });
    expect((await callerFor(db, owner).appointments.list({})).items.every((a) => a.customerId === owner.id)).toBe(true);
    expect((await callerFor(db, tech).appointments.get({ id: theirs.id })).customerId).toBe(other.id);

    await expect(callerFor(db, owner).appointments.setStatus({ id: mine.id, status: 'confirmed' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    for (const status of ['confirmed', 'in_progress', 'completed', 'cancelled', 'scheduled'] as const) {
      expect((await callerFor(db, tech).appointments.setStatus({ id: theirs.id, status })).status).toBe(status);
    }
  });

  it('answers the REST paths: full arrays, 201 on create, PATCH with the status only', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/service-appointments' })).statusCode).toBe(401);
    const created = await app.inject({
      method: 'POST',
      url: '/api/service-appointments',
      payload: { ...appointmentInput(), appointmentDate: '2031-05-01T09:00:00+02:00', status: 'scheduled' },
      headers: { cookie: ownerCookie },
    });
    expect(created.statusCode).toBe(201);
    const appointment = created.json<ServiceAppointment>();
    expect(new Date(appointment.appointmentDate).toISOString()).toBe('2031-05-01T07:00:00.000Z');

    const list = await app.inject({ method: 'GET', url: '/api/service-appointments', headers: { cookie: ownerCookie } });
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json<ServiceAppointment[]>().every((a) => a.customerId === owner.id)).toBe(true);

    const url = `/api/service-appointments/${appointment.id}`;
    expect((await app.inject({ method: 'PATCH', url, payload: { status: 'confirmed' }, headers: { cookie: ownerCookie } })).statusCode).toBe(403);
    const noShow = await app.inject({ method: 'PATCH', url, payload: { status: 'no_show' }, headers: { cookie: techCookie } });
    expect(noShow.statusCode).toBe(400);
    expect(noShow.json().message).toContain('no_show can only be chosen when the appointment is created');
    const extra = await app.inject({ method: 'PATCH', url, payload: { status: 'confirmed', duration: 15 }, headers: { cookie: techCookie } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Only the status of an appointment can be changed');
    const ok = await app.inject({ method: 'PATCH', url, payload: { status: 'completed' }, headers: { cookie: techCookie } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'completed', duration: 60 });
  });

  it.each([
    [{ duration: 10 }, 'Duration must be at least 15 minutes'],
    [{ duration: 1441 }, 'Duration must be at most 1440 minutes (24 hours)'],
    [{ duration: 30.5 }, 'Duration must be a whole number of minutes'],
    [{ duration: '60' }, 'Duration must be a number of minutes'],
    [{ serviceType: ' ' }, 'Service type is required'],
    [{ appointmentDate: '2031-05-01T09:00:00' }, 'Appointment date must be a date and time with its offset'],
    [{ appointmentDate: '1999-12-31T09:00:00Z' }, 'Appointment date must be between the years 2000 and 2099'],
    [{ status: 'done' }, 'Status must be one of: scheduled, confirmed, in_progress, completed, cancelled, no_show'],
    [{ estimatedCost: '12.345' }, 'Estimated cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
    [{ serviceCenterId: randomUUID() }, 'Service center not found'],
  ])('refuses %j with "%s" and stores nothing', async (overrides, message) => {
    const payload = { ...appointmentInput(), ...overrides };
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
    const created = await callerFor(getDb(), owner).appointments.create(appointmentInput({ serviceType, description: '<b onclick="x()">hi</b>' }));
    const res = await app.inject({ method: 'GET', url: `/api/service-appointments/${created.id}`, headers: { cookie: ownerCookie } });
    expect(res.json()).toMatchObject({ serviceType, description: '<b onclick="x()">hi</b>' });
  });

  it('computes Today and Tomorrow in the user time zone, across midnight', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    const viewer = { userId: customer.id, isTech: false };
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
    const viewer = { userId: customer.id, isTech: false };
    // 30 March 2031: Berlin moves from CET to CEST, so the day runs 23:00Z to 22:00Z.
    const now = new Date('2031-03-30T10:00:00Z');
    await insertAt(db, customer.id, ['2031-03-29T22:59:00Z', '2031-03-29T23:00:00Z', '2031-03-30T21:59:00Z', '2031-03-30T22:00:00Z']);
    expect(await listed(db, viewer, 'today', 'Europe/Berlin', now)).toEqual(['At 2031-03-29T23:00:00Z', 'At 2031-03-30T21:59:00Z']);
    expect(await listed(db, viewer, 'tomorrow', 'Europe/Berlin', now)).toEqual(['At 2031-03-30T22:00:00Z']);
  });

  it('filters This Week (now to 7 days ahead) and Overdue (past and still scheduled)', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    const viewer = { userId: customer.id, isTech: false };
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
    for (let i = 0; i < 15; i++) {
      // Owners request scheduled appointments; the shop books the others.
      await (statuses[i % statuses.length] === 'scheduled' ? caller : techCaller).appointments.create(
        appointmentInput({
          status: statuses[i % statuses.length],
          serviceType: i % 2 === 0 ? `Brake ${tag}` : 'Inspection',
          description: i % 3 === 0 ? `see ${tag.toUpperCase()}` : null,
          appointmentDate: new Date(Date.now() + (i - 7) * 6 * HOUR),
        }),
      );
    }
    for (const status of [undefined, ...statuses]) {
      const expected = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM service_appointments
        WHERE (service_type ILIKE ${`%${tag}%`} OR description ILIKE ${`%${tag}%`})
          AND (${status ?? null}::text IS NULL OR status = ${status ?? null})`.execute(db);
      const page = await techCaller.appointments.list({ search: tag, status, limit: 100 });
      expect(page.items, String(status)).toHaveLength(expected.rows[0]!.n);
    }

    const zone = 'Pacific/Auckland';
    for (const [viewer, caller] of [
      [null, techCaller],
      [owner.id, callerFor(db, owner)],
    ] as const) {
      const stats = await caller.appointments.stats({ timeZone: zone });
      const counted = await sql<{ total: number; today: number; scheduled: number; completed: number }>`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE (appointment_date AT TIME ZONE ${zone})::date = (now() AT TIME ZONE ${zone})::date)::int AS today,
               count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled,
               count(*) FILTER (WHERE status = 'completed')::int AS completed
        FROM service_appointments WHERE ${viewer}::uuid IS NULL OR customer_id = ${viewer}`.execute(db);
      expect(stats).toEqual(counted.rows[0]);
      const todayPage = await caller.appointments.list({ date: 'today', timeZone: zone, limit: 100 });
      expect(todayPage.items).toHaveLength(stats.today);
    }
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
