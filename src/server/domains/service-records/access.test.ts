import { expect, it } from 'vitest';
import { addCustomer, addCustomerVehicle, twoShops } from '../../../../tests/helpers/appointments.ts';
import { callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { garageFixtures, httpFailure, MISSING, rejection } from '../../../../tests/helpers/garage.ts';

describeEachDatabase('whose service records a caller reaches', (getDb) => {
  const fx = garageFixtures(getDb);

  it("keeps owner A's records from owner B: every read and write answers 404", async () => {
    const db = getDb();
    const a = await fx.ownerWith(fx.f150.vehicle, 50_000);
    const b = await fx.ownerWith(fx.crv.vehicle, 8000);
    const record = await a.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Oil change', date: '2025-05-05', notes: 'A only' });
    expect(record).toMatchObject({ userId: a.user.id, technicianId: null, technicianName: null });

    const notFound = { status: 404, body: { message: 'Service record not found', code: 'NOT_FOUND' } };
    expect(await httpFailure(b.caller.garage.records.get({ id: record.id }))).toMatchObject(notFound);
    expect(await httpFailure(b.caller.garage.records.update({ id: record.id, notes: 'B was here' }))).toMatchObject(notFound);
    expect(await httpFailure(b.caller.garage.records.remove({ id: record.id }))).toMatchObject(notFound);
    expect(await b.caller.garage.records.list({ vehicleId: fx.f150.vehicle.id })).toEqual({ items: [], total: 0 });
    expect((await b.caller.garage.records.list({})).items.map((item) => item.id)).not.toContain(record.id);
    const csv = await b.caller.garage.records.csv({ vehicleId: fx.f150.vehicle.id });
    expect(csv.csv.split('\r\n').filter(Boolean)).toHaveLength(1);

    // B cannot write into A's history, with or without naming A.
    const notInGarage = { status: 404, body: { message: 'Vehicle not found in your garage', code: 'NOT_FOUND' } };
    const count = await fx.recordCount(fx.f150.vehicle.id, a.user.id);
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: MISSING, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await fx.recordCount(fx.f150.vehicle.id, a.user.id)).toBe(count);
    expect(await fx.recordCount(fx.f150.vehicle.id, b.user.id)).toBe(0);
    expect((await rejection(b.caller.garage.records.customerVehicles({ serviceCenterId: MISSING }))).code).toBe('NOT_FOUND');

    // Over REST as well.
    const cookieB = await signInCookie(fx.app, b.user.email);
    for (const [method, body] of [
      ['PATCH', { notes: 'B' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await fx.rest(method, `/api/service-records/${record.id}`, cookieB, body);
      expect(res.statusCode, `${method} ${res.body}`).toBe(404);
      expect(res.json<unknown>()).toEqual({ message: 'Service record not found', code: 'NOT_FOUND' });
    }
    const post = await fx.rest('POST', `/api/vehicles/${fx.f150.vehicle.id}/service-records`, cookieB, { serviceType: 'x', date: '2025-05-05' });
    expect(post.statusCode).toBe(404);
    expect(post.json<unknown>()).toEqual({ message: 'Vehicle not found in your garage', code: 'NOT_FOUND' });
    expect(await a.caller.garage.records.get({ id: record.id })).toEqual(record);
    expect(await db.selectFrom('service_records').select('notes').where('id', '=', record.id).executeTakeFirstOrThrow()).toEqual({ notes: 'A only' });
  });

  it("lets staff keep records only of their shop's customers' vehicles; the owner keeps their own entries", async () => {
    const db = getDb();
    const shops = await twoShops(db);
    const asTech = callerFor(db, shops.techA);
    const customer = await fx.ownerWith(fx.f150.vehicle, 30_000);
    const customerId = await addCustomer(db, shops.a, customer.user);
    const f150 = await addCustomerVehicle(db, customerId, fx.f150.vehicle.id, customer.entry.id);
    const input = (extra: object = {}) => ({ vehicleId: fx.f150.vehicle.id, serviceCenterId: shops.a, customerVehicleId: f150, serviceType: 'Brake inspection', date: '2025-06-01', mileage: 31_000, ...extra });
    const before = await customer.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Owner note', date: '2025-05-01' });

    // Mode grants nothing; staff of another shop and outsiders get 404.
    const switched = callerFor(db, await createUser(db, { role: 'tech' }));
    for (const outsider of [switched, callerFor(db, shops.techB)]) {
      expect(await httpFailure(outsider.garage.records.create(input()))).toMatchObject({ status: 404 });
      expect(await httpFailure(outsider.garage.records.get({ id: before.id }))).toMatchObject({ status: 404 });
      expect((await rejection(outsider.garage.records.customerVehicles({ serviceCenterId: shops.a }))).code).toBe('NOT_FOUND');
    }
    // Staff of B cannot write A's customer's vehicle under B either.
    expect(await httpFailure(callerFor(db, shops.techB).garage.records.create(input({ serviceCenterId: shops.b })))).toMatchObject({ status: 404 });
    // The vehicle must be the customer vehicle's.
    expect(await httpFailure(asTech.garage.records.create(input({ vehicleId: fx.crv.vehicle.id })))).toMatchObject({ status: 404 });

    const listed = await asTech.garage.records.customerVehicles({ serviceCenterId: shops.a });
    expect(listed.map((v) => [v.customerVehicleId, v.vehicle.id])).toEqual([[f150, fx.f150.vehicle.id]]);

    // The record joins the customer's history with the shop and technician named, and is audited.
    const written = await asTech.garage.records.create(input());
    expect(written).toMatchObject({ userId: customer.user.id, technicianId: shops.techA.id, serviceCenterId: shops.a, customerVehicleId: f150 });
    expect(written.serviceCenterName).toBeTruthy();
    expect(await fx.odometerOf(customer.entry.id)).toBe(31_000);
    const ownersView = await customer.caller.garage.records.list({ vehicleId: fx.f150.vehicle.id });
    expect(ownersView.items.map((item) => item.id)).toEqual([written.id, before.id]);
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'service_record').where('entity_id', '=', written.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['create']);

    // Staff read the customer's history of the vehicle, edit what their shop wrote, never the owner's entries.
    expect((await asTech.garage.records.list({ vehicleId: fx.f150.vehicle.id, customerVehicleId: f150 })).items.map((item) => item.id)).toEqual([written.id, before.id]);
    expect(await asTech.garage.records.update({ id: written.id, notes: 'Pads at 4 mm' })).toMatchObject({ notes: 'Pads at 4 mm' });
    expect((await rejection(asTech.garage.records.update({ id: before.id, notes: 'Shop was here' }))).code).toBe('FORBIDDEN');
    expect((await rejection(asTech.garage.records.remove({ id: before.id }))).code).toBe('FORBIDDEN');
    expect((await db.selectFrom('service_records').select('notes').where('id', '=', before.id).executeTakeFirstOrThrow()).notes).toBeNull();
    // A colleague of the shop may correct the shop's record; staff of B see nothing of it.
    expect(await callerFor(db, shops.managerA).garage.records.get({ id: written.id })).toMatchObject({ id: written.id });
    expect(await httpFailure(callerFor(db, shops.techB).garage.records.get({ id: written.id }))).toMatchObject({ status: 404 });
    // The owner keeps the last word over their own history, the shop's record included.
    await customer.caller.garage.records.remove({ id: written.id });
    expect(await httpFailure(asTech.garage.records.get({ id: written.id }))).toMatchObject({ status: 404 });
    const actions = await db.selectFrom('audit_log').select('action').where('entity', '=', 'service_record').where('entity_id', '=', written.id).orderBy('created_at').execute();
    expect(actions.map((row) => row.action)).toEqual(['create', 'update']);
  });
});
