import { expect, it } from 'vitest';
import { todayIn } from '../../../shared/dates.ts';
import { createUser, callerFor } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { ACCORD_VIN, garageFixtures, httpFailure, shiftDay } from '../../../../tests/helpers/garage.ts';

describeEachDatabase('a vehicle\'s first week and its odometer', (getDb) => {
  const fx = garageFixtures(getDb);

  it('saves a 2003 Accord at 152,300 miles with nothing known: nothing is overdue, every service counts from today', async () => {
    const { caller, entry } = await fx.ownerWith(fx.accord.vehicle, 152_300);
    expect(entry).toMatchObject({ vehicle: { vin: ACCORD_VIN, year: 2003 }, odometer: 152_300, highestMileage: 152_300, odometerOffset: 0, knownServices: [] });
    const due = await caller.garage.due({ timeZone: 'UTC' });
    expect(due.length).toBeGreaterThan(10);
    expect(due.filter((item) => item.urgency === 'overdue' || item.urgency === 'due')).toEqual([]);
    for (const item of due) expect(item).toMatchObject({ basis: 'tracking', trackingDate: todayIn('UTC'), trackingMileage: 152_300, lastServiceDate: null });
  });

  it('counts the services known when saving from what was said, and refuses impossible answers', async () => {
    const user = await createUser(getDb());
    const caller = callerFor(getDb(), user);
    const today = todayIn('Pacific/Auckland');
    const threeMonthsAgo = shiftDay(today, -91);
    const base = { vehicleId: fx.accord.vehicle.id, nickname: 'Accord', odometer: '152,300', timeZone: 'Pacific/Auckland' };
    const refused = async (lastKnown: unknown[], message: string) =>
      expect(await httpFailure(caller.garage.add({ ...base, lastKnown } as never))).toMatchObject({ status: 400, body: { message } });
    await refused([{ service: 'Oil change', date: shiftDay(today, 1) }], 'lastKnown.0.date: The last oil change cannot be in the future');
    await refused([{ service: 'Oil change', mileage: 160_000 }], 'lastKnown.0.mileage: The last oil change cannot be above the current odometer');
    await refused([{ service: 'Oil change' }], 'lastKnown.0.date: Give the day or the mileage of the last service');
    await refused([{ service: 'Oil change', date: '2026-02-30' }], 'lastKnown.0.date: Date is not a real day');
    await refused([{ service: 'Oil change', mileage: 1 }, { service: 'oil change', mileage: 2 }], 'lastKnown.1.service: oil change is given twice');
    await refused(Array.from({ length: 11 }, (_, i) => ({ service: `S${i}`, mileage: 1 })), 'lastKnown: At most 10 known services');
    expect(await caller.garage.list()).toEqual([]);

    const entry = await caller.garage.add({
      ...base,
      lastKnown: [
        { service: 'Oil change', date: threeMonthsAgo, mileage: 150_000 },
        { service: 'Brake fluid', date: '2019-05-01' },
      ],
    });
    expect(entry.knownServices).toEqual([
      { service: 'Oil change', date: threeMonthsAgo, mileage: 150_000 },
      { service: 'Brake fluid', date: '2019-05-01', mileage: null },
    ]);
    const due = await caller.garage.due({ timeZone: 'Pacific/Auckland' });
    const oil = due.find((item) => item.service === 'Oil change' && item.componentName === 'Engine');
    // Every 5,000 miles or 6 months: 2,700 miles and about three months left.
    expect(oil).toMatchObject({ basis: 'known', lastServiceDate: threeMonthsAgo, lastServiceMileage: 150_000, dueMileage: 155_000, milesLeft: 2700, urgency: 'ok' });
    expect(due.filter((item) => item.urgency === 'overdue').every((item) => item.basis === 'known')).toBe(true);

    // Over REST too.
    const rest = await fx.rest('GET', '/api/garage', null);
    expect(rest.statusCode).toBe(401);
  });

  it('never lets the odometer go backwards silently: a reason is required below the highest recorded mileage, and kept', async () => {
    const db = getDb();
    const { caller, entry } = await fx.ownerWith(fx.accord.vehicle, 152_300, 'simple', [{ service: 'Oil change', mileage: 150_000 }]);
    const engine = fx.accord.component('Engine');
    // A completed record above the odometer raises the highest mileage.
    await caller.garage.records.create({ vehicleId: fx.accord.vehicle.id, componentId: engine.id, serviceType: 'Tire rotation', date: todayIn('UTC'), mileage: 152_800 });
    expect((await caller.garage.get({ id: entry.id })).highestMileage).toBe(152_800);

    const below = await httpFailure(caller.garage.update({ id: entry.id, odometer: 152_500 }));
    expect(below).toMatchObject({
      status: 400,
      body: { message: '152,500 mi is below the highest recorded mileage (152,800 mi): set odometerCorrection to replaced (a new odometer) or typo (an earlier reading was wrong)' },
    });
    expect(await httpFailure(caller.garage.update({ id: entry.id, odometer: 10, odometerCorrection: 'broken' as never }))).toMatchObject({
      status: 400,
      body: { message: 'odometerCorrection must be replaced or typo' },
    });
    expect(await fx.odometerOf(entry.id)).toBe(152_800);

    // Above it, no reason is needed (and one given is not recorded).
    await caller.garage.update({ id: entry.id, odometer: 152_900, odometerCorrection: 'typo' });
    const corrections = () =>
      db.selectFrom('garage_odometer_corrections').select(['from_mileage', 'to_mileage', 'reason']).where('garage_vehicle_id', '=', entry.id).orderBy('created_at').execute();
    expect(await corrections()).toEqual([]);

    // A typo: the reading is taken as it is; the earlier ones stop counting as the highest.
    expect(await caller.garage.update({ id: entry.id, odometer: 152_850, odometerCorrection: 'typo' })).toMatchObject({ odometer: 152_850, highestMileage: 152_850, odometerOffset: 0 });
    const tracked = (await caller.garage.due({})).find((item) => item.service === 'Tire rotation');
    expect(tracked).toMatchObject({ basis: 'tracking', trackingMileage: 152_300 });
    // A typo at saving: tracking starts from the corrected reading.
    await caller.garage.update({ id: entry.id, odometer: 15_230, odometerCorrection: 'typo' });
    expect((await caller.garage.due({})).find((item) => item.service === 'Tire rotation')).toMatchObject({ basis: 'tracking', trackingMileage: 15_230 });
    await caller.garage.update({ id: entry.id, odometer: 152_850, odometerCorrection: 'typo' });
    // A replaced odometer: the old one's miles keep counting for what is due.
    const replaced = await caller.garage.update({ id: entry.id, odometer: 100, odometerCorrection: 'replaced' });
    expect(replaced).toMatchObject({ odometer: 100, highestMileage: 100, odometerOffset: 152_750 });
    expect(await corrections()).toEqual([
      { from_mileage: 152_900, to_mileage: 152_850, reason: 'typo' },
      { from_mileage: 152_850, to_mileage: 15_230, reason: 'typo' },
      { from_mileage: 152_850, to_mileage: 100, reason: 'replaced' },
    ]);
    // Oil known at 150,000 (old odometer): 2,850 driven since, 2,150 left, due when the new one reads 2,250.
    const oil = (await caller.garage.due({})).find((item) => item.service === 'Oil change' && item.componentId === engine.id);
    expect(oil).toMatchObject({ basis: 'known', dueMileage: 2250, milesLeft: 2150, urgency: 'ok' });

    // Over REST: the same rule.
    const cookieless = await fx.rest('PATCH', `/api/garage/${entry.id}`, null, { odometer: 5 });
    expect(cookieless.statusCode).toBe(401);
  });
});
