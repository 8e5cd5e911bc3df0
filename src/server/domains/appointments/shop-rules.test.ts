import { beforeAll, expect, it } from 'vitest';
import type { User } from '../../../shared/auth.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { addCustomer, addCustomerVehicle, addToGarage, createVehicle, twoShops } from '../../../../tests/helpers/appointments.ts';
import { callerFor, createUser, rejection } from '../../../../tests/helpers/factories.ts';

const DAY = 24 * 60 * 60_000;
const slot = (days = 2) => ({ appointmentDate: new Date(Date.now() + days * DAY), duration: 60, serviceType: 'Brake service' });

describeEachDatabase('appointments belong to a shop', (getDb) => {
  let shops: Awaited<ReturnType<typeof twoShops>>;
  let customer: User;
  let customerId: string;
  let customerVehicleId: string;

  beforeAll(async () => {
    const db = getDb();
    shops = await twoShops(db);
    customer = await createUser(db, { role: 'simple' });
    customerId = await addCustomer(db, shops.a, customer);
    customerVehicleId = await addCustomerVehicle(db, customerId, await createVehicle(db));
  });

  it('staff book for a customer of their shop; the customer sees it; another shop and other users get 404', async () => {
    const db = getDb();
    const booked = await callerFor(db, shops.techA).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId, customerVehicleId, technicianId: shops.techA.id, estimatedCost: '80' });
    expect(booked).toMatchObject({ shopCustomerId: customerId, customerId: customer.id, customerVehicleId, technicianId: shops.techA.id, estimatedCost: '80.00' });
    expect(booked.customerName).toBeTruthy();
    expect(booked.vehicleLabel).toContain('Honda');

    expect((await callerFor(db, customer).appointments.get({ id: booked.id })).id).toBe(booked.id);
    expect((await callerFor(db, customer).appointments.list({ mine: true })).items.map((a) => a.id)).toContain(booked.id);
    expect((await callerFor(db, shops.managerA).appointments.list({ serviceCenterId: shops.a })).items.map((a) => a.id)).toContain(booked.id);

    const stranger = await createUser(db, { role: 'tech' });
    for (const user of [shops.techB, shops.ownerB, stranger]) {
      expect((await rejection(callerFor(db, user).appointments.get({ id: booked.id }))).code).toBe('NOT_FOUND');
      expect((await rejection(callerFor(db, user).appointments.update({ id: booked.id, duration: 30 }))).code).toBe('NOT_FOUND');
      expect((await rejection(callerFor(db, user).appointments.setStatus({ id: booked.id, status: 'confirmed' }))).code).toBe('NOT_FOUND');
      expect((await rejection(callerFor(db, user).appointments.list({ serviceCenterId: shops.a }))).code).toBe('NOT_FOUND');
      expect((await rejection(callerFor(db, user).appointments.stats({ serviceCenterId: shops.a }))).code).toBe('NOT_FOUND');
      expect((await callerFor(db, user).appointments.list({})).items.map((a) => a.id)).not.toContain(booked.id);
    }
    // Staff of B cannot book into A, nor name A's customer from B.
    expect((await rejection(callerFor(db, shops.techB).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId }))).code).toBe('NOT_FOUND');
    expect((await rejection(callerFor(db, shops.techB).appointments.create({ ...slot(), serviceCenterId: shops.b, customerId }))).code).toBe('NOT_FOUND');
    // The customer is not staff: no edits.
    expect((await rejection(callerFor(db, customer).appointments.update({ id: booked.id, duration: 30 }))).code).toBe('NOT_FOUND');
  });

  it('a role switch grants nothing', async () => {
    const db = getDb();
    const switcher = await createUser(db, { role: 'simple' });
    await callerFor(db, switcher).auth.setRole({ role: 'tech' });
    const tech = { ...switcher, role: 'tech' as const };
    expect((await rejection(callerFor(db, tech).appointments.list({ serviceCenterId: shops.a }))).code).toBe('NOT_FOUND');
    expect((await rejection(callerFor(db, tech).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId }))).code).toBe('NOT_FOUND');
    expect((await rejection(callerFor(db, tech).customers.options({ serviceCenterId: shops.a }))).code).toBe('NOT_FOUND');
    expect((await callerFor(db, tech).appointments.list({})).items).toEqual([]);
  });

  it('the technician must be staff of the shop', async () => {
    const db = getDb();
    const error = await rejection(callerFor(db, shops.managerA).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId, technicianId: shops.techB.id }));
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'The technician must be staff of this shop' });
    const booked = await callerFor(db, shops.managerA).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId });
    expect((await rejection(callerFor(db, shops.managerA).appointments.update({ id: booked.id, technicianId: shops.techB.id }))).code).toBe('BAD_REQUEST');
  });

  it('edits and reschedules are audited and the customer is notified', async () => {
    const db = getDb();
    const booked = await callerFor(db, shops.techA).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId });
    const newDate = new Date(Date.now() + 5 * DAY);
    const moved = await callerFor(db, shops.techA).appointments.update({ id: booked.id, appointmentDate: newDate, duration: 90, notes: 'Bring the key', technicianId: shops.managerA.id });
    expect(moved).toMatchObject({ duration: 90, notes: 'Bring the key', technicianId: shops.managerA.id });
    expect(moved.appointmentDate.getTime()).toBe(newDate.getTime());
    await callerFor(db, shops.techA).appointments.setStatus({ id: booked.id, status: 'confirmed' });

    const audit = await db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('entity', '=', 'appointment').where('entity_id', '=', booked.id).orderBy('created_at').execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'status']);
    expect(audit[1]).toMatchObject({ actor_id: shops.techA.id, before: expect.objectContaining({ duration: 60 }), after: expect.objectContaining({ duration: 90 }) });
    const notes = await db.selectFrom('notifications').select(['kind', 'link']).where('user_id', '=', customer.id).where('link', '=', `/requests?appointment=${booked.id}`).orderBy('created_at').execute();
    expect(notes.map((n) => n.kind)).toEqual(['appointment_change', 'appointment_change', 'appointment_status']);
    expect((await callerFor(db, customer).appointments.get({ id: booked.id })).status).toBe('confirmed');
  });

  it('owners request a slot for a garage vehicle and cancel their own upcoming appointment', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'simple' });
    const garageVehicleId = await addToGarage(db, owner, await createVehicle(db));
    const request = await callerFor(db, owner).appointments.create({ ...slot(), serviceCenterId: shops.b, garageVehicleId });
    expect(request).toMatchObject({ status: 'scheduled', customerId: owner.id, garageVehicleId, technicianId: null });
    expect(request.shopCustomerId).toBeTruthy();
    expect(request.customerVehicleId).toBeTruthy();
    // The shop sees it; the other shop does not.
    expect((await callerFor(db, shops.techB).appointments.list({ serviceCenterId: shops.b })).items.map((a) => a.id)).toContain(request.id);
    expect((await rejection(callerFor(db, shops.techA).appointments.get({ id: request.id }))).code).toBe('NOT_FOUND');
    // Someone else's garage vehicle reads as missing.
    const other = await createUser(db, { role: 'simple' });
    expect((await rejection(callerFor(db, other).appointments.create({ ...slot(), serviceCenterId: shops.b, garageVehicleId }))).code).toBe('NOT_FOUND');
    // Owners cannot set what the shop decides.
    expect((await rejection(callerFor(db, owner).appointments.create({ ...slot(), serviceCenterId: shops.b, status: 'confirmed' }))).code).toBe('BAD_REQUEST');

    expect((await rejection(callerFor(db, other).appointments.cancel({ id: request.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(callerFor(db, shops.techA).appointments.cancel({ id: request.id }))).code).toBe('NOT_FOUND');
    expect((await callerFor(db, owner).appointments.cancel({ id: request.id })).status).toBe('cancelled');
    expect((await rejection(callerFor(db, owner).appointments.cancel({ id: request.id }))).code).toBe('BAD_REQUEST');
  });

  it('converts an inquiry of the shop: customer and vehicle come along, the inquiry moves to in progress, audited and told', async () => {
    const db = getDb();
    const inquiry = await db
      .insertInto('customer_inquiries')
      .values({ service_center_id: shops.a, customer_id: customer.id, shop_customer_id: customerId, customer_vehicle_id: customerVehicleId, inquiry_type: 'service', subject: 'Squeaky brakes', description: 'They squeak', status: 'resolved', completed_date: new Date(), priority: 'medium' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await rejection(callerFor(db, shops.techB).appointments.create({ ...slot(), serviceCenterId: shops.b, inquiryId: inquiry.id }))).code).toBe('NOT_FOUND');
    const converted = await callerFor(db, shops.techA).appointments.create({ ...slot(), serviceCenterId: shops.a, inquiryId: inquiry.id });
    expect(converted).toMatchObject({ inquiryId: inquiry.id, shopCustomerId: customerId, customerVehicleId, customerId: customer.id });
    const after = await db.selectFrom('customer_inquiries').select(['status', 'completed_date']).where('id', '=', inquiry.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ status: 'in_progress', completed_date: null });
    // The inquiry's status change is audited as any status change is, naming the appointment.
    const logged = await db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('entity', '=', 'inquiry').where('entity_id', '=', inquiry.id).execute();
    expect(logged).toEqual([
      {
        action: 'status',
        actor_id: shops.techA.id,
        before: { status: 'resolved', completedDate: expect.any(String) },
        after: { status: 'in_progress', completedDate: null, appointmentId: converted.id },
      },
    ]);
    // The customer is told of the request's new status and of the appointment.
    const notes = await callerFor(db, customer).notifications.list({ limit: 10 });
    expect(notes.items.map((n) => [n.kind, n.title, n.link])).toEqual(
      expect.arrayContaining([
        ['inquiry_status', 'Your request is now In Progress', `/requests?inquiry=${inquiry.id}`],
        ['appointment_change', 'Appointment booked: Brake service', `/requests?appointment=${converted.id}`],
      ]),
    );
    // Converting again (already in progress) is audited but tells the customer nothing new.
    await callerFor(db, shops.techA).appointments.create({ ...slot(3), serviceCenterId: shops.a, inquiryId: inquiry.id });
    const statusNotes = (await callerFor(db, customer).notifications.list({ limit: 20 })).items.filter((n) => n.kind === 'inquiry_status');
    expect(statusNotes).toHaveLength(1);
  });

  it('admins read every appointment (support) but change none', async () => {
    const db = getDb();
    const admin = { ...(await createUser(db, { role: 'simple' })), isAdmin: true };
    const booked = await callerFor(db, shops.techA).appointments.create({ ...slot(), serviceCenterId: shops.a, customerId });
    expect((await callerFor(db, admin).appointments.get({ id: booked.id })).id).toBe(booked.id);
    expect((await callerFor(db, admin).appointments.list({ serviceCenterId: shops.a })).items.length).toBeGreaterThan(0);
    expect((await rejection(callerFor(db, admin).appointments.update({ id: booked.id, duration: 30 }))).code).toBe('NOT_FOUND');
  });
});
