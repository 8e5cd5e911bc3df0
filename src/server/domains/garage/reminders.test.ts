import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { todayIn } from '../../../shared/dates.ts';
import type { User } from '../../../shared/auth.ts';
import type { Database } from '../../db/index.ts';
import { scanDueCrossings } from '../../lib/due-crossings.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { httpFailure, shiftDay, storeGenericTruck } from '../../../../tests/helpers/garage.ts';
import { parseIcs } from '../../../../tests/helpers/ics.ts';

const DAY_MS = 86_400_000;
const ORIGIN = 'http://localhost:3000';

/** The user's due notifications, oldest first. */
async function dueNotices(db: Database, user: User) {
  return db.selectFrom('notifications').select(['title', 'body', 'link']).where('user_id', '=', user.id).where('kind', '=', 'service_due').orderBy('created_at').orderBy('id').execute();
}

describeEachDatabase('reminders, due crossings and the calendar feed', (getDb) => {
  let truck = '';
  let app: FastifyInstance;
  beforeAll(async () => {
    truck = await storeGenericTruck(getDb(), '1FTFW1EF7BFB11754');
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  const owner = async (odometer: number, lastKnown: { service: string; date?: string; mileage?: number }[] = []) => {
    const user = await createUser(getDb(), { role: 'simple' });
    const caller = callerFor(getDb(), user);
    const entry = await caller.garage.add({ vehicleId: truck, nickname: 'Work truck', odometer, lastKnown });
    return { user, caller, entry };
  };

  it('announces a computed service once per crossing: Soon, then Due and Overdue as the mileage rises', async () => {
    const db = getDb();
    // The last oil change 4,800 miles ago: 200 miles left, Soon.
    const { user, caller, entry } = await owner(40_000, [{ service: 'Oil change', mileage: 35_200 }]);
    const due = await caller.garage.due({ timeZone: 'UTC' });
    expect(due.filter((item) => item.urgency !== 'ok').map((item) => [item.service, item.urgency])).toEqual([['Oil change', 'soon']]);

    const now = new Date();
    await scanDueCrossings(db, now);
    expect(await dueNotices(db, user)).toEqual([{ title: 'Oil change is due soon: Work truck', body: '200 mi left', link: `/garage?vehicle=${entry.id}` }]);
    await scanDueCrossings(db, now);
    await scanDueCrossings(db, new Date(now.getTime() + DAY_MS));
    expect(await dueNotices(db, user)).toHaveLength(1);

    await caller.garage.update({ id: entry.id, odometer: 40_150 });
    // Two scans at once (two app processes): one announcement.
    await Promise.all([scanDueCrossings(db, now), scanDueCrossings(db, now, { batchSize: 1 })]);
    await scanDueCrossings(db, now);
    expect((await dueNotices(db, user)).map((n) => n.title)).toEqual(['Oil change is due soon: Work truck', 'Oil change is due: Work truck']);

    await caller.garage.update({ id: entry.id, odometer: 40_300 });
    await scanDueCrossings(db, now, { batchSize: 2 });
    await scanDueCrossings(db, now);
    expect((await dueNotices(db, user)).map((n) => n.title).at(-1)).toBe('Oil change is overdue: Work truck');
    expect(await dueNotices(db, user)).toHaveLength(3);

    // A service recorded starts a new cycle: nothing to announce until it comes due again.
    await caller.garage.records.create({ vehicleId: truck, componentId: due.find((i) => i.service === 'Oil change')!.componentId, serviceType: 'Oil change', date: todayIn('UTC'), mileage: 40_300 });
    await scanDueCrossings(db, now);
    expect(await dueNotices(db, user)).toHaveLength(3);
  });

  it('says nothing of a vehicle newly saved with "start tracking from today", and scans in bounded batches', async () => {
    const db = getDb();
    const { user } = await owner(12_000);
    const result = await scanDueCrossings(db, new Date(), { batchSize: 1, maxVehicles: 1 });
    expect(result.vehicles).toBe(1);
    expect(result.next).not.toBeNull();
    let next = result.next;
    while (next) next = (await scanDueCrossings(db, new Date(), { batchSize: 2, maxVehicles: 2, after: next })).next;
    expect(await dueNotices(db, user)).toEqual([]);
  });

  it('announces many crossings of one vehicle in one scan as one notification', async () => {
    const db = getDb();
    const longAgo = shiftDay(todayIn('UTC'), -3 * 365);
    const { user } = await owner(50_000, ['Oil change', 'Battery test', 'Brake fluid', 'Exhaust inspection'].map((service) => ({ service, date: longAgo })));
    await scanDueCrossings(db, new Date());
    const notices = await dueNotices(db, user);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('4 services need attention: Work truck');
    expect(notices[0]!.body).toContain('Battery test');
  });

  it('keeps custom reminders: by date as time passes, once per crossing; mark done moves a recurring one on', async () => {
    const db = getDb();
    const { user, caller, entry } = await owner(20_000);
    const today = todayIn('UTC');
    const now = new Date(`${today}T12:00:00Z`);
    const registration = await caller.garage.reminders.create({ vehicleId: truck, title: ' Renew registration ', dueDate: shiftDay(today, 20), everyMonths: 12, notes: 'Form B-12' });
    expect(registration).toMatchObject({ title: 'Renew registration', recurring: true, daysLeft: 20, milesLeft: null, urgency: 'soon', garageVehicleId: entry.id, notes: 'Form B-12' });

    await scanDueCrossings(db, now);
    await scanDueCrossings(db, now);
    expect(await dueNotices(db, user)).toEqual([{ title: 'Renew registration is due soon: Work truck', body: 'in 20 days', link: `/garage?vehicle=${entry.id}` }]);
    await scanDueCrossings(db, new Date(now.getTime() + 14 * DAY_MS));
    await scanDueCrossings(db, new Date(now.getTime() + 15 * DAY_MS));
    await scanDueCrossings(db, new Date(now.getTime() + 21 * DAY_MS));
    await scanDueCrossings(db, new Date(now.getTime() + 22 * DAY_MS));
    expect((await dueNotices(db, user)).map((n) => n.title)).toEqual([
      'Renew registration is due soon: Work truck',
      'Renew registration is due: Work truck',
      'Renew registration is overdue: Work truck',
    ]);

    // Done today: due again in 12 months, not urgent, nothing more to say.
    const done = await caller.garage.reminders.done({ id: registration.id });
    const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
    expect(done.next).toMatchObject({ dueDate: nextYear, urgency: 'ok' });
    await scanDueCrossings(db, now);
    expect(await dueNotices(db, user)).toHaveLength(3);

    // By distance from a reading: every 6,000 miles, next at 20,400 (400 left: Soon).
    const tyres = await caller.garage.reminders.create({ vehicleId: truck, title: 'Rotate tyres', dueMileage: 20_400, everyMiles: 6000 });
    expect(tyres).toMatchObject({ milesLeft: 400, urgency: 'soon', recurring: true });
    const moved = await caller.garage.reminders.done({ id: tyres.id, mileage: 20_350 });
    expect(moved.next).toMatchObject({ dueMileage: 26_350, dueDate: null, urgency: 'ok' });

    // A one-time reminder is finished when done.
    const once = await caller.garage.reminders.create({ vehicleId: truck, title: 'Buy winter tyres', dueDate: shiftDay(today, 2) });
    expect(once).toMatchObject({ recurring: false, urgency: 'due' });
    expect(await caller.garage.reminders.done({ id: once.id })).toEqual({ next: null });
    expect((await caller.garage.reminders.list({ vehicleId: truck })).map((r) => r.title).sort()).toEqual(['Renew registration', 'Rotate tyres']);
  });

  it('validates reminders, lets only their owner change them, and serves them over REST', async () => {
    const { user, caller } = await owner(30_000);
    const other = callerFor(getDb(), await createUser(getDb(), { role: 'simple' }));
    const bad = async (input: Record<string, unknown>, message: string) =>
      expect(await httpFailure(caller.garage.reminders.create({ vehicleId: truck, title: 'X', ...input } as never))).toMatchObject({ status: 400, body: { message } });
    await bad({}, 'dueDate: Give the day or the mileage it is due at');
    await bad({ dueMileage: 31_000, everyMonths: 12 }, 'dueDate: A reminder repeated by months needs the day it is next due');
    await bad({ dueDate: '2027-01-01', everyMiles: 500 }, 'dueMileage: A reminder repeated by miles needs the mileage it is next due at');
    await bad({ dueDate: '2027-02-30' }, 'dueDate: Date is not a real day');
    await bad({ dueMileage: 31_000, title: ' ' }, 'title: Reminder is required');
    await bad({ dueMileage: 31_000, everyMiles: 0 }, 'everyMiles: Repeat every at least 1 mile');

    const reminder = await caller.garage.reminders.create({ vehicleId: truck, title: 'Check tyre pressure', dueMileage: '31,000', everyMiles: 1000 });
    expect(await httpFailure(caller.garage.reminders.update({ id: reminder.id, dueMileage: null }))).toMatchObject({ status: 400, body: { message: 'Give the day or the mileage it is due at' } });
    expect(await httpFailure(caller.garage.reminders.update({ id: reminder.id, dueMileage: null, dueDate: '2030-01-01' }))).toMatchObject({
      status: 400,
      body: { message: 'A reminder repeated by miles needs the mileage it is next due at' },
    });
    expect(await caller.garage.reminders.update({ id: reminder.id, everyMiles: null, dueDate: '2030-01-01', title: 'Check pressure' })).toMatchObject({
      title: 'Check pressure',
      everyMiles: null,
      dueDate: '2030-01-01',
      dueMileage: 31_000,
      recurring: false,
    });
    for (const call of [
      () => other.garage.reminders.update({ id: reminder.id, title: 'Mine' }),
      () => other.garage.reminders.remove({ id: reminder.id }),
      () => other.garage.reminders.done({ id: reminder.id }),
      () => other.garage.reminders.list({ vehicleId: truck }),
      () => other.garage.reminders.create({ vehicleId: truck, title: 'Mine', dueMileage: 1 }),
    ]) {
      expect((await httpFailure(call())).status).toBe(404);
    }
    expect(await other.garage.reminders.list({})).toEqual([]);

    const cookie = await signInCookie(app, user.email);
    const headers = { host: 'localhost:3000', cookie, origin: ORIGIN, 'content-type': 'application/json' };
    const created = await app.inject({ method: 'POST', url: `/api/vehicles/${truck}/reminders`, headers, payload: JSON.stringify({ title: 'Wipers', dueDate: '2031-05-01' }) });
    expect(created.statusCode).toBe(201);
    const listed = await app.inject({ method: 'GET', url: `/api/vehicles/${truck}/reminders?timeZone=Europe/Berlin`, headers: { host: 'localhost:3000', cookie } });
    expect(listed.json<{ title: string }[]>().map((r) => r.title).sort()).toEqual(['Check pressure', 'Wipers']);
    const removed = await app.inject({ method: 'DELETE', url: `/api/reminders/${reminder.id}`, headers: { host: 'localhost:3000', cookie, origin: ORIGIN } });
    expect(removed.statusCode).toBe(204);
    expect((await caller.garage.reminders.list({ vehicleId: truck })).map((r) => r.title)).toEqual(['Wipers']);
  });

  it('serves a private iCalendar feed of due days, reminders and appointments; a revoked address answers 404', async () => {
    const db = getDb();
    const { user, caller, entry } = await owner(40_000, [{ service: 'Oil change', date: shiftDay(todayIn('UTC'), -30) }]);
    const reminder = await caller.garage.reminders.create({ vehicleId: truck, title: 'Renew registration, plates; sticker', dueDate: '2030-03-01', notes: 'Bring\nthe insurance card' });
    await caller.garage.reminders.create({ vehicleId: truck, title: 'Mileage only', dueMileage: 45_000 });
    const center = await db.insertInto('service_centers').values({ name: 'Feed Garage', address: '1 Main St', city: 'Springfield', state: 'IL' }).returning('id').executeTakeFirstOrThrow();
    const appointment = await caller.appointments.create({ serviceCenterId: center.id, appointmentDate: '2030-02-03T08:00:00Z', duration: 90, serviceType: 'Brake job' });

    expect(await caller.calendar.status()).toEqual({ active: false, createdAt: null, lastUsedAt: null });
    const feed = await caller.calendar.create();
    expect(feed.path).toBe(`/api/calendar/${feed.token}.ics`);
    const stored = await db.selectFrom('calendar_feeds').select('token_hash').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(feed.token);

    const res = await app.inject({ method: 'GET', url: `${feed.path}?timeZone=America/Chicago`, headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const calendar = parseIcs(res.body);
    const events = calendar.components.filter((c) => c.name === 'VEVENT');
    const byUid = new Map(events.map((e) => [e.get('UID'), e]));
    expect(byUid.size).toBe(events.length);

    const due = await caller.garage.due({ timeZone: 'America/Chicago' });
    const dated = due.filter((item) => item.dueDate !== null);
    const oil = dated.find((item) => item.service === 'Oil change')!;
    // Every dated computed item, the dated reminder (not the mileage-only one) and the appointment.
    expect(events).toHaveLength(dated.length + 2);
    const oilEvent = events.find((e) => e.get('SUMMARY') === 'Oil change: Work truck')!;
    expect(oilEvent.param('DTSTART', 'VALUE')).toBe('DATE');
    expect(oilEvent.get('DTSTART')).toBe(oil.dueDate!.replace(/-/g, ''));
    expect(oilEvent.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    const reminderEvent = byUid.get(`reminder-${reminder.id}@vintech`)!;
    expect(reminderEvent.get('SUMMARY')).toBe('Renew registration, plates; sticker: Work truck');
    expect(reminderEvent.get('DESCRIPTION')).toContain('Bring\nthe insurance card');
    expect(reminderEvent.get('DTSTART')).toBe('20300301');
    expect(reminderEvent.get('DTEND')).toBe('20300302');
    const appointmentEvent = byUid.get(`appointment-${appointment.id}@vintech`)!;
    expect(appointmentEvent.get('SUMMARY')).toBe('Brake job at Feed Garage');
    expect(appointmentEvent.get('DTSTART')).toBe('20300203T080000Z');
    expect(appointmentEvent.get('DTEND')).toBe('20300203T093000Z');

    // The same item keeps its UID in the next copy of the feed.
    const again = parseIcs((await app.inject({ method: 'GET', url: feed.path, headers: { host: 'localhost:3000' } })).body);
    expect(again.components.map((c) => c.get('UID')).sort()).toEqual([...byUid.keys()].sort());
    expect((await caller.calendar.status()).active).toBe(true);
    expect(entry.id).toBeTruthy();

    // A new address replaces the old one; revoking ends it.
    const renewed = await caller.calendar.create();
    expect((await app.inject({ method: 'GET', url: feed.path, headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: renewed.path, headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect(await caller.calendar.revoke()).toEqual({ revoked: true });
    const revoked = await app.inject({ method: 'GET', url: renewed.path, headers: { host: 'localhost:3000' } });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ message: 'Unknown calendar feed', code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'GET', url: '/api/calendar/nope.ics', headers: { host: 'localhost:3000' } })).statusCode).toBe(404);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM calendar_feeds WHERE user_id = ${user.id}::uuid`.execute(db);
    expect(rows.rows[0]!.n).toBe(0);
  });
});
