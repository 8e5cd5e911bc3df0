import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../shared/dates.ts';
import { addMonths, daysBetween } from '../../../shared/dates.ts';
import { computeDue, worstUrgency, type DueInput } from '../../../shared/due.ts';
import { URGENCIES, type DueItem } from '../../../shared/garage.ts';
import { type ServiceRecord } from '../../../shared/service-records.ts';
import type { Vehicle, VehicleComponent } from '../../../shared/vehicles.ts';
import type { Database } from '../../db/index.ts';
import { seedDatabase } from '../../db/seed.ts';
import { toHttpError } from '../../http/errors.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';

// ---- Helpers -------------------------------------------------------------------------------

/** `day` moved by whole days, computed on its own (not with the code under test). */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The REST answer a failed call turns into (status and JSON body). */
async function httpFailure(promise: Promise<unknown>) {
  return toHttpError(await rejection(promise));
}

/** Counts the statements sent through a database handle (raw `sql` ones included). */
function countingDb(db: Database): { db: Database; count: () => number; reset: () => void } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements += 1;
      return args.node;
    },
    transformResult(args) {
      return Promise.resolve(args.result);
    },
  };
  return { db: db.withPlugin(plugin), count: () => statements, reset: () => (statements = 0) };
}

/**
 * A tiny RFC 4180 reader: fields split by commas, records by CRLF, a quoted field may hold commas,
 * line breaks and doubled quotes. Anything else (a bare LF, a quote inside an unquoted field) throws.
 */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (ch === '"') {
      if (field !== '' || wasQuoted) throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      wasQuoted = false;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      wasQuoted = false;
      i++;
    } else if (ch === '\r' || ch === '\n') {
      throw new Error(`line break outside quotes that is not CRLF at ${i}`);
    } else {
      if (wasQuoted) throw new Error(`text after a closing quote at ${i}`);
      field += ch;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('the last record does not end with CRLF');
  return rows;
}

describe('parseCsv (the test reader itself)', () => {
  it('reads quoted commas, doubled quotes and line breaks, and refuses malformed text', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""","two\r\nlines"\r\n,\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['', ''],
    ]);
    expect(() => parseCsv('a,b\n')).toThrow();
    expect(() => parseCsv('a"b\r\n')).toThrow();
    expect(() => parseCsv('"a\r\n')).toThrow();
    expect(() => parseCsv('a,b')).toThrow();
  });
});

// ---- The pure due computation --------------------------------------------------------------

describe('computeDue', () => {
  // Every 6 months, last done on 2026-01-15: due on 2026-07-15.
  const byTime: DueInput = { miles: null, months: 6, lastDate: '2026-01-15', lastMileage: 10_000, modelYear: 2020, odometer: 10_000, today: '2026-01-15' };
  const due = '2026-07-15';
  const onDay = (daysLeft: number) => computeDue({ ...byTime, today: shiftDay(due, -daysLeft) });

  it('counts the due day itself as due, and the day after as overdue', () => {
    expect(onDay(0)).toEqual({ dueDate: due, dueMileage: null, daysLeft: 0, milesLeft: null, urgency: 'due' });
    expect(onDay(1)).toMatchObject({ daysLeft: 1, urgency: 'due' });
    expect(onDay(-1)).toMatchObject({ daysLeft: -1, urgency: 'overdue' });
    expect(onDay(-400)).toMatchObject({ daysLeft: -400, urgency: 'overdue' });
  });

  it.each([
    [7, 'due'],
    [8, 'soon'],
    [30, 'soon'],
    [31, 'ok'],
    [181, 'ok'],
  ] as const)('%i days before the due day is %s', (daysLeft, urgency) => {
    expect(onDay(daysLeft)).toEqual({ dueDate: due, dueMileage: null, daysLeft, milesLeft: null, urgency });
  });

  // Every 5,000 miles, last done at 10,000: due at 15,000.
  const byDistance: DueInput = { miles: 5000, months: null, lastDate: '2026-01-15', lastMileage: 10_000, modelYear: 2020, odometer: 10_000, today: '2026-03-01' };
  it.each([
    [15_000, 0, 'due'],
    [15_001, -1, 'overdue'],
    [30_000, -15_000, 'overdue'],
    [14_900, 100, 'due'],
    [14_899, 101, 'soon'],
    [14_500, 500, 'soon'],
    [14_499, 501, 'ok'],
    [10_000, 5000, 'ok'],
  ] as const)('at %i miles (due at 15,000): %i miles left, %s', (odometer, milesLeft, urgency) => {
    expect(computeDue({ ...byDistance, odometer })).toEqual({ dueDate: null, dueMileage: 15_000, daysLeft: null, milesLeft, urgency });
  });

  it('counts from January 1 of the model year at 0 miles when nothing was done yet', () => {
    const first: DueInput = { miles: 5000, months: 6, lastDate: null, lastMileage: null, modelYear: 2024, odometer: 4600, today: '2024-06-24' };
    expect(computeDue(first)).toEqual({ dueDate: '2024-07-01', dueMileage: 5000, daysLeft: 7, milesLeft: 400, urgency: 'due' });
    // A mileage without a date is no service: still counted from the model year at 0 miles.
    expect(computeDue({ ...first, lastMileage: 4000, odometer: 100, today: '2024-01-02' })).toEqual({
      dueDate: '2024-07-01',
      dueMileage: 5000,
      daysLeft: 181,
      milesLeft: 4900,
      urgency: 'ok',
    });
    // An old car that never had one is long overdue.
    expect(computeDue({ ...first, modelYear: 2011, odometer: 41_250, today: '2026-11-23' })).toMatchObject({
      dueDate: '2011-07-01',
      dueMileage: 5000,
      milesLeft: -36_250,
      urgency: 'overdue',
    });
  });

  it('reads an interval by time only and one by distance only', () => {
    const timeOnly = computeDue({ ...byTime, odometer: 9_999_999, today: shiftDay(due, -100) });
    expect(timeOnly).toEqual({ dueDate: due, dueMileage: null, daysLeft: 100, milesLeft: null, urgency: 'ok' });
    const distanceOnly = computeDue({ ...byDistance, today: '2099-01-01' });
    expect(distanceOnly).toEqual({ dueDate: null, dueMileage: 15_000, daysLeft: null, milesLeft: 5000, urgency: 'ok' });
    // Neither: nothing to count, never urgent.
    expect(computeDue({ ...byTime, months: null })).toEqual({ dueDate: null, dueMileage: null, daysLeft: null, milesLeft: null, urgency: 'ok' });
  });

  it('takes whichever of time and distance is worse', () => {
    const both: DueInput = { miles: 5000, months: 6, lastDate: '2026-01-15', lastMileage: 10_000, modelYear: 2020, odometer: 10_000, today: shiftDay(due, -100) };
    expect(computeDue(both)).toMatchObject({ daysLeft: 100, milesLeft: 5000, urgency: 'ok' });
    expect(computeDue({ ...both, odometer: 15_001 })).toMatchObject({ daysLeft: 100, milesLeft: -1, urgency: 'overdue' });
    expect(computeDue({ ...both, odometer: 14_950 })).toMatchObject({ daysLeft: 100, milesLeft: 50, urgency: 'due' });
    expect(computeDue({ ...both, odometer: 14_600 })).toMatchObject({ milesLeft: 400, urgency: 'soon' });
    expect(computeDue({ ...both, today: shiftDay(due, 1) })).toMatchObject({ daysLeft: -1, milesLeft: 5000, urgency: 'overdue' });
    expect(computeDue({ ...both, today: shiftDay(due, -3), odometer: 14_600 })).toMatchObject({ daysLeft: 3, milesLeft: 400, urgency: 'due' });
    expect(computeDue({ ...both, today: shiftDay(due, -20), odometer: 10_001 })).toMatchObject({ daysLeft: 20, urgency: 'soon' });
  });

  it('keeps a month-end date within the shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-01-15', 60)).toBe('2030-01-15');
    const monthly = computeDue({ miles: null, months: 1, lastDate: '2025-01-31', lastMileage: null, modelYear: 2020, odometer: 0, today: '2025-02-28' });
    expect(monthly).toMatchObject({ dueDate: '2025-02-28', daysLeft: 0, urgency: 'due' });
    expect(computeDue({ miles: null, months: 1, lastDate: '2025-01-31', lastMileage: null, modelYear: 2020, odometer: 0, today: '2025-03-01' })).toMatchObject({
      daysLeft: -1,
      urgency: 'overdue',
    });
  });

  it('counts whole days across month ends, leap days and clock changes', () => {
    expect(daysBetween('2025-01-31', '2025-02-28')).toBe(28);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-11-23', '2026-11-16')).toBe(-7);
  });

  it('reports the worst urgency of a list', () => {
    expect(worstUrgency([])).toBe('ok');
    expect(worstUrgency(['ok', 'soon', 'due'])).toBe('due');
    expect(worstUrgency(['soon', 'overdue', 'ok'])).toBe('overdue');
  });
});

// ---- With the database ---------------------------------------------------------------------

const F150_VIN = '1FTFW1EF7BFB11754'; // 2011 Ford F-150
const CRV_VIN = '2HKRW2H20NH207506'; // 2022 Honda CR-V
const ACCORD_VIN = '1HGCM82633A004352'; // 2003 Honda Accord
const MISSING = '6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab';
const ORIGIN = 'http://localhost:3000';

interface Stored {
  vehicle: Vehicle;
  components: VehicleComponent[];
  component(name: string): VehicleComponent;
}

describeEachDatabase('garage and service records', (getDb) => {
  let app: FastifyInstance;
  let f150: Stored;
  let crv: Stored;
  let accord: Stored;

  async function store(vin: string): Promise<Stored> {
    const anonymous = callerFor(getDb(), null);
    const vehicle = await anonymous.vehicles.decodeVin({ vin });
    const components = await anonymous.vehicles.components({ vehicleId: vehicle.id });
    return {
      vehicle,
      components,
      component(name) {
        const found = components.find((c) => c.name === name);
        if (!found) throw new Error(`${vin} has no ${name}`);
        return found;
      },
    };
  }

  beforeAll(async () => {
    f150 = await store(F150_VIN);
    crv = await store(CRV_VIN);
    accord = await store(ACCORD_VIN);
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A new owner with `vehicle` in the garage. */
  async function ownerWith(vehicle: Vehicle, odometer = 41_250, role: 'simple' | 'tech' = 'simple') {
    const user = await createUser(getDb(), { role });
    const caller = callerFor(getDb(), user);
    const entry = await caller.garage.add({ vehicleId: vehicle.id, nickname: `${vehicle.model} of ${user.email}`.slice(0, 60), odometer });
    return { user, caller, entry };
  }

  async function recordCount(vehicleId: string, userId: string): Promise<number> {
    const row = await getDb()
      .selectFrom('service_records')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('vehicle_id', '=', vehicleId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async function odometerOf(garageId: string): Promise<number> {
    const row = await getDb().selectFrom('garage_vehicles').select('odometer').where('id', '=', garageId).executeTakeFirstOrThrow();
    return row.odometer;
  }

  async function rest(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | null, body?: unknown) {
    const headers: Record<string, string> = { host: 'localhost:3000' };
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers.origin = ORIGIN;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
  }

  // -- Garage ------------------------------------------------------------------------------

  it('adds a vehicle to the garage once, renames it, updates its odometer and removes it', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const me = callerFor(db, owner);
    const someoneElse = callerFor(db, await createUser(db));

    const entry = await me.garage.add({ vehicleId: f150.vehicle.id, nickname: '  Work truck ', odometer: '41,250' });
    expect(entry).toMatchObject({ nickname: 'Work truck', odometer: 41_250, vehicle: { id: f150.vehicle.id, vin: F150_VIN, year: 2011, make: 'Ford', model: 'F-150' } });
    expect(await me.garage.list()).toEqual([entry]);
    expect(await me.garage.get({ id: entry.id })).toEqual(entry);

    const duplicate = await httpFailure(me.garage.add({ vehicleId: f150.vehicle.id, nickname: 'Again', odometer: 1 }));
    expect(duplicate).toMatchObject({ status: 409, body: { message: 'This vehicle is already in your garage', code: 'CONFLICT' } });
    expect(await httpFailure(me.garage.add({ vehicleId: MISSING, nickname: 'Ghost', odometer: 1 }))).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
    expect(await httpFailure(me.garage.add({ vehicleId: crv.vehicle.id, nickname: '   ', odometer: 1 }))).toMatchObject({ status: 400, body: { message: 'Nickname is required' } });
    expect(await httpFailure(me.garage.add({ vehicleId: crv.vehicle.id, nickname: 'CR-V', odometer: -3 }))).toMatchObject({ status: 400, body: { message: 'odometer: Mileage must not be negative' } });
    expect(await httpFailure(me.garage.add({ vehicleId: crv.vehicle.id, nickname: 'CR-V', odometer: 10.5 }))).toMatchObject({ status: 400, body: { message: 'odometer: Mileage must be a whole number of miles' } });
    expect(await me.garage.list()).toHaveLength(1);

    // Someone else may save the same vehicle, and never reaches my entry.
    const theirs = await someoneElse.garage.add({ vehicleId: f150.vehicle.id, nickname: 'Their truck', odometer: 90_000 });
    for (const call of [
      () => someoneElse.garage.get({ id: entry.id }),
      () => someoneElse.garage.update({ id: entry.id, nickname: 'Stolen' }),
      () => someoneElse.garage.remove({ id: entry.id }),
    ]) {
      expect(await httpFailure(call())).toMatchObject({ status: 404, body: { message: 'Vehicle not found in your garage' } });
    }

    const renamed = await me.garage.update({ id: entry.id, nickname: 'Old Blue' });
    expect(renamed).toMatchObject({ nickname: 'Old Blue', odometer: 41_250 });
    expect(renamed.odometerUpdatedAt).toEqual(entry.odometerUpdatedAt);
    const driven = await me.garage.update({ id: entry.id, odometer: 43_000 });
    expect(driven).toMatchObject({ nickname: 'Old Blue', odometer: 43_000 });
    expect(driven.odometerUpdatedAt.getTime()).toBeGreaterThanOrEqual(entry.odometerUpdatedAt.getTime());
    // A lower reading typed by the owner is a correction and is kept.
    expect(await me.garage.update({ id: entry.id, odometer: 42_000 })).toMatchObject({ odometer: 42_000 });
    expect(await httpFailure(me.garage.update({ id: entry.id, odometer: 2_000_001 }))).toMatchObject({ status: 400 });
    expect(await someoneElse.garage.get({ id: theirs.id })).toMatchObject({ nickname: 'Their truck', odometer: 90_000 });

    await me.garage.remove({ id: entry.id });
    expect(await me.garage.list()).toEqual([]);
    expect(await httpFailure(me.garage.get({ id: entry.id }))).toMatchObject({ status: 404 });
    expect(await httpFailure(me.garage.remove({ id: entry.id }))).toMatchObject({ status: 404 });
    expect(await someoneElse.garage.list()).toHaveLength(1);
  });

  it('keeps the records of a removed vehicle and shows them again when it is saved again', async () => {
    const { user, caller, entry } = await ownerWith(crv.vehicle, 12_000);
    const record = await caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Tire rotation', date: '2026-01-10', mileage: 11_000 });
    await caller.garage.remove({ id: entry.id });
    // Without the vehicle in the garage, no new records.
    const refused = await httpFailure(caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Wash', date: '2026-01-11' }));
    expect(refused).toMatchObject({ status: 404, body: { message: 'Vehicle not found in your garage' } });
    expect(await recordCount(crv.vehicle.id, user.id)).toBe(1);

    await caller.garage.add({ vehicleId: crv.vehicle.id, nickname: 'Back again', odometer: 12_500 });
    const page = await caller.garage.records.list({ vehicleId: crv.vehicle.id });
    expect(page).toEqual({ items: [record], total: 1 });
  });

  // -- Due list ----------------------------------------------------------------------------

  it('computes the due list of a whole garage in one query, matching an independent computation', async () => {
    const db = getDb();
    const timeZone = 'America/Chicago';
    const { user, caller, entry: truck } = await ownerWith(f150.vehicle, 41_250);
    const suv = await caller.garage.add({ vehicleId: crv.vehicle.id, nickname: 'Family SUV', odometer: 12_000 });
    // Another owner's garage and records never leak in.
    const stranger = await ownerWith(accord.vehicle, 200_000);
    await stranger.caller.garage.records.create({ vehicleId: accord.vehicle.id, componentId: accord.component('Engine').id, serviceType: 'Oil change', date: '2026-01-01', mileage: 199_000 });
    // One completed brake inspection on the SUV.
    const brakeDay = '2026-06-01';
    await caller.garage.records.create({ vehicleId: crv.vehicle.id, componentId: crv.component('Brakes').id, serviceType: 'Brake inspection', date: brakeDay, mileage: 9000 });

    const counting = countingDb(db);
    const today = todayIn(timeZone);
    const due = await callerFor(counting.db, user).garage.due({ timeZone });
    expect(counting.count(), 'statements sent for the whole garage').toBe(1);

    // The same list worked out here from the component schedules.
    const expected: DueItem[] = [];
    for (const [stored, entry] of [
      [f150, truck],
      [crv, suv],
    ] as const) {
      for (const component of stored.components) {
        for (const interval of component.serviceSchedule) {
          const service = interval.label.replace(/ \(generic\)$/, '');
          const last = stored === crv && component.name === 'Brakes' && service === 'Brake inspection' ? { date: brakeDay, mileage: 9000 } : null;
          const baseDay = last?.date ?? `${stored.vehicle.year}-01-01`;
          const baseMiles = last?.mileage ?? 0;
          const [y, m, d] = baseDay.split('-').map(Number) as [number, number, number];
          let dueDate: string | null = null;
          if (interval.months) {
            const lastOfMonth = new Date(Date.UTC(y, m - 1 + interval.months + 1, 0)).getUTCDate();
            const firstOfMonth = new Date(Date.UTC(y, m - 1 + interval.months, 1));
            dueDate = shiftDay(firstOfMonth.toISOString().slice(0, 10), Math.min(d, lastOfMonth) - 1);
          }
          const dueMileage = interval.miles ? baseMiles + interval.miles : null;
          const daysLeft = dueDate === null ? null : Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
          const milesLeft = dueMileage === null ? null : dueMileage - entry.odometer;
          const within = (limitDays: number, limitMiles: number) => (daysLeft !== null && daysLeft <= limitDays) || (milesLeft !== null && milesLeft <= limitMiles);
          const urgency = within(-1, -1) ? 'overdue' : within(7, 100) ? 'due' : within(30, 500) ? 'soon' : 'ok';
          expected.push({
            garageVehicleId: entry.id,
            vehicleId: stored.vehicle.id,
            nickname: entry.nickname,
            componentId: component.id,
            componentName: component.name,
            service,
            intervalText: interval.text,
            lastServiceDate: last?.date ?? null,
            lastServiceMileage: last?.mileage ?? null,
            dueDate,
            dueMileage,
            daysLeft,
            milesLeft,
            urgency,
          });
        }
      }
    }
    const key = (item: DueItem) => `${item.garageVehicleId}/${item.componentId}/${item.service}`;
    const byKey = (a: DueItem, b: DueItem) => key(a).localeCompare(key(b));
    expect([...due].sort(byKey)).toEqual(expected.sort(byKey));
    expect(due.length).toBeGreaterThan(20);

    // Most urgent first.
    const ranks = due.map((item) => URGENCIES.indexOf(item.urgency));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(due[0]?.urgency).toBe('overdue');

    // A 2011 truck never serviced: the oil change was due on 2011-07-01 at 5,000 miles.
    const oil = due.find((item) => item.vehicleId === f150.vehicle.id && item.componentName === 'Engine' && item.service === 'Oil change');
    expect(oil).toMatchObject({ lastServiceDate: null, dueDate: '2011-07-01', dueMileage: 5000, milesLeft: -36_250, urgency: 'overdue', intervalText: 'Every 5,000–7,500 miles or 6 months' });

    // One vehicle only.
    const suvOnly = await caller.garage.due({ timeZone, vehicleId: crv.vehicle.id });
    expect(suvOnly.map(key).sort()).toEqual(expected.filter((item) => item.vehicleId === crv.vehicle.id).map(key).sort());
    expect(await callerFor(db, await createUser(db)).garage.due({})).toEqual([]);
    expect(await httpFailure(caller.garage.due({ timeZone: 'Mars/Olympus' }))).toMatchObject({ status: 400 });
  });

  it('turns the oil change from overdue to ok once a completed Oil change on the Engine is recorded', async () => {
    const { caller, entry } = await ownerWith(f150.vehicle, 41_250);
    const engine = f150.component('Engine');
    const oilChange = async () => {
      const items = await caller.garage.due({ vehicleId: f150.vehicle.id });
      const found = items.filter((item) => item.componentId === engine.id && item.service === 'Oil change');
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    expect((await oilChange()).urgency).toBe('overdue');

    const today = todayIn('UTC');
    // None of these is a completed oil change of the Engine.
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, componentId: engine.id, serviceType: 'Oil change', date: shiftDay(today, 3), status: 'scheduled', mileage: 41_300 });
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, componentId: f150.component('Transmission').id, serviceType: 'Oil change', date: today, mileage: 41_250 });
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, componentId: engine.id, serviceType: 'Oil check', date: today, mileage: 41_250 });
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'Oil change', date: today, mileage: 41_250 });
    expect((await oilChange()).urgency).toBe('overdue');

    const record = await caller.garage.records.create({ vehicleId: f150.vehicle.id, componentId: engine.id, serviceType: 'oil change', date: today, mileage: 41_250, cost: '59.90' });
    expect(record).toMatchObject({ componentId: engine.id, componentName: 'Engine', status: 'completed', mileageValue: 41_250, mileage: '41250', cost: '59.90' });
    expect(await oilChange()).toMatchObject({
      lastServiceDate: today,
      lastServiceMileage: 41_250,
      dueDate: addMonths(today, 6),
      dueMileage: 46_250,
      milesLeft: 5000,
      urgency: 'ok',
    });
    // The air filter of the same engine still counts from the model year.
    const items = await caller.garage.due({ vehicleId: f150.vehicle.id });
    expect(items.find((item) => item.componentId === engine.id && item.service === 'Engine air filter')).toMatchObject({ lastServiceDate: null, urgency: 'overdue' });

    // Driving on brings it back: 4,950 miles later it is due.
    await caller.garage.update({ id: entry.id, odometer: 46_200 });
    expect(await oilChange()).toMatchObject({ milesLeft: 50, urgency: 'due' });
  });

  it('raises the odometer with a completed record, never lowers it, and ignores scheduled ones', async () => {
    const { caller, entry } = await ownerWith(crv.vehicle, 12_000);
    const today = todayIn('UTC');
    const first = await caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Tire rotation', date: today, mileage: '12,800' });
    expect(first.mileageValue).toBe(12_800);
    expect(await odometerOf(entry.id)).toBe(12_800);
    await caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Older invoice', date: '2025-01-01', mileage: 5000 });
    expect(await odometerOf(entry.id)).toBe(12_800);
    const planned = await caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Planned', date: shiftDay(today, 30), mileage: 20_000, status: 'scheduled' });
    expect(await odometerOf(entry.id)).toBe(12_800);
    await caller.garage.records.update({ id: first.id, mileage: 13_100 });
    expect(await odometerOf(entry.id)).toBe(13_100);
    await caller.garage.records.update({ id: first.id, mileage: 100 });
    expect(await odometerOf(entry.id)).toBe(13_100);
    // Marking the planned job done (on a day that has come) raises it.
    await caller.garage.records.update({ id: planned.id, status: 'completed', date: today });
    expect(await odometerOf(entry.id)).toBe(20_000);
  });

  // -- Records list ------------------------------------------------------------------------

  it('filters records by search, status, days in a time zone and component, and pages with a total', async () => {
    const { user, caller } = await ownerWith(f150.vehicle, 60_000);
    await caller.garage.add({ vehicleId: crv.vehicle.id, nickname: 'Second car', odometer: 1000 });
    const engine = f150.component('Engine');
    const brakes = f150.component('Brakes');
    const make = (serviceType: string, date: string, extra: Partial<{ componentId: string; description: string; notes: string; status: 'completed' | 'scheduled' | 'urgent' }> = {}) =>
      caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType, date, ...extra });
    const r1 = await make('Oil change', '2025-03-01', { componentId: engine.id, description: 'Full synthetic 5W-20' });
    const r2 = await make('Pads replaced', '2025-03-02', { componentId: brakes.id, notes: 'Squeal gone' });
    const r3 = await make('Rotors', '2025-03-03', { componentId: brakes.id, description: 'Cut 100% clean' });
    const r4 = await make('Inspection', '2025-04-10', { status: 'urgent', description: 'Brake fluid dark' });
    const r5 = await make('Detailing', '2030-01-01', { status: 'scheduled', description: '100 percent wax' });
    const r6 = await make('Oil change', '2024-12-31', { componentId: engine.id, notes: 'synthetic blend' });
    // Same owner, another vehicle; another owner, same vehicle.
    await caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Oil change', date: '2025-03-02' });
    const stranger = await ownerWith(f150.vehicle);
    await stranger.caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'Oil change', date: '2025-03-02', description: 'synthetic' });

    const ids = async (filters: Omit<Parameters<typeof caller.garage.records.list>[0], 'vehicleId'>) => {
      const page = await caller.garage.records.list({ vehicleId: f150.vehicle.id, ...filters });
      expect(page.total).toBe(page.items.length);
      return page.items.map((item) => item.id);
    };
    // Newest first.
    expect(await ids({})).toEqual([r5.id, r4.id, r3.id, r2.id, r1.id, r6.id]);
    expect(await ids({ search: 'SYNTHETIC' })).toEqual([r1.id, r6.id]);
    expect(await ids({ search: 'squeal' })).toEqual([r2.id]);
    expect(await ids({ search: 'brakes' })).toEqual([r3.id, r2.id]);
    expect(await ids({ search: 'ford f-150' })).toHaveLength(6);
    expect(await ids({ search: '100%' })).toEqual([r3.id]);
    expect(await ids({ search: 'Cut_100' })).toEqual([]);
    expect(await ids({ search: 'no such thing' })).toEqual([]);
    expect(await ids({ status: 'scheduled' })).toEqual([r5.id]);
    expect(await ids({ status: 'urgent' })).toEqual([r4.id]);
    expect(await ids({ status: 'completed', search: 'oil' })).toEqual([r1.id, r6.id]);
    expect(await ids({ componentId: brakes.id })).toEqual([r3.id, r2.id]);
    expect(await ids({ componentId: engine.id, from: '2025-01-01' })).toEqual([r1.id]);
    expect(await ids({ componentId: crv.component('Brakes').id })).toEqual([]);

    // Days are the days the owner typed, in any time zone (far east, far west and UTC).
    for (const timeZone of ['Pacific/Auckland', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
      expect(await ids({ from: '2025-03-02', to: '2025-03-02', timeZone }), timeZone).toEqual([r2.id]);
      expect(await ids({ from: '2025-03-01', to: '2025-03-03', timeZone }), timeZone).toEqual([r3.id, r2.id, r1.id]);
      expect(await ids({ to: '2024-12-31', timeZone }), timeZone).toEqual([r6.id]);
      expect(await ids({ from: '2025-03-03', timeZone }), timeZone).toEqual([r5.id, r4.id, r3.id]);
    }
    expect(await httpFailure(caller.garage.records.list({ from: '2025-03-03', to: '2025-03-01' }))).toMatchObject({ status: 400, body: { message: 'to: The start date must not be after the end date' } });
    expect(await httpFailure(caller.garage.records.list({ from: '2025-02-30' }))).toMatchObject({ status: 400, body: { message: 'from: Date is not a real day' } });

    // Paging: the total stays, the pages do not overlap and together give the whole list.
    const pages = [];
    for (const offset of [0, 2, 4, 6]) pages.push(await caller.garage.records.list({ vehicleId: f150.vehicle.id, limit: 2, offset }));
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6]);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 0]);
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual([r5.id, r4.id, r3.id, r2.id, r1.id, r6.id]);
    const filtered = await caller.garage.records.list({ vehicleId: f150.vehicle.id, componentId: brakes.id, limit: 1, offset: 1 });
    expect(filtered).toMatchObject({ total: 2, items: [{ id: r2.id }] });
    // Without a vehicle: every record of mine, on both vehicles.
    expect((await caller.garage.records.list({})).total).toBe(7);

    // The same over REST: query parameters, X-Total-Count.
    const cookie = await signInCookie(app, user.email);
    const res = await rest('GET', `/api/vehicles/${f150.vehicle.id}/service-records?search=synthetic&status=&from=2024-12-31&to=2025-03-01&timeZone=Pacific/Auckland&limit=1`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json<{ id: string }[]>().map((item) => item.id)).toEqual([r1.id]);
    const unknownVehicle = await rest('GET', `/api/vehicles/${MISSING}/service-records`, cookie);
    expect(unknownVehicle.statusCode).toBe(404);
    expect((await rest('GET', `/api/vehicles/${f150.vehicle.id}/service-records?limit=101`, cookie)).statusCode).toBe(400);
  });

  // -- Who may do what ---------------------------------------------------------------------

  it('answers anonymous callers 401 on every path and procedure', async () => {
    const anonymous = callerFor(getDb(), null);
    // Thunks, called one at a time: a rejection nobody awaits yet would be reported as unhandled.
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.garage.list(),
      () => anonymous.garage.get({ id: MISSING }),
      () => anonymous.garage.add({ vehicleId: f150.vehicle.id, nickname: 'x', odometer: 1 }),
      () => anonymous.garage.update({ id: MISSING, nickname: 'x' }),
      () => anonymous.garage.remove({ id: MISSING }),
      () => anonymous.garage.due({}),
      () => anonymous.garage.records.list({}),
      () => anonymous.garage.records.get({ id: MISSING }),
      () => anonymous.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'x', date: '2025-01-01' }),
      () => anonymous.garage.records.update({ id: MISSING, notes: 'x' }),
      () => anonymous.garage.records.remove({ id: MISSING }),
      () => anonymous.garage.records.csv({ vehicleId: f150.vehicle.id }),
      () => anonymous.garage.records.customerVehicles({}),
    ];
    for (const call of calls) expect((await rejection(call())).code).toBe('UNAUTHORIZED');
    const v = f150.vehicle.id;
    for (const [method, url] of [
      ['GET', '/api/garage'],
      ['POST', '/api/garage'],
      ['GET', '/api/garage/due'],
      ['PATCH', `/api/garage/${MISSING}`],
      ['DELETE', `/api/garage/${MISSING}`],
      ['GET', `/api/vehicles/${v}/service-records`],
      ['POST', `/api/vehicles/${v}/service-records`],
      ['GET', `/api/vehicles/${v}/service-records.csv`],
      ['PATCH', `/api/service-records/${MISSING}`],
      ['DELETE', `/api/service-records/${MISSING}`],
    ] as const) {
      const res = await rest(method, url, null, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("keeps owner A's records from owner B: every read and write answers 404", async () => {
    const db = getDb();
    const a = await ownerWith(f150.vehicle, 50_000);
    const b = await ownerWith(crv.vehicle, 8000);
    const record = await a.caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'Oil change', date: '2025-05-05', notes: 'A only' });
    expect(record).toMatchObject({ userId: a.user.id, technicianId: null, technicianName: null });

    const notFound = { status: 404, body: { message: 'Service record not found', code: 'NOT_FOUND' } };
    expect(await httpFailure(b.caller.garage.records.get({ id: record.id }))).toMatchObject(notFound);
    expect(await httpFailure(b.caller.garage.records.update({ id: record.id, notes: 'B was here' }))).toMatchObject(notFound);
    expect(await httpFailure(b.caller.garage.records.remove({ id: record.id }))).toMatchObject(notFound);
    expect(await b.caller.garage.records.list({ vehicleId: f150.vehicle.id })).toEqual({ items: [], total: 0 });
    expect((await b.caller.garage.records.list({})).items.map((item) => item.id)).not.toContain(record.id);
    const csv = await b.caller.garage.records.csv({ vehicleId: f150.vehicle.id });
    expect(csv.csv.split('\r\n').filter(Boolean)).toHaveLength(1);

    // B cannot write into A's history, with or without naming A.
    const notInGarage = { status: 404, body: { message: 'Vehicle not found in your garage', code: 'NOT_FOUND' } };
    const count = await recordCount(f150.vehicle.id, a.user.id);
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: f150.vehicle.id, customerId: a.user.id, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: MISSING, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await recordCount(f150.vehicle.id, a.user.id)).toBe(count);
    expect(await recordCount(f150.vehicle.id, b.user.id)).toBe(0);
    expect((await rejection(b.caller.garage.records.customerVehicles({}))).code).toBe('FORBIDDEN');

    // Over REST as well.
    const cookieB = await signInCookie(app, b.user.email);
    for (const [method, body] of [
      ['PATCH', { notes: 'B' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await rest(method, `/api/service-records/${record.id}`, cookieB, body);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json<unknown>()).toEqual({ message: 'Service record not found', code: 'NOT_FOUND' });
    }
    const post = await rest('POST', `/api/vehicles/${f150.vehicle.id}/service-records`, cookieB, { serviceType: 'x', date: '2025-05-05' });
    expect(post.statusCode).toBe(404);
    expect(post.json<unknown>()).toEqual({ message: 'Vehicle not found in your garage', code: 'NOT_FOUND' });
    expect(await a.caller.garage.records.get({ id: record.id })).toEqual(record);
    expect(await db.selectFrom('service_records').select('notes').where('id', '=', record.id).executeTakeFirstOrThrow()).toEqual({ notes: 'A only' });
  });

  it('lets a technician keep records of a customer vehicle only when the customer named it in an inquiry or appointment', async () => {
    const db = getDb();
    const tech = await createUser(db, { role: 'tech' });
    const asTech = callerFor(db, tech);
    const customer = await ownerWith(f150.vehicle, 30_000);
    const otherCustomer = await ownerWith(crv.vehicle, 5000);
    const input = (customerId: string, vehicleId: string) => ({ vehicleId, customerId, serviceType: 'Brake inspection', date: '2025-06-01', mileage: 31_000 });

    // No tie yet: the customer's vehicle reads as missing, and nothing is listed.
    const before = await customer.caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'Owner note', date: '2025-05-01' });
    expect(await httpFailure(asTech.garage.records.create(input(customer.user.id, f150.vehicle.id)))).toMatchObject({ status: 404, body: { message: 'Vehicle not found in your garage' } });
    expect(await httpFailure(asTech.garage.records.get({ id: before.id }))).toMatchObject({ status: 404 });
    expect(await asTech.garage.records.list({ vehicleId: f150.vehicle.id })).toEqual({ items: [], total: 0 });
    expect(await asTech.garage.records.customerVehicles({ customerId: customer.user.id })).toEqual([]);
    // A tie of one vehicle does not reach the customer's other vehicles...
    await customer.caller.inquiries.create({ inquiryType: 'service', subject: 'Squeal', description: 'Brakes squeal', vehicleId: f150.vehicle.id });
    await customer.caller.garage.add({ vehicleId: accord.vehicle.id, nickname: 'Old Accord', odometer: 150_000 });
    expect(await httpFailure(asTech.garage.records.create(input(customer.user.id, accord.vehicle.id)))).toMatchObject({ status: 404 });
    // ...nor another customer's history of a vehicle the first one named.
    expect(await httpFailure(asTech.garage.records.create(input(otherCustomer.user.id, f150.vehicle.id)))).toMatchObject({ status: 404 });
    // Owners cannot use the technician path.
    expect(await httpFailure(otherCustomer.caller.garage.records.create(input(customer.user.id, f150.vehicle.id)))).toMatchObject({ status: 404 });

    // Tied through the inquiry: the record joins the customer's history, written by the technician.
    const written = await asTech.garage.records.create(input(customer.user.id, f150.vehicle.id));
    expect(written).toMatchObject({ vehicleId: f150.vehicle.id, userId: customer.user.id, technicianId: tech.id, technicianName: tech.email, status: 'completed' });
    expect(await odometerOf(customer.entry.id)).toBe(31_000);
    const ownersView = await customer.caller.garage.records.list({ vehicleId: f150.vehicle.id });
    expect(ownersView.items.map((item) => item.id)).toEqual([written.id, before.id]);
    expect(ownersView.items[0]).toEqual(written);
    // The technician now reaches the customer's whole history of that vehicle, and can correct it.
    expect((await asTech.garage.records.list({ vehicleId: f150.vehicle.id, customerId: customer.user.id })).items.map((item) => item.id)).toEqual([written.id, before.id]);
    expect(await asTech.garage.records.update({ id: before.id, notes: 'Checked by the shop' })).toMatchObject({ notes: 'Checked by the shop', userId: customer.user.id });
    // The owner keeps the last word over their own history.
    await customer.caller.garage.records.remove({ id: written.id });
    expect(await httpFailure(asTech.garage.records.get({ id: written.id }))).toMatchObject({ status: 404 });

    // Tied through an appointment instead.
    expect(await httpFailure(asTech.garage.records.create(input(otherCustomer.user.id, crv.vehicle.id)))).toMatchObject({ status: 404 });
    await otherCustomer.caller.appointments.create({ appointmentDate: new Date(Date.now() + 86_400_000), duration: 60, serviceType: 'Brakes', vehicleId: crv.vehicle.id });
    const viaAppointment = await asTech.garage.records.create({ ...input(otherCustomer.user.id, crv.vehicle.id), mileage: 4000 });
    expect(viaAppointment).toMatchObject({ userId: otherCustomer.user.id, technicianId: tech.id });
    // A lower mileage than the garage's odometer leaves it as it was.
    expect(await odometerOf(otherCustomer.entry.id)).toBe(5000);

    const tied = await asTech.garage.records.customerVehicles({});
    expect(tied.map((t) => [t.customerId, t.vehicle.id])).toEqual(
      expect.arrayContaining([
        [customer.user.id, f150.vehicle.id],
        [otherCustomer.user.id, crv.vehicle.id],
      ]),
    );
    expect(tied.map((t) => [t.customerId, t.vehicle.id])).not.toContainEqual([customer.user.id, accord.vehicle.id]);
    expect((await asTech.garage.records.customerVehicles({ customerId: otherCustomer.user.id })).map((t) => t.vehicle.id)).toEqual([crv.vehicle.id]);

    // Another technician's view is the same (ties belong to customers, not to one technician).
    const colleague = callerFor(db, await createUser(db, { role: 'tech' }));
    expect(await colleague.garage.records.get({ id: viaAppointment.id })).toEqual(viaAppointment);
    // Customers never see each other's records.
    expect(await httpFailure(customer.caller.garage.records.get({ id: viaAppointment.id }))).toMatchObject({ status: 404 });
  });

  // -- Bad input ---------------------------------------------------------------------------

  it('refuses bad records with 400 and the rule broken, and stores nothing', async () => {
    const { user, entry } = await ownerWith(f150.vehicle, 41_250);
    const cookie = await signInCookie(app, user.email);
    const url = `/api/vehicles/${f150.vehicle.id}/service-records`;
    // A day that has come somewhere on Earth but not yet (or just no longer) in Pago Pago.
    const aheadDay = todayIn('Pacific/Kiritimati');
    const base = { serviceType: 'Oil change', date: '2025-01-01', componentId: f150.component('Engine').id };
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['negative mileage', { mileage: -1 }, 'mileage', 'Mileage must not be negative'],
      ['negative mileage text', { mileage: '-1,000' }, 'mileage', 'Mileage must not be negative'],
      ['fractional mileage', { mileage: 41_000.5 }, 'mileage', 'Mileage must be a whole number of miles'],
      ['fractional mileage text', { mileage: '41000.5' }, 'mileage', 'Mileage must be a whole number of miles'],
      ['mileage words', { mileage: 'lots' }, 'mileage', 'Mileage must be a whole number of miles'],
      ['future completed date', { date: shiftDay(todayIn('UTC'), 2) }, 'date', 'A completed service cannot be dated in the future'],
      ['completed tomorrow in the given zone', { date: aheadDay, timeZone: 'Pacific/Pago_Pago' }, 'date', 'A completed service cannot be dated in the future'],
      ['cost with 3 decimals', { cost: '12.345' }, 'cost', 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      ['cost with 3 decimals as a number', { cost: 12.345 }, 'cost', 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      ['negative cost', { cost: '-5' }, 'cost', 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      ['no real day', { date: '2025-02-29' }, 'date', 'Date is not a real day'],
      ['unknown status', { status: 'done' }, 'status', 'Status must be completed, scheduled or urgent'],
    ];
    for (const [label, change, field, message] of cases) {
      const res = await rest('POST', url, cookie, { ...base, ...change });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json<unknown>(), label).toMatchObject({ message, code: 'BAD_REQUEST', issues: { fieldErrors: { [field]: [message] } } });
    }
    // Not a schema rule, but the same answer: a component of another vehicle.
    const foreign = await rest('POST', url, cookie, { ...base, componentId: crv.component('Engine').id, mileage: 99_999 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<unknown>()).toEqual({ message: 'The component does not belong to this vehicle', code: 'BAD_REQUEST' });
    expect(await recordCount(f150.vehicle.id, user.id)).toBe(0);
    expect(await odometerOf(entry.id)).toBe(41_250);

    // What is allowed next to those: a day that has come in the given zone; a planned job ahead.
    const ok = await rest('POST', url, cookie, { ...base, date: aheadDay, timeZone: 'Pacific/Kiritimati', mileage: '41,300', cost: 89.9 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<unknown>()).toMatchObject({ mileageValue: 41_300, mileage: '41300', cost: '89.90', status: 'completed' });
    const planned = await rest('POST', url, cookie, { ...base, date: '2030-01-01', status: 'scheduled' });
    expect(planned.statusCode).toBe(201);

    // Editing is held to the same rules and leaves the record as it was.
    const id = ok.json<ServiceRecord>().id;
    const edits: [Record<string, unknown>, string][] = [
      [{ mileage: -5 }, 'Mileage must not be negative'],
      [{ mileage: 1.25 }, 'Mileage must be a whole number of miles'],
      [{ cost: '1.005' }, 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)'],
      [{ date: shiftDay(todayIn('UTC'), 2) }, 'A completed service cannot be dated in the future'],
      [{ componentId: crv.component('Brakes').id }, 'The component does not belong to this vehicle'],
    ];
    for (const [patch, message] of edits) {
      const res = await rest('PATCH', `/api/service-records/${id}`, cookie, patch);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<unknown>(), JSON.stringify(patch)).toMatchObject({ message, code: 'BAD_REQUEST' });
    }
    // Notes of a record dated today far east (edited without a zone) or today in UTC (edited far
    // west) can still be changed: only a new day or status is checked again.
    expect((await rest('PATCH', `/api/service-records/${id}`, cookie, { notes: 'Receipt in the glovebox' })).statusCode).toBe(200);
    const todayUtc = await rest('POST', url, cookie, { ...base, date: todayIn('UTC') });
    const lateEdit = await rest('PATCH', `/api/service-records/${todayUtc.json<ServiceRecord>().id}`, cookie, { notes: 'Late edit', timeZone: 'Pacific/Pago_Pago' });
    expect(lateEdit.statusCode, lateEdit.body).toBe(200);
    // A planned job cannot be marked done while its day lies ahead.
    const done = await rest('PATCH', `/api/service-records/${planned.json<ServiceRecord>().id}`, cookie, { status: 'completed' });
    expect(done.statusCode).toBe(400);
    expect(done.json<unknown>()).toMatchObject({ message: 'A completed service cannot be dated in the future' });
    const stored = await getDb().selectFrom('service_records').select(['mileage_value', 'cost', 'component_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ mileage_value: 41_300, cost: '89.90', component_id: base.componentId, status: 'completed' });
    expect(await recordCount(f150.vehicle.id, user.id)).toBe(3);
  });

  // -- CSV ---------------------------------------------------------------------------------

  it('exports a vehicle history as RFC 4180 CSV that matches the stored records', async () => {
    const db = getDb();
    const tech = await createUser(db, { role: 'tech' });
    const { user, caller } = await ownerWith(f150.vehicle, 41_250);
    await caller.inquiries.create({ inquiryType: 'service', subject: 'History', description: 'Please keep my records', vehicleId: f150.vehicle.id });
    const engine = f150.component('Engine');
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, componentId: engine.id, serviceType: 'Oil change', date: '2025-03-01', mileage: 40_000, cost: '59.9', description: '=HYPERLINK("http://evil.test","click")', notes: 'Filter, "OEM" part' });
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: '+Wipers', date: '2025-03-02', description: 'Front\r\nand rear', status: 'urgent' });
    await callerFor(db, tech).garage.records.create({ vehicleId: f150.vehicle.id, customerId: user.id, componentId: f150.component('Brakes').id, serviceType: 'Brake inspection', date: '2025-02-28', mileage: 39_000, cost: '0', description: '@SUM(1)' });
    await caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'Tyres', date: '2031-05-06', status: 'scheduled', description: '-ish', notes: 'plain' });
    // Not in this history: another vehicle, another owner.
    await caller.garage.add({ vehicleId: crv.vehicle.id, nickname: 'SUV', odometer: 1 });
    await caller.garage.records.create({ vehicleId: crv.vehicle.id, serviceType: 'Other car', date: '2025-03-01' });
    const stranger = await ownerWith(f150.vehicle);
    await stranger.caller.garage.records.create({ vehicleId: f150.vehicle.id, serviceType: 'Stranger', date: '2025-03-01' });

    const cookie = await signInCookie(app, user.email);
    const res = await rest('GET', `/api/vehicles/${f150.vehicle.id}/service-records.csv?timeZone=Pacific/Auckland`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="service-history-2011-ford-f-150.csv"');
    const rows = parseCsv(res.body);
    expect(rows).toEqual([
      ['date', 'service_type', 'component', 'status', 'mileage', 'cost', 'description', 'notes', 'technician'],
      ['2031-05-06', 'Tyres', '', 'scheduled', '', '', "'-ish", 'plain', ''],
      ['2025-03-02', "'+Wipers", '', 'urgent', '', '', 'Front\r\nand rear', '', ''],
      ['2025-03-01', 'Oil change', 'Engine', 'completed', '40000', '59.90', `'=HYPERLINK("http://evil.test","click")`, 'Filter, "OEM" part', ''],
      ['2025-02-28', 'Brake inspection', 'Brakes', 'completed', '39000', '0.00', "'@SUM(1)", '', tech.email],
    ]);

    // Row for row what is stored.
    const stored = await db
      .selectFrom('service_records as r')
      .leftJoin('vehicle_components as c', 'c.id', 'r.component_id')
      .select(['r.date', 'r.service_type', 'c.name', 'r.status', 'r.mileage_value', 'r.cost', 'r.description', 'r.notes'])
      .where('r.user_id', '=', user.id)
      .where('r.vehicle_id', '=', f150.vehicle.id)
      .orderBy('r.date', 'desc')
      .execute();
    const unformula = (cell: string) => cell.replace(/^'(?=[=+\-@])/, '');
    expect(
      rows.slice(1).map((row) => [row[0], unformula(row[1]!), row[2] || null, row[3], row[4] ? Number(row[4]) : null, row[5] || null, row[6] ? unformula(row[6]) : null, row[7] || null]),
    ).toEqual(stored.map((s) => [s.date.toISOString().slice(0, 10), s.service_type, s.name, s.status, s.mileage_value, s.cost, s.description, s.notes]));

    // The technician's export of the same history; errors stay JSON.
    const techCookie = await signInCookie(app, tech.email);
    const techCsv = await rest('GET', `/api/vehicles/${f150.vehicle.id}/service-records.csv?customerId=${user.id}`, techCookie);
    expect(parseCsv(techCsv.body)).toEqual(rows);
    const missing = await rest('GET', `/api/vehicles/${MISSING}/service-records.csv`, cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<unknown>()).toEqual({ message: 'Vehicle not found', code: 'NOT_FOUND' });
    expect((await rest('GET', `/api/vehicles/${f150.vehicle.id}/service-records.csv`, null)).statusCode).toBe(401);
    expect((await rest('GET', `/api/vehicles/${f150.vehicle.id}/service-records.csv?timeZone=Mars/Olympus`, cookie)).statusCode).toBe(400);
  });
});

describeEachDatabase('the assistant leads with what is due', (getDb) => {
  it("puts the garage's most urgent service first in the home page tips, and nothing for an empty garage", async () => {
    const db = getDb();
    await seedDatabase(db);
    const owner = await createUser(db, { role: 'simple' });
    const caller = callerFor(db, owner);
    const before = await caller.knowledge.tips({ pageContext: 'home', role: 'simple' });
    expect(before.some((tip) => tip.id.startsWith('due:'))).toBe(false);

    const vehicle = await callerFor(db, null).vehicles.decodeVin({ vin: '1FTFW1EF7BFB11754' });
    const entry = await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Work truck', odometer: 150_000 });
    const [mostUrgent] = await caller.garage.due({ timeZone: 'UTC' });
    const tips = await caller.knowledge.tips({ pageContext: 'home', role: 'simple' });
    expect(tips).toHaveLength(3);
    expect(tips[0]).toMatchObject({
      id: `due:${entry.id}:${mostUrgent!.componentId}:${mostUrgent!.service}`,
      title: `${mostUrgent!.service} is overdue on Work truck`,
      priority: 'high',
    });
    // Pages about other things keep their own advice.
    const scanning = await caller.knowledge.tips({ pageContext: 'scanning', role: 'simple' });
    expect(scanning.some((tip) => tip.id.startsWith('due:'))).toBe(false);
    // Another user's garage never shows.
    const other = await callerFor(db, await createUser(db, { role: 'simple' })).knowledge.tips({ pageContext: 'home', role: 'simple' });
    expect(other.some((tip) => tip.id.startsWith('due:'))).toBe(false);
  });
});
