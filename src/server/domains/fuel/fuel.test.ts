import { expect, it } from 'vitest';
import { addCustomer, addCustomerVehicle, addStaff, createCenter } from '../../../../tests/helpers/appointments.ts';
import { callerFor, signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { garageFixtures, httpFailure, MISSING } from '../../../../tests/helpers/garage.ts';

describeEachDatabase('fuel log, expenses and costs', (getDb) => {
  const fx = garageFixtures(getDb);

  it('computes economy across a partial fill, converts litres and raises the odometer', async () => {
    const a = await fx.ownerWith(fx.f150.vehicle, 40_000);
    const vehicleId = fx.f150.vehicle.id;
    await a.caller.fuel.create({ vehicleId, date: '2026-01-01', odometer: 40_100, quantity: 10, unit: 'gal', totalPrice: '35.00' });
    const partial = await a.caller.fuel.create({ vehicleId, date: '2026-01-05', odometer: 40_250, quantity: '15.14', unit: 'L', pricePerUnit: '1.00', fullFill: false, station: '  Shell Main St ' });
    expect(partial).toMatchObject({ economy: null, note: 'partial', totalPrice: '15.14', station: 'Shell Main St', fullFill: false });
    expect(partial.quantity).toBeCloseTo(4, 3);
    const full = await a.caller.fuel.create({ vehicleId, date: '2026-01-10', odometer: 40_400, quantity: 6, unit: 'gal', totalPrice: '21.00' });
    expect(full.distance).toBe(300);
    expect(full.economy).toBeCloseTo(30, 2);
    expect(await fx.odometerOf(a.entry.id)).toBe(40_400);

    const page = await a.caller.fuel.list({ vehicleId });
    expect(page.total).toBe(3);
    expect(page.items.map((e) => e.date)).toEqual(['2026-01-10', '2026-01-05', '2026-01-01']);
    expect((await a.caller.fuel.list({ vehicleId, limit: 1, offset: 1 })).items.map((e) => e.id)).toEqual([partial.id]);

    // Marking the partial as a missed fill-up breaks the chain.
    const changed = await a.caller.fuel.update({ id: partial.id, missedBefore: true });
    expect(changed.note).toBe('missed');
    expect((await a.caller.fuel.list({ vehicleId })).items[0]).toMatchObject({ economy: null, note: 'first' });

    await a.caller.fuel.expenses.create({ vehicleId, date: '2026-01-15', category: 'insurance', amount: '600', note: 'Half year' });
    await a.caller.garage.records.create({ vehicleId, serviceType: 'Oil change', date: '2026-01-20', mileage: 40_500, cost: '89.90' });
    const overview = await a.caller.fuel.overview({ vehicleId, timeZone: 'UTC' });
    expect(overview.costs.totals).toMatchObject({ fuel: 7114, insurance: 60_000, service: 8990 });
    expect(overview.costs.months.map((m) => m.month)).toEqual(['2026-01']);
    expect(overview.costs.miles).toBe(400);
    expect(overview.odometer.map((p) => [p.mileage, p.source])).toEqual([
      [40_100, 'fuel'],
      [40_250, 'fuel'],
      [40_400, 'fuel'],
      [40_500, 'record'],
    ]);
    expect(overview.fuelEntries).toBe(3);

    // Imperial gallons are stored as US gallons; the price per unit is per imperial gallon typed.
    const imperial = await a.caller.fuel.create({ vehicleId, date: '2026-01-25', odometer: 40_600, quantity: '10', unit: 'impgal', pricePerUnit: '7.00' });
    expect(imperial.quantity).toBeCloseTo(12.0095, 4);
    expect(imperial.totalPrice).toBe('70.00');
  });

  it("counts fill-ups in the highest recorded mileage: a lower odometer asks why, as it does for records", async () => {
    const a = await fx.ownerWith(fx.accord.vehicle, 20_000);
    const vehicleId = fx.accord.vehicle.id;
    await a.caller.fuel.create({ vehicleId, date: '2026-02-01', odometer: 20_500, quantity: 10, unit: 'gal' });
    // Saved again after removal, at a lower reading: the fill-up's 20,500 is still the highest on record.
    await a.caller.garage.remove({ id: a.entry.id });
    const again = await a.caller.garage.add({ vehicleId, nickname: 'Again', odometer: 20_100 });
    expect((await a.caller.garage.list()).find((g) => g.id === again.id)?.highestMileage).toBe(20_500);
    const lower = await httpFailure(a.caller.garage.update({ id: again.id, odometer: 20_200 }));
    expect(lower).toMatchObject({ status: 400, body: { message: expect.stringContaining('below the highest recorded mileage (20,500 mi)') } });
    expect((await a.caller.garage.update({ id: again.id, odometer: 20_200, odometerCorrection: 'typo' })).highestMileage).toBe(20_200);
    // After the correction, a later fill-up above the odometer raises it and counts again.
    await a.caller.fuel.create({ vehicleId, date: '2026-02-10', odometer: 20_700, quantity: 10, unit: 'gal' });
    expect((await a.caller.garage.list()).find((g) => g.id === again.id)).toMatchObject({ odometer: 20_700, highestMileage: 20_700 });
  });

  it('refuses bad input with field messages', async () => {
    const a = await fx.ownerWith(fx.crv.vehicle, 1000);
    const vehicleId = fx.crv.vehicle.id;
    const bad = async (input: object) => (await httpFailure(a.caller.fuel.create({ vehicleId, date: '2026-01-01', odometer: 1000, quantity: 10, unit: 'gal', ...input } as never))).body.message;
    expect(await bad({ quantity: 0 })).toBe('Quantity must be more than 0');
    expect(await bad({ quantity: 'abc' })).toBe('Quantity must be a number like 12.5');
    expect(await bad({ quantity: 20_000 })).toBe('Quantity must be at most 10,000');
    expect(await bad({ kind: 'charge', unit: 'gal' })).toBe('The unit of a charge is kWh');
    expect(await bad({ unit: 'kWh' })).toBe('The unit of fuel is gal, impgal or L');
    expect(await bad({ unit: 'pint' })).toBe('Unit must be gal, impgal, L or kWh');
    expect(await bad({ date: '2999-01-01' })).toBe('A fill-up cannot be dated in the future');
    expect(await bad({ odometer: -5 })).toBe('odometer: Mileage must not be negative');
    expect(await bad({ totalPrice: '1.234' })).toMatch(/Total price must be a non-negative amount/);
    expect(await bad({ station: 'x'.repeat(201) })).toBe('Station must be at most 200 characters');
    expect(await bad({ extra: 1 })).toMatch(/extra/);
    expect(await bad({ pricePerUnit: '999999.99', quantity: 10_000 })).toBe('Total price must be below 100,000,000');
    const expense = async (input: object) => (await httpFailure(a.caller.fuel.expenses.create({ vehicleId, date: '2026-01-01', category: 'tax', amount: '10', ...input } as never))).body.message;
    expect(await expense({ category: 'lunch' })).toBe('Category must be one of registration, insurance, tax, parking, repair, other');
    expect(await expense({ amount: '-1' })).toMatch(/^Amount must be a non-negative amount/);
    expect(await expense({ note: 'x'.repeat(501) })).toBe('Note must be at most 500 characters');
    expect((await httpFailure(a.caller.fuel.list({ vehicleId, limit: 101 }))).body.message).toBe('Limit must be at most 100');
    const entry = await a.caller.fuel.create({ vehicleId, date: '2026-01-01', odometer: 1000, quantity: 10, unit: 'gal' });
    expect((await httpFailure(a.caller.fuel.update({ id: entry.id, kind: 'charge' }))).body.message).toBe('Give the quantity and its unit when changing between fuel and charge');
    expect((await httpFailure(a.caller.fuel.update({ id: entry.id, quantity: 5 }))).body.message).toBe('Give the unit with the quantity');
    expect(await a.caller.fuel.update({ id: entry.id, kind: 'charge', quantity: 50, unit: 'kWh' })).toMatchObject({ kind: 'charge', quantity: 50 });
  });

  it("answers 404 for another user's vehicle or entries, and to shop staff, over tRPC and REST", async () => {
    const db = getDb();
    const a = await fx.ownerWith(fx.accord.vehicle, 150_000);
    const b = await fx.ownerWith(fx.crv.vehicle, 5_000);
    const vehicleId = fx.accord.vehicle.id;
    const entry = await a.caller.fuel.create({ vehicleId, date: '2026-01-01', odometer: 150_100, quantity: 10, unit: 'gal' });
    const expense = await a.caller.fuel.expenses.create({ vehicleId, date: '2026-01-01', category: 'registration', amount: '120.50' });
    // Staff of a shop the owner is a customer of: no access either.
    const shop = await createCenter(db);
    const tech = await addStaff(db, shop, 'owner');
    const customer = await addCustomer(db, shop, a.user);
    await addCustomerVehicle(db, customer, vehicleId, a.entry.id);
    const notInGarage = { status: 404, body: { message: 'Vehicle not found in your garage', code: 'NOT_FOUND' } };
    for (const caller of [b.caller, callerFor(db, tech)]) {
      expect(await httpFailure(caller.fuel.list({ vehicleId }))).toMatchObject(notInGarage);
      expect(await httpFailure(caller.fuel.overview({ vehicleId }))).toMatchObject(notInGarage);
      expect(await httpFailure(caller.fuel.expenses.list({ vehicleId }))).toMatchObject(notInGarage);
      expect(await httpFailure(caller.fuel.create({ vehicleId, date: '2026-01-01', odometer: 1, quantity: 1, unit: 'gal' }))).toMatchObject(notInGarage);
      expect(await httpFailure(caller.fuel.expenses.create({ vehicleId, date: '2026-01-01', category: 'tax', amount: '1' }))).toMatchObject(notInGarage);
      expect((await httpFailure(caller.fuel.update({ id: entry.id, station: 'x' }))).body).toEqual({ message: 'Fuel entry not found', code: 'NOT_FOUND' });
      expect((await httpFailure(caller.fuel.remove({ id: entry.id }))).status).toBe(404);
      expect((await httpFailure(caller.fuel.expenses.update({ id: expense.id, note: 'x' }))).body).toEqual({ message: 'Expense not found', code: 'NOT_FOUND' });
      expect((await httpFailure(caller.fuel.expenses.remove({ id: expense.id }))).status).toBe(404);
    }
    expect(await httpFailure(a.caller.fuel.list({ vehicleId: MISSING }))).toMatchObject(notInGarage);

    const cookieB = await signInCookie(fx.app, b.user.email);
    for (const [method, url, body] of [
      ['GET', `/api/vehicles/${vehicleId}/fuel`, undefined],
      ['POST', `/api/vehicles/${vehicleId}/fuel`, { date: '2026-01-01', odometer: 1, quantity: 1, unit: 'gal' }],
      ['GET', `/api/vehicles/${vehicleId}/expenses`, undefined],
      ['POST', `/api/vehicles/${vehicleId}/expenses`, { date: '2026-01-01', category: 'tax', amount: '1' }],
      ['GET', `/api/vehicles/${vehicleId}/costs`, undefined],
      ['PATCH', `/api/fuel/${entry.id}`, { station: 'x' }],
      ['DELETE', `/api/fuel/${entry.id}`, undefined],
      ['PATCH', `/api/expenses/${expense.id}`, { note: 'x' }],
      ['DELETE', `/api/expenses/${expense.id}`, undefined],
    ] as const) {
      const res = await fx.rest(method, url, cookieB, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
      expect((await fx.rest(method, url, null, body)).statusCode, `${method} ${url} signed out`).toBe(401);
    }
    expect(await db.selectFrom('fuel_entries').select('station').where('id', '=', entry.id).executeTakeFirstOrThrow()).toEqual({ station: null });

    // The owner over REST: list with a total, change, delete.
    const cookieA = await signInCookie(fx.app, a.user.email);
    const list = await fx.rest('GET', `/api/vehicles/${vehicleId}/fuel?limit=10`, cookieA);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await fx.rest('GET', `/api/vehicles/${vehicleId}/fuel?limit=500`, cookieA)).statusCode).toBe(400);
    const created = await fx.rest('POST', `/api/vehicles/${vehicleId}/expenses`, cookieA, { date: '2026-02-01', category: 'parking', amount: 12.5 });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ amount: string }>().amount).toBe('12.50');
    expect((await fx.rest('PATCH', `/api/fuel/${entry.id}`, cookieA, { station: 'Costco' })).json<{ station: string }>().station).toBe('Costco');
    expect((await fx.rest('DELETE', `/api/expenses/${expense.id}`, cookieA)).statusCode).toBe(204);
    expect((await fx.rest('DELETE', `/api/fuel/${entry.id}`, cookieA)).statusCode).toBe(204);
    const costs = await fx.rest('GET', `/api/vehicles/${vehicleId}/costs?timeZone=UTC`, cookieA);
    expect(costs.json<{ costs: { totalCents: number } }>().costs.totalCents).toBe(1250);

    // Removing the vehicle from the garage hides its log; saving it again brings it back.
    await a.caller.garage.remove({ id: a.entry.id });
    expect(await httpFailure(a.caller.fuel.expenses.list({ vehicleId }))).toMatchObject(notInGarage);
  });
});
