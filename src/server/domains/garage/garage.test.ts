import { expect, it } from 'vitest';
import { addMonths, todayIn } from '../../../shared/dates.ts';
import { URGENCIES, type DueItem } from '../../../shared/garage.ts';
import { seedDatabase } from '../../db/seed.ts';
import { callerFor, createUser } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { countingDb, F150_VIN, garageFixtures, httpFailure, MISSING, rejection, shiftDay } from '../../../../tests/helpers/garage.ts';

describeEachDatabase('my garage and what is due', (getDb) => {
  const fx = garageFixtures(getDb);

  it('adds a vehicle to the garage once, renames it, updates its odometer and removes it', async () => {
    const db = getDb();
    const owner = await createUser(db);
    const me = callerFor(db, owner);
    const someoneElse = callerFor(db, await createUser(db));

    const entry = await me.garage.add({ vehicleId: fx.f150.vehicle.id, nickname: '  Work truck ', odometer: '41,250' });
    expect(entry).toMatchObject({ nickname: 'Work truck', odometer: 41_250, vehicle: { id: fx.f150.vehicle.id, vin: F150_VIN, year: 2011, make: 'Ford', model: 'F-150' } });
    expect(await me.garage.list()).toEqual([entry]);
    expect(await me.garage.get({ id: entry.id })).toEqual(entry);

    const duplicate = await httpFailure(me.garage.add({ vehicleId: fx.f150.vehicle.id, nickname: 'Again', odometer: 1 }));
    expect(duplicate).toMatchObject({ status: 409, body: { message: 'This vehicle is already in your garage', code: 'CONFLICT' } });
    expect(await httpFailure(me.garage.add({ vehicleId: MISSING, nickname: 'Ghost', odometer: 1 }))).toMatchObject({ status: 404, body: { message: 'Vehicle not found' } });
    expect(await httpFailure(me.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: '   ', odometer: 1 }))).toMatchObject({ status: 400, body: { message: 'Nickname is required' } });
    expect(await httpFailure(me.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: 'CR-V', odometer: -3 }))).toMatchObject({ status: 400, body: { message: 'odometer: Mileage must not be negative' } });
    expect(await httpFailure(me.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: 'CR-V', odometer: 10.5 }))).toMatchObject({ status: 400, body: { message: 'odometer: Mileage must be a whole number of miles' } });
    expect(await me.garage.list()).toHaveLength(1);

    // Someone else may save the same vehicle, and never reaches my entry.
    const theirs = await someoneElse.garage.add({ vehicleId: fx.f150.vehicle.id, nickname: 'Their truck', odometer: 90_000 });
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
    // A lower reading needs a reason (checked in detail below).
    expect(await httpFailure(me.garage.update({ id: entry.id, odometer: 42_000 }))).toMatchObject({ status: 400 });
    expect(await me.garage.update({ id: entry.id, odometer: 42_000, odometerCorrection: 'typo' })).toMatchObject({ odometer: 42_000, highestMileage: 42_000 });
    expect(await httpFailure(me.garage.update({ id: entry.id, odometer: 2_000_001 }))).toMatchObject({ status: 400 });
    expect(await someoneElse.garage.get({ id: theirs.id })).toMatchObject({ nickname: 'Their truck', odometer: 90_000 });

    await me.garage.remove({ id: entry.id });
    expect(await me.garage.list()).toEqual([]);
    expect(await httpFailure(me.garage.get({ id: entry.id }))).toMatchObject({ status: 404 });
    expect(await httpFailure(me.garage.remove({ id: entry.id }))).toMatchObject({ status: 404 });
    expect(await someoneElse.garage.list()).toHaveLength(1);
  });

  it('answers anonymous callers 401 on every garage path and procedure', async () => {
    const anonymous = callerFor(getDb(), null);
    // Thunks, called one at a time: a rejection nobody awaits yet would be reported as unhandled.
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.garage.list(),
      () => anonymous.garage.get({ id: MISSING }),
      () => anonymous.garage.add({ vehicleId: fx.f150.vehicle.id, nickname: 'x', odometer: 1 }),
      () => anonymous.garage.update({ id: MISSING, nickname: 'x' }),
      () => anonymous.garage.remove({ id: MISSING }),
      () => anonymous.garage.due({}),
    ];
    for (const call of calls) expect((await rejection(call())).code).toBe('UNAUTHORIZED');
    for (const [method, url] of [
      ['GET', '/api/garage'],
      ['POST', '/api/garage'],
      ['GET', '/api/garage/due'],
      ['PATCH', `/api/garage/${MISSING}`],
      ['DELETE', `/api/garage/${MISSING}`],
    ] as const) {
      const res = await fx.rest(method, url, null, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  // -- Due list ----------------------------------------------------------------------------

  it('computes the due list of a whole garage in one query, matching an independent computation', async () => {
    const db = getDb();
    const timeZone = 'America/Chicago';
    // The truck's owner knew its last oil change when saving it; nothing else.
    const oilKnown = { date: '2025-01-01', mileage: 30_000 };
    const { user, caller, entry: truck } = await fx.ownerWith(fx.f150.vehicle, 41_250, 'simple', [{ service: 'Oil change', ...oilKnown }]);
    const suv = await caller.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: 'Family SUV', odometer: 12_000 });
    // Another owner's garage and records never leak in.
    const stranger = await fx.ownerWith(fx.accord.vehicle, 200_000);
    await stranger.caller.garage.records.create({ vehicleId: fx.accord.vehicle.id, componentId: fx.accord.component('Engine').id, serviceType: 'Oil change', date: '2026-01-01', mileage: 199_000 });
    // One completed brake inspection on the SUV.
    const brakeDay = '2026-06-01';
    await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, componentId: fx.crv.component('Brakes').id, serviceType: 'Brake inspection', date: brakeDay, mileage: 9000 });

    const counting = countingDb(db);
    const today = todayIn(timeZone);
    const due = await callerFor(counting.db, user).garage.due({ timeZone });
    expect(counting.count(), 'statements sent for the whole garage').toBe(1);

    // The same list worked out here from the component schedules.
    const expected: DueItem[] = [];
    for (const [stored, entry] of [
      [fx.f150, truck],
      [fx.crv, suv],
    ] as const) {
      for (const component of stored.components) {
        for (const interval of component.serviceSchedule) {
          const service = interval.label.replace(/ \(generic\)$/, '');
          const last = stored === fx.crv && component.name === 'Brakes' && service === 'Brake inspection' ? { date: brakeDay, mileage: 9000 } : null;
          const known = stored === fx.f150 && service === 'Oil change' ? oilKnown : null;
          // A record, else what was known when saving, else the day of saving and its odometer.
          const base = last ?? known ?? { date: today, mileage: entry.odometer };
          const basis = last ? 'record' : known ? 'known' : 'tracking';
          const baseDay = base.date;
          const baseMiles = base.mileage;
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
            lastServiceDate: (last ?? known)?.date ?? null,
            lastServiceMileage: (last ?? known)?.mileage ?? null,
            basis,
            trackingDate: today,
            trackingMileage: entry.odometer,
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

    // The truck's last oil change, known when saving, was on 2025-01-01 at 30,000 miles.
    const oil = due.find((item) => item.vehicleId === fx.f150.vehicle.id && item.componentName === 'Engine' && item.service === 'Oil change');
    expect(oil).toMatchObject({ basis: 'known', lastServiceDate: '2025-01-01', dueDate: '2025-07-01', dueMileage: 35_000, milesLeft: -6250, urgency: 'overdue', intervalText: 'Every 5,000–7,500 miles or 6 months' });
    // Everything else starts from today: nothing is falsely overdue.
    expect(due.filter((item) => item.urgency === 'overdue').map((item) => item.service)).toEqual(['Oil change']);

    // One vehicle only.
    const suvOnly = await caller.garage.due({ timeZone, vehicleId: fx.crv.vehicle.id });
    expect(suvOnly.map(key).sort()).toEqual(expected.filter((item) => item.vehicleId === fx.crv.vehicle.id).map(key).sort());
    expect(await callerFor(db, await createUser(db)).garage.due({})).toEqual([]);
    expect(await httpFailure(caller.garage.due({ timeZone: 'Mars/Olympus' }))).toMatchObject({ status: 400 });
  });

  it('turns the oil change from overdue to ok once a completed Oil change on the Engine is recorded', async () => {
    const { caller, entry } = await fx.ownerWith(fx.f150.vehicle, 41_250, 'simple', [{ service: 'Oil change', date: '2020-03-01', mileage: null }]);
    const engine = fx.f150.component('Engine');
    const oilChange = async () => {
      const items = await caller.garage.due({ vehicleId: fx.f150.vehicle.id });
      const found = items.filter((item) => item.componentId === engine.id && item.service === 'Oil change');
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    expect((await oilChange()).urgency).toBe('overdue');

    const today = todayIn('UTC');
    // None of these is a completed oil change of the Engine.
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, componentId: engine.id, serviceType: 'Oil change', date: shiftDay(today, 3), status: 'scheduled', mileage: 41_300 });
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, componentId: fx.f150.component('Transmission').id, serviceType: 'Oil change', date: today, mileage: 41_250 });
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, componentId: engine.id, serviceType: 'Oil check', date: today, mileage: 41_250 });
    await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Oil change', date: today, mileage: 41_250 });
    expect((await oilChange()).urgency).toBe('overdue');

    const record = await caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, componentId: engine.id, serviceType: 'oil change', date: today, mileage: 41_250, cost: '59.90' });
    expect(record).toMatchObject({ componentId: engine.id, componentName: 'Engine', status: 'completed', mileageValue: 41_250, mileage: '41250', cost: '59.90' });
    expect(await oilChange()).toMatchObject({
      lastServiceDate: today,
      lastServiceMileage: 41_250,
      dueDate: addMonths(today, 6),
      dueMileage: 46_250,
      milesLeft: 5000,
      urgency: 'ok',
    });
    // The air filter of the same engine still counts from the day the truck was saved.
    const items = await caller.garage.due({ vehicleId: fx.f150.vehicle.id });
    expect(items.find((item) => item.componentId === engine.id && item.service === 'Engine air filter')).toMatchObject({ basis: 'tracking', lastServiceDate: null, urgency: 'ok' });

    // Driving on brings it back: 4,950 miles later it is due.
    await caller.garage.update({ id: entry.id, odometer: 46_200 });
    expect(await oilChange()).toMatchObject({ milesLeft: 50, urgency: 'due' });
  });
});

describeEachDatabase('the assistant leads with what is due', (getDb) => {
  it("puts the garage's most urgent service first in the service records tips (not on home, which shows it), and nothing for an empty garage", async () => {
    const db = getDb();
    await seedDatabase(db);
    const owner = await createUser(db, { role: 'simple' });
    const caller = callerFor(db, owner);
    const before = await caller.knowledge.tips({ pageContext: 'home', role: 'simple' });
    expect(before.some((tip) => tip.id.startsWith('due:'))).toBe(false);

    const vehicle = await callerFor(db, null).vehicles.decodeVin({ vin: '1FTFW1EF7BFB11754' });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Work truck', odometer: 150_000 });
    // Saved with nothing known: nothing is overdue, so the assistant has nothing to lead with.
    expect((await caller.knowledge.tips({ pageContext: 'service-records', role: 'simple' })).some((tip) => tip.id.startsWith('due:'))).toBe(false);
    await caller.garage.remove({ id: (await caller.garage.list())[0]!.id });
    const entry = await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Work truck', odometer: 150_000, lastKnown: [{ service: 'Oil change', date: '2024-01-01' }] });
    const [mostUrgent] = await caller.garage.due({ timeZone: 'UTC' });
    const tips = await caller.knowledge.tips({ pageContext: 'service-records', role: 'simple' });
    expect(tips).toHaveLength(3);
    expect(tips[0]).toMatchObject({
      id: `due:${entry.id}:${mostUrgent!.componentId}:${mostUrgent!.service}`,
      title: `${mostUrgent!.service} is overdue on Work truck`,
      priority: 'high',
    });
    expect(mostUrgent).toMatchObject({ service: 'Oil change', basis: 'known', urgency: 'overdue' });
    // The tip's distances follow the owner's units.
    expect(tips[0]!.body).toMatch(/\d miles/);
    const inKm = await callerFor(db, await caller.auth.updatePreferences({ distanceUnit: 'km' })).knowledge.tips({ pageContext: 'service-records', role: 'simple' });
    expect(inKm[0]!.body).toMatch(/\d km/);
    expect(inKm[0]!.body).not.toMatch(/\d mi|miles/);
    // The home page shows it in its own alert box: the assistant does not repeat it there.
    expect((await caller.knowledge.tips({ pageContext: 'home', role: 'simple' })).some((tip) => tip.id.startsWith('due:'))).toBe(false);
    // Pages about other things keep their own advice.
    const scanning = await caller.knowledge.tips({ pageContext: 'scanning', role: 'simple' });
    expect(scanning.some((tip) => tip.id.startsWith('due:'))).toBe(false);
    // Another user's garage never shows.
    const other = await callerFor(db, await createUser(db, { role: 'simple' })).knowledge.tips({ pageContext: 'service-records', role: 'simple' });
    expect(other.some((tip) => tip.id.startsWith('due:'))).toBe(false);
  });
});
