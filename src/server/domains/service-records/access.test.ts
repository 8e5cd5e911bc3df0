import { expect, it } from 'vitest';
import { callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createShop } from '../../../../tests/helpers/inquiries.ts';
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
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, customerId: a.user.id, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await httpFailure(b.caller.garage.records.create({ vehicleId: MISSING, serviceType: 'x', date: '2025-05-05' }))).toMatchObject(notInGarage);
    expect(await fx.recordCount(fx.f150.vehicle.id, a.user.id)).toBe(count);
    expect(await fx.recordCount(fx.f150.vehicle.id, b.user.id)).toBe(0);
    expect((await rejection(b.caller.garage.records.customerVehicles({}))).code).toBe('FORBIDDEN');

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

  it('lets a technician keep records of a customer vehicle only when the customer named it in an inquiry or appointment', async () => {
    const db = getDb();
    const tech = await createUser(db, { role: 'tech' });
    const asTech = callerFor(db, tech);
    const customer = await fx.ownerWith(fx.f150.vehicle, 30_000);
    const otherCustomer = await fx.ownerWith(fx.crv.vehicle, 5000);
    const input = (customerId: string, vehicleId: string) => ({ vehicleId, customerId, serviceType: 'Brake inspection', date: '2025-06-01', mileage: 31_000 });

    // No tie yet: the customer's vehicle reads as missing, and nothing is listed.
    const before = await customer.caller.garage.records.create({ vehicleId: fx.f150.vehicle.id, serviceType: 'Owner note', date: '2025-05-01' });
    expect(await httpFailure(asTech.garage.records.create(input(customer.user.id, fx.f150.vehicle.id)))).toMatchObject({ status: 404, body: { message: 'Vehicle not found in your garage' } });
    expect(await httpFailure(asTech.garage.records.get({ id: before.id }))).toMatchObject({ status: 404 });
    expect(await asTech.garage.records.list({ vehicleId: fx.f150.vehicle.id })).toEqual({ items: [], total: 0 });
    expect(await asTech.garage.records.customerVehicles({ customerId: customer.user.id })).toEqual([]);
    // A tie of one vehicle does not reach the customer's other vehicles...
    await customer.caller.inquiries.create({ inquiryType: 'service', subject: 'Squeal', description: 'Brakes squeal', vehicleId: fx.f150.vehicle.id, serviceCenterId: (await createShop(db)).id });
    await customer.caller.garage.add({ vehicleId: fx.accord.vehicle.id, nickname: 'Old Accord', odometer: 150_000 });
    expect(await httpFailure(asTech.garage.records.create(input(customer.user.id, fx.accord.vehicle.id)))).toMatchObject({ status: 404 });
    // ...nor another customer's history of a vehicle the first one named.
    expect(await httpFailure(asTech.garage.records.create(input(otherCustomer.user.id, fx.f150.vehicle.id)))).toMatchObject({ status: 404 });
    // Owners cannot use the technician path.
    expect(await httpFailure(otherCustomer.caller.garage.records.create(input(customer.user.id, fx.f150.vehicle.id)))).toMatchObject({ status: 404 });

    // Tied through the inquiry: the record joins the customer's history, written by the technician.
    const written = await asTech.garage.records.create(input(customer.user.id, fx.f150.vehicle.id));
    expect(written).toMatchObject({ vehicleId: fx.f150.vehicle.id, userId: customer.user.id, technicianId: tech.id, technicianName: tech.email, status: 'completed' });
    expect(await fx.odometerOf(customer.entry.id)).toBe(31_000);
    const ownersView = await customer.caller.garage.records.list({ vehicleId: fx.f150.vehicle.id });
    expect(ownersView.items.map((item) => item.id)).toEqual([written.id, before.id]);
    expect(ownersView.items[0]).toEqual(written);
    // The technician now reaches the customer's whole history of that vehicle, and can correct it.
    expect((await asTech.garage.records.list({ vehicleId: fx.f150.vehicle.id, customerId: customer.user.id })).items.map((item) => item.id)).toEqual([written.id, before.id]);
    expect(await asTech.garage.records.update({ id: before.id, notes: 'Checked by the shop' })).toMatchObject({ notes: 'Checked by the shop', userId: customer.user.id });
    // The owner keeps the last word over their own history.
    await customer.caller.garage.records.remove({ id: written.id });
    expect(await httpFailure(asTech.garage.records.get({ id: written.id }))).toMatchObject({ status: 404 });

    // Tied through an appointment instead.
    expect(await httpFailure(asTech.garage.records.create(input(otherCustomer.user.id, fx.crv.vehicle.id)))).toMatchObject({ status: 404 });
    await otherCustomer.caller.appointments.create({ appointmentDate: new Date(Date.now() + 86_400_000), duration: 60, serviceType: 'Brakes', vehicleId: fx.crv.vehicle.id });
    const viaAppointment = await asTech.garage.records.create({ ...input(otherCustomer.user.id, fx.crv.vehicle.id), mileage: 4000 });
    expect(viaAppointment).toMatchObject({ userId: otherCustomer.user.id, technicianId: tech.id });
    // A lower mileage than the garage's odometer leaves it as it was.
    expect(await fx.odometerOf(otherCustomer.entry.id)).toBe(5000);

    const tied = await asTech.garage.records.customerVehicles({});
    expect(tied.map((t) => [t.customerId, t.vehicle.id])).toEqual(
      expect.arrayContaining([
        [customer.user.id, fx.f150.vehicle.id],
        [otherCustomer.user.id, fx.crv.vehicle.id],
      ]),
    );
    expect(tied.map((t) => [t.customerId, t.vehicle.id])).not.toContainEqual([customer.user.id, fx.accord.vehicle.id]);
    expect((await asTech.garage.records.customerVehicles({ customerId: otherCustomer.user.id })).map((t) => t.vehicle.id)).toEqual([fx.crv.vehicle.id]);

    // Another technician's view is the same (ties belong to customers, not to one technician).
    const colleague = callerFor(db, await createUser(db, { role: 'tech' }));
    expect(await colleague.garage.records.get({ id: viaAppointment.id })).toEqual(viaAppointment);
    // Customers never see each other's records.
    expect(await httpFailure(customer.caller.garage.records.get({ id: viaAppointment.id }))).toMatchObject({ status: 404 });
  });
});
