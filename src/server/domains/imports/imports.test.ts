import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { garageFixtures, httpFailure, MISSING } from '../../../../tests/helpers/garage.ts';

const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, '../../../../tests/fixtures/imports', name), 'utf8');

describeEachDatabase('CSV import', (getDb) => {
  const fx = garageFixtures(getDb);

  it('LubeLogger service records: preview lists row errors by row and column, import adds the valid rows once', async () => {
    const a = await fx.ownerWith(fx.f150.vehicle, 40_000);
    const vehicleId = fx.f150.vehicle.id;
    const request = { vehicleId, kind: 'service' as const, preset: 'lubelogger' as const, csv: fixture('lubelogger-service.csv') };

    const preview = await a.caller.imports.preview(request);
    expect(preview.mapping).toEqual({ date: 'Date', mileage: 'Odometer', serviceType: 'Description', notes: 'Notes', cost: 'Cost' });
    expect(preview).toMatchObject({ rows: 4, valid: 2, invalid: 2, duplicates: 0 });
    expect(preview.errors).toEqual([
      { row: 4, column: 'Date', message: '"13/40/2024" is not a real day' },
      { row: 5, column: 'Odometer', message: 'Mileage "abc" is not a number' },
    ]);
    expect(preview.sample[0]).toMatchObject({ line: 2, date: '2024-01-15', mileage: 41_000, serviceType: 'Oil change', notes: 'Synthetic 5W-30, new filter', cost: '59.99', status: 'completed' });
    expect(await fx.recordCount(vehicleId, a.user.id)).toBe(0);

    const first = await a.caller.imports.run(request);
    expect(first).toMatchObject({ rows: 4, added: 2, duplicates: 0, invalid: 2 });
    const again = await a.caller.imports.run(request);
    expect(again).toMatchObject({ added: 0, duplicates: 2 });
    expect((await a.caller.imports.preview(request)).duplicates).toBe(2);
    expect(await fx.recordCount(vehicleId, a.user.id)).toBe(2);
    expect(await fx.odometerOf(a.entry.id)).toBe(42_500);
    const listed = await a.caller.garage.records.list({ vehicleId });
    expect(listed.items.map((r) => [r.date.toISOString().slice(0, 10), r.serviceType, r.mileageValue, r.cost])).toEqual([
      ['2024-03-02', 'Tire rotation', 42_500, '25.00'],
      ['2024-01-15', 'Oil change', 41_000, '59.99'],
    ]);
  });

  it('LubeLogger gas records in litres and km convert to US gallons and miles; a partial fill stays partial', async () => {
    const a = await fx.ownerWith(fx.crv.vehicle, 10_000);
    const vehicleId = fx.crv.vehicle.id;
    const summary = await a.caller.imports.run({ vehicleId, kind: 'fuel', preset: 'lubelogger', distanceUnit: 'km', volumeUnit: 'L', csv: fixture('lubelogger-gas.csv') });
    expect(summary).toMatchObject({ rows: 3, added: 3, invalid: 0 });
    const log = (await a.caller.fuel.list({ vehicleId })).items;
    expect(log.map((e) => [e.date, e.odometer, e.fullFill])).toEqual([
      ['2024-02-10', Math.round(41_500 / 1.609344), false],
      ['2024-02-01', Math.round(41_400 / 1.609344), true],
      ['2024-01-20', Math.round(41_100 / 1.609344), true],
    ]);
    expect(log[2]!.quantity).toBeCloseTo(12.5 / 3.785411784, 3);
    expect(log[2]!.totalPrice).toBe('45.00');
  });

  it('Fuelly metric export: units from its headers, total from the price per litre, partial_fuelup and brand', async () => {
    const a = await fx.ownerWith(fx.accord.vehicle, 1_000);
    const vehicleId = fx.accord.vehicle.id;
    const request = { vehicleId, kind: 'fuel' as const, preset: 'fuelly' as const, csv: fixture('fuelly-metric.csv') };
    const preview = await a.caller.imports.preview(request);
    expect(preview).toMatchObject({ distanceUnit: 'km', volumeUnit: 'L', valid: 2, invalid: 0 });
    expect(preview.mapping).toMatchObject({ date: 'fuelup_date', odometer: 'odometer', quantity: 'litres', pricePerUnit: 'price', partialFill: 'partial_fuelup' });
    await a.caller.imports.run(request);
    const log = (await a.caller.fuel.list({ vehicleId })).items;
    expect(log.map((e) => [e.date, e.odometer, e.totalPrice, e.fullFill, e.station])).toEqual([
      ['2024-02-03', Math.round(70_500 / 1.609344), '88.30', false, 'Esso'],
      ['2024-01-20', Math.round(70_000 / 1.609344), '71.96', true, 'Shell'],
    ]);
  });

  it('a mapping chosen by hand, and files that cannot be read, answer clear 400s; another owner\u2019s vehicle 404', async () => {
    const a = await fx.ownerWith(fx.f150.vehicle);
    const vehicleId = fx.f150.vehicle.id;
    const csv = 'When,What,Miles\n2024-06-01,"Coolant flush",50000\n';
    const done = await a.caller.imports.run({ vehicleId, kind: 'service', mapping: { date: 'When', serviceType: 'What', mileage: 'Miles' }, csv });
    expect(done.added).toBe(1);
    const refusals = await Promise.all([
      httpFailure(a.caller.imports.preview({ vehicleId, kind: 'service', mapping: { date: 'Nope', serviceType: 'What' }, csv })),
      httpFailure(a.caller.imports.preview({ vehicleId, kind: 'service', preset: 'lubelogger', csv })),
      httpFailure(a.caller.imports.preview({ vehicleId, kind: 'service', csv: 'a,b\n1,"open\n' })),
      httpFailure(a.caller.imports.preview({ vehicleId, kind: 'service', csv: `Date,Description\n${'2024-01-01,x\n'.repeat(20_001)}` })),
      httpFailure(a.caller.imports.preview({ vehicleId: MISSING, kind: 'service', csv })),
    ]);
    expect(refusals.map((r) => [r.status, r.body.message])).toEqual([
      [400, 'The file has no column "Nope"'],
      [400, 'Choose the column of Date, Service type'],
      [400, 'Line 2: a quoted field is not closed'],
      [400, 'The file has more than 20,000 rows: split it into smaller files'],
      [404, 'Vehicle not found in your garage'],
    ]);
    const b = callerFor(getDb(), (await fx.ownerWith(fx.crv.vehicle)).user);
    expect((await httpFailure(b.imports.run({ vehicleId, kind: 'service', mapping: { date: 'When', serviceType: 'What' }, csv }))).status).toBe(404);
  });

  it('a household editor imports into the owner\u2019s history; a viewer gets 403 and nothing is added', async () => {
    const a = await fx.ownerWith(fx.f150.vehicle, 40_000);
    const vehicleId = fx.f150.vehicle.id;
    const editor = await createUser(getDb(), { role: 'simple' });
    const viewer = await createUser(getDb(), { role: 'simple' });
    await a.caller.garage.shares.add({ garageVehicleId: a.entry.id, email: editor.email, role: 'editor' });
    await a.caller.garage.shares.add({ garageVehicleId: a.entry.id, email: viewer.email, role: 'viewer' });
    const request = { vehicleId, kind: 'service' as const, mapping: { date: 'When', serviceType: 'What', mileage: 'Miles' }, csv: 'When,What,Miles\n2024-06-01,Coolant flush,50000\n' };

    const refused = await httpFailure(callerFor(getDb(), viewer).imports.run(request));
    expect([refused.status, refused.body.message]).toEqual([403, 'This vehicle is shared with you to view only: ask its owner to make you an editor']);
    expect(await fx.recordCount(vehicleId, a.user.id)).toBe(0);

    expect((await callerFor(getDb(), editor).imports.run(request)).added).toBe(1);
    expect(await fx.recordCount(vehicleId, a.user.id)).toBe(1);
    expect(await fx.recordCount(vehicleId, editor.id)).toBe(0);
    expect(await fx.odometerOf(a.entry.id)).toBe(50_000);
  });

  it('REST: a file larger than the default body limit is accepted on the import paths', async () => {
    const a = await fx.ownerWith(fx.crv.vehicle);
    const cookie = await signInCookie(fx.app, a.user.email);
    const long = 'x'.repeat(220);
    const rows = Array.from({ length: 1_200 }, (_, i) => `2020-01-01,${1_000 + i},Inspection ${i},"note ${i}, ${long}",10.00`).join('\r\n');
    const csv = `Date,Odometer,Description,Notes,Cost\r\n${rows}\r\n`;
    expect(csv.length).toBeGreaterThan(256 * 1024);
    const res = await fx.rest('POST', '/api/imports', cookie, { vehicleId: fx.crv.vehicle.id, kind: 'service', preset: 'lubelogger', csv });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ rows: 1_200, added: 1_200, invalid: 0 });
  });
});
