import { expect, it } from 'vitest';
import { todayIn } from '../../../shared/dates.ts';
import { callerFor, signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { garageFixtures, httpFailure, MISSING, rejection, shiftDay } from '../../../../tests/helpers/garage.ts';

describeEachDatabase('service records', (getDb) => {
  const fx = garageFixtures(getDb);

  it('keeps the records of a removed vehicle and shows them again when it is saved again', async () => {
    const { user, caller, entry } = await fx.ownerWith(fx.crv.vehicle, 12_000);
    const record = await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Tire rotation', date: '2026-01-10', mileage: 11_000 });
    await caller.garage.remove({ id: entry.id });
    // Without the vehicle in the garage, no new records.
    const refused = await httpFailure(caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Wash', date: '2026-01-11' }));
    expect(refused).toMatchObject({ status: 404, body: { message: 'Vehicle not found in your garage' } });
    expect(await fx.recordCount(fx.crv.vehicle.id, user.id)).toBe(1);

    await caller.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: 'Back again', odometer: 12_500 });
    const page = await caller.garage.records.list({ vehicleId: fx.crv.vehicle.id });
    expect(page).toEqual({ items: [record], total: 1 });
  });

  it('raises the odometer with a completed record, never lowers it, and ignores scheduled ones', async () => {
    const { caller, entry } = await fx.ownerWith(fx.crv.vehicle, 12_000);
    const today = todayIn('UTC');
    const first = await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Tire rotation', date: today, mileage: '12,800' });
    expect(first.mileageValue).toBe(12_800);
    expect(await fx.odometerOf(entry.id)).toBe(12_800);
    await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Older invoice', date: '2025-01-01', mileage: 5000 });
    expect(await fx.odometerOf(entry.id)).toBe(12_800);
    const planned = await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Planned', date: shiftDay(today, 30), mileage: 20_000, status: 'scheduled' });
    expect(await fx.odometerOf(entry.id)).toBe(12_800);
    await caller.garage.records.update({ id: first.id, mileage: 13_100 });
    expect(await fx.odometerOf(entry.id)).toBe(13_100);
    await caller.garage.records.update({ id: first.id, mileage: 100 });
    expect(await fx.odometerOf(entry.id)).toBe(13_100);
    // Marking the planned job done (on a day that has come) raises it.
    await caller.garage.records.update({ id: planned.id, status: 'completed', date: today });
    expect(await fx.odometerOf(entry.id)).toBe(20_000);
  });

  it('leaves a replaced odometer as it is for a record dated before the replacement, which was read on the old one', async () => {
    const { caller, entry } = await fx.ownerWith(fx.crv.vehicle, 152_000);
    await caller.garage.update({ id: entry.id, odometer: 100, odometerCorrection: 'replaced' });
    const today = todayIn('UTC');
    // An invoice from before the new odometer, entered now: neither the odometer nor the highest reading moves.
    const old = await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Timing belt', date: shiftDay(today, -40), mileage: 150_500 });
    expect(await fx.odometerOf(entry.id)).toBe(100);
    await caller.garage.records.update({ id: old.id, mileage: 151_000 });
    expect(await fx.odometerOf(entry.id)).toBe(100);
    const listed = () => caller.garage.list().then((list) => list.find((g) => g.id === entry.id));
    expect(await listed()).toMatchObject({ odometer: 100, highestMileage: 100 });
    // A fill-up from those days, typed or imported, is read the same way.
    await caller.fuel.create({ vehicleId: fx.crv.vehicle.id, date: shiftDay(today, -41), odometer: 150_400, quantity: 10, unit: 'gal' });
    const csv = `Date,Odometer,Gallons\n${shiftDay(today, -42)},150300,11\n`;
    const imported = await caller.imports.run({ vehicleId: fx.crv.vehicle.id, kind: 'fuel', csv, mapping: { date: 'Date', odometer: 'Odometer', quantity: 'Gallons' }, timeZone: 'UTC' });
    expect(imported).toMatchObject({ added: 1, invalid: 0 });
    expect(await listed()).toMatchObject({ odometer: 100, highestMileage: 100 });
    // A reading on the new odometer raises it, and moving it before the replacement no longer counts.
    const fresh = await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Oil change', date: today, mileage: 400 });
    expect(await listed()).toMatchObject({ odometer: 400, highestMileage: 400 });
    await caller.garage.records.update({ id: fresh.id, date: shiftDay(today, -40), mileage: 900 });
    expect(await listed()).toMatchObject({ odometer: 400, highestMileage: 400 });
  });

  // -- Records list ------------------------------------------------------------------------

  it('filters records by search, status, days in a time zone and component, and pages with a total', async () => {
    const { user, caller } = await fx.ownerWith(fx.f150.vehicle, 60_000);
    await caller.garage.add({ vehicleId: fx.crv.vehicle.id, nickname: 'Second car', odometer: 1000 });
    const engine = fx.f150.component('Engine');
    const brakes = fx.f150.component('Brakes');
    const make = (serviceType: string, date: string, extra: Partial<{ componentId: string; description: string; notes: string; status: 'completed' | 'scheduled' | 'urgent' }> = {}) =>
      caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType, date, ...extra });
    const r1 = await make('Oil change', '2025-03-01', { componentId: engine.id, description: 'Full synthetic 5W-20' });
    const r2 = await make('Pads replaced', '2025-03-02', { componentId: brakes.id, notes: 'Squeal gone' });
    const r3 = await make('Rotors', '2025-03-03', { componentId: brakes.id, description: 'Cut 100% clean' });
    const r4 = await make('Inspection', '2025-04-10', { status: 'urgent', description: 'Brake fluid dark' });
    const r5 = await make('Detailing', '2030-01-01', { status: 'scheduled', description: '100 percent wax' });
    const r6 = await make('Oil change', '2024-12-31', { componentId: engine.id, notes: 'synthetic blend' });
    // Same owner, another vehicle; another owner, same vehicle.
    await caller.garage.records.create({ vehicleId: fx.crv.vehicle.id, serviceType: 'Oil change', date: '2025-03-02' });
    const stranger = await fx.ownerWith(fx.f150.vehicle);
    await stranger.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Oil change', date: '2025-03-02', description: 'synthetic' });

    const ids = async (filters: Omit<Parameters<typeof caller.garage.records.list>[0], 'vehicleId'>) => {
      const page = await caller.garage.records.list({ vehicleId: fx.f150.vehicle.id, ...filters });
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
    expect(await ids({ componentId: fx.crv.component('Brakes').id })).toEqual([]);

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
    for (const offset of [0, 2, 4, 6]) pages.push(await caller.garage.records.list({ vehicleId: fx.f150.vehicle.id, limit: 2, offset }));
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6]);
    expect(pages.map((p) => p.items.length)).toEqual([2, 2, 2, 0]);
    expect(pages.flatMap((p) => p.items.map((item) => item.id))).toEqual([r5.id, r4.id, r3.id, r2.id, r1.id, r6.id]);
    const filtered = await caller.garage.records.list({ vehicleId: fx.f150.vehicle.id, componentId: brakes.id, limit: 1, offset: 1 });
    expect(filtered).toMatchObject({ total: 2, items: [{ id: r2.id }] });
    // Without a vehicle: every record of mine, on both vehicles.
    expect((await caller.garage.records.list({})).total).toBe(7);

    // The same over REST: query parameters, X-Total-Count.
    const cookie = await signInCookie(fx.app, user.email);
    const res = await fx.rest('GET', `/api/vehicles/${fx.f150.vehicle.id}/service-records?search=synthetic&status=&from=2024-12-31&to=2025-03-01&timeZone=Pacific/Auckland&limit=1`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json<{ id: string }[]>().map((item) => item.id)).toEqual([r1.id]);
    const unknownVehicle = await fx.rest('GET', `/api/vehicles/${MISSING}/service-records`, cookie);
    expect(unknownVehicle.statusCode).toBe(404);
    expect((await fx.rest('GET', `/api/vehicles/${fx.f150.vehicle.id}/service-records?limit=101`, cookie)).statusCode).toBe(400);
  });

  it('answers anonymous callers 401 on every service-record path and procedure', async () => {
    const anonymous = callerFor(getDb(), null);
    // Thunks, called one at a time: a rejection nobody awaits yet would be reported as unhandled.
    const calls: (() => Promise<unknown>)[] = [
      () => anonymous.garage.records.list({}),
      () => anonymous.garage.records.get({ id: MISSING }),
      () => anonymous.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'x', date: '2025-01-01' }),
      () => anonymous.garage.records.update({ id: MISSING, notes: 'x' }),
      () => anonymous.garage.records.remove({ id: MISSING }),
      () => anonymous.garage.records.csv({ vehicleId: fx.f150.vehicle.id }),
      () => anonymous.garage.records.customerVehicles({ serviceCenterId: MISSING }),
    ];
    for (const call of calls) expect((await rejection(call())).code).toBe('UNAUTHORIZED');
    const v = fx.f150.vehicle.id;
    for (const [method, url] of [
      ['GET', `/api/vehicles/${v}/service-records`],
      ['POST', `/api/vehicles/${v}/service-records`],
      ['GET', `/api/vehicles/${v}/service-records.csv`],
      ['PATCH', `/api/service-records/${MISSING}`],
      ['DELETE', `/api/service-records/${MISSING}`],
    ] as const) {
      const res = await fx.rest(method, url, null, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
