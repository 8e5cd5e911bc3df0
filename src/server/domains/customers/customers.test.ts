import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { callerFor, createUser, rejection } from '../../../../tests/helpers/factories.ts';
import { createShop, createVehicle } from '../../../../tests/helpers/customers.ts';
import { customerForAccount } from '../../lib/shop-customers.ts';

describeEachDatabase('customers', (getDb) => {
  it('managers and owners create and edit customers; technicians read them and get 403 for changes', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const manager = callerFor(db, shop.manager);
    const created = await manager.customers.create({ serviceCenterId: shop.centerId, name: '  Ada Lovelace ', email: 'ada@example.test', phone: '(512) 555-0100', tags: ['VIP', 'vip', 'fleet'] });
    expect(created).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', tags: ['VIP', 'fleet'], notes: null, linked: false });

    const owner = callerFor(db, shop.owner);
    const updated = await owner.customers.update({ id: created.id, phone: '', notes: 'Prefers texts' });
    expect(updated).toMatchObject({ phone: null, notes: 'Prefers texts', name: 'Ada Lovelace' });

    const technician = callerFor(db, shop.technician);
    expect((await technician.customers.get({ id: created.id })).customer.name).toBe('Ada Lovelace');
    const listed = await technician.customers.list({ serviceCenterId: shop.centerId });
    expect(listed.items.map((c) => c.id)).toEqual([created.id]);
    expect((await rejection(technician.customers.create({ serviceCenterId: shop.centerId, name: 'Nope' }))).code).toBe('FORBIDDEN');
    expect((await rejection(technician.customers.update({ id: created.id, name: 'Nope' }))).code).toBe('FORBIDDEN');
    const vehicleId = await createVehicle(db);
    expect((await rejection(technician.customers.vehicles.add({ customerId: created.id, vehicleId }))).code).toBe('FORBIDDEN');
  });

  it("staff of another shop, owners and Tech-Mode accounts that are no shop's staff get 404; admins read", async () => {
    const db = getDb();
    const a = await createShop(db);
    const b = await createShop(db);
    const customer = await callerFor(db, a.owner).customers.create({ serviceCenterId: a.centerId, name: 'Grace Hopper' });
    const vehicle = await callerFor(db, a.owner).customers.vehicles.add({ customerId: customer.id, vehicleId: await createVehicle(db) });
    const strangers = [b.owner, b.manager, b.technician, await createUser(db, { role: 'tech' }), await createUser(db)];
    for (const stranger of strangers) {
      const caller = callerFor(db, stranger);
      expect((await rejection(caller.customers.get({ id: customer.id }))).code).toBe('NOT_FOUND');
      expect((await rejection(caller.customers.update({ id: customer.id, name: 'Taken' }))).code).toBe('NOT_FOUND');
      expect((await rejection(caller.customers.list({ serviceCenterId: a.centerId }))).code).toBe('NOT_FOUND');
      expect((await rejection(caller.customers.create({ serviceCenterId: a.centerId, name: 'X' }))).code).toBe('NOT_FOUND');
      expect((await rejection(caller.customers.vehicles.update({ id: vehicle.id, plate: 'X1' }))).code).toBe('NOT_FOUND');
      expect((await rejection(caller.customers.vehicles.remove({ id: vehicle.id }))).code).toBe('NOT_FOUND');
    }
    expect((await rejection(callerFor(db, null).customers.list({ serviceCenterId: a.centerId }))).code).toBe('UNAUTHORIZED');
    const admin = await createUser(db);
    await db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.id).execute();
    const adminCaller = callerFor(db, { ...admin, isAdmin: true });
    expect((await adminCaller.customers.get({ id: customer.id })).customer.name).toBe('Grace Hopper');
    expect((await rejection(adminCaller.customers.update({ id: customer.id, name: 'X' }))).code).toBe('NOT_FOUND');
    expect(await db.selectFrom('shop_customers').select('name').where('id', '=', customer.id).executeTakeFirstOrThrow()).toEqual({ name: 'Grace Hopper' });
  });

  it('options: the pickers get the shop\u2019s customers by name with their vehicles\u2019 labels; read access, bounded', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const other = await createShop(db);
    const manager = callerFor(db, shop.manager);
    const bea = await manager.customers.create({ serviceCenterId: shop.centerId, name: 'Bea Brake', email: 'bea@example.test' });
    await manager.customers.create({ serviceCenterId: shop.centerId, name: 'al Axle', phone: '(512) 555-0199' });
    await callerFor(db, other.manager).customers.create({ serviceCenterId: other.centerId, name: 'Bea Elsewhere' });
    const vehicle = await manager.customers.vehicles.add({ customerId: bea.id, vehicleId: await createVehicle(db, { year: 2018, make: 'Honda', model: 'Civic' }), plate: 'ABC 123' });

    const technician = callerFor(db, shop.technician);
    const all = await technician.customers.options({ serviceCenterId: shop.centerId });
    expect(all.map((c) => c.name)).toEqual(['al Axle', 'Bea Brake']);
    expect(all[1]).toEqual({ id: bea.id, name: 'Bea Brake', email: 'bea@example.test', vehicles: [{ id: vehicle.id, label: '2018 Honda Civic (ABC 123)' }] });
    expect(all[0]?.vehicles).toEqual([]);
    expect((await technician.customers.options({ serviceCenterId: shop.centerId, search: 'BEA@' })).map((c) => c.id)).toEqual([bea.id]);
    expect((await technician.customers.options({ serviceCenterId: shop.centerId, search: '555-0199' })).map((c) => c.name)).toEqual(['al Axle']);
    expect(await technician.customers.options({ serviceCenterId: shop.centerId, limit: 1 })).toHaveLength(1);
    expect((await rejection(technician.customers.options({ serviceCenterId: shop.centerId, limit: 51 }))).code).toBe('BAD_REQUEST');
    for (const stranger of [other.owner, await createUser(db, { role: 'tech' })]) {
      expect((await rejection(callerFor(db, stranger).customers.options({ serviceCenterId: shop.centerId }))).code).toBe('NOT_FOUND');
    }
    expect((await rejection(callerFor(db, null).customers.options({ serviceCenterId: shop.centerId }))).code).toBe('UNAUTHORIZED');
  });

  it('searches name, e-mail and phone on the server, filters by tag and pages by name', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const other = await createShop(db);
    const manager = callerFor(db, shop.manager);
    const names = ['Zoe Zed', 'amy Apple', 'Bob Brown', 'Carl Crane', 'Dana Dune'];
    for (const [i, name] of names.entries()) {
      await manager.customers.create({ serviceCenterId: shop.centerId, name, email: `c${i}${i === 3 ? '_' : '.'}x@example.test`, phone: `512-555-010${i}`, tags: i % 2 ? ['Fleet'] : [] });
    }
    await callerFor(db, other.owner).customers.create({ serviceCenterId: other.centerId, name: 'Bob Brown elsewhere' });

    const pages: string[][] = [];
    let cursor: string | null | undefined;
    do {
      const page = await manager.customers.list({ serviceCenterId: shop.centerId, limit: 2, cursor });
      pages.push(page.items.map((c) => c.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([['amy Apple', 'Bob Brown'], ['Carl Crane', 'Dana Dune'], ['Zoe Zed']]);

    const search = async (term: string) => (await manager.customers.list({ serviceCenterId: shop.centerId, search: term })).items.map((c) => c.name);
    expect(await search('BROWN')).toEqual(['Bob Brown']);
    expect(await search('c3_X@')).toEqual(['Carl Crane']);
    // The user's % and _ are taken literally, not as wildcards.
    expect(await search('_')).toEqual(['Carl Crane']);
    expect(await search('%')).toEqual([]);
    expect(await search('555-0102')).toEqual(['Bob Brown']);
    expect(await search('nobody')).toEqual([]);
    const tagged = await manager.customers.list({ serviceCenterId: shop.centerId, tag: 'fleet' });
    expect(tagged.items.map((c) => c.name)).toEqual(['amy Apple', 'Carl Crane']);
  });

  it('counts vehicles, open inquiries and upcoming appointments of each listed customer', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const manager = callerFor(db, shop.manager);
    const customer = await manager.customers.create({ serviceCenterId: shop.centerId, name: 'Counted' });
    await manager.customers.vehicles.add({ customerId: customer.id, vehicleId: await createVehicle(db), plate: 'abc 123', odometer: '12,000' });
    const inquiry = (status: string) => ({ inquiry_type: 'service' as const, subject: 's', description: 'd', status, service_center_id: shop.centerId, shop_customer_id: customer.id });
    await db.insertInto('customer_inquiries').values([inquiry('open'), inquiry('in_progress'), inquiry('closed')]).execute();
    const day = 86_400_000;
    const appointment = (status: string, offset: number) => ({
      service_center_id: shop.centerId,
      shop_customer_id: customer.id,
      appointment_date: new Date(Date.now() + offset),
      duration: 60,
      service_type: 'Oil Change',
      status,
    });
    await db.insertInto('service_appointments').values([appointment('scheduled', day), appointment('confirmed', 2 * day), appointment('cancelled', day), appointment('scheduled', -day)]).execute();
    const [item] = (await manager.customers.list({ serviceCenterId: shop.centerId })).items;
    expect(item).toMatchObject({ vehicleCount: 1, openInquiryCount: 2, upcomingAppointmentCount: 2 });
    const detail = await manager.customers.get({ id: customer.id });
    expect(detail.inquiries).toHaveLength(3);
    expect(detail.appointments).toHaveLength(4);
    expect(detail.vehicles[0]).toMatchObject({ plate: 'abc 123', odometer: 12000, vehicle: { make: 'Toyota', year: 2019 } });
  });

  it("shows this shop's records of the customer's vehicles, never the owner's own or another shop's", async () => {
    const db = getDb();
    const shop = await createShop(db);
    const other = await createShop(db);
    const owner = await createUser(db);
    const customerId = await customerForAccount(db, shop.centerId, owner);
    const vehicleId = await createVehicle(db);
    await callerFor(db, shop.manager).customers.vehicles.add({ customerId, vehicleId });
    const record = (serviceType: string, centerId: string | null) => ({ vehicle_id: vehicleId, user_id: owner.id, service_type: serviceType, service_center_id: centerId });
    await db.insertInto('service_records').values([record('By this shop', shop.centerId), record('Owner kept', null), record('Other shop', other.centerId)]).execute();
    const detail = await callerFor(db, shop.technician).customers.get({ id: customerId });
    expect(detail.customer.linked).toBe(true);
    expect(detail.records.map((r) => r.serviceType)).toEqual(['By this shop']);
  });

  it('adds, edits and removes vehicles; refuses repeats, unknown vehicles, bad input and more than the bound', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const manager = callerFor(db, shop.manager);
    const customer = await manager.customers.create({ serviceCenterId: shop.centerId, name: 'Vehicles' });
    const vehicleId = await createVehicle(db);
    const added = await manager.customers.vehicles.add({ customerId: customer.id, vehicleId, plate: 'TX-1' });
    expect((await rejection(manager.customers.vehicles.add({ customerId: customer.id, vehicleId }))).code).toBe('CONFLICT');
    const unknown = await rejection(manager.customers.vehicles.add({ customerId: customer.id, vehicleId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown).toMatchObject({ code: 'BAD_REQUEST', message: 'Vehicle not found' });
    expect((await rejection(manager.customers.vehicles.add({ customerId: customer.id, vehicleId, plate: '<script>' }))).code).toBe('BAD_REQUEST');
    expect((await rejection(manager.customers.vehicles.add({ customerId: customer.id, vehicleId, odometer: -1 }))).code).toBe('BAD_REQUEST');
    expect(await manager.customers.vehicles.update({ id: added.id, odometer: 5000, plate: null })).toMatchObject({ odometer: 5000, plate: null });
    expect(await manager.customers.vehicles.remove({ id: added.id })).toEqual({ id: added.id });
    expect((await rejection(manager.customers.vehicles.remove({ id: added.id }))).code).toBe('NOT_FOUND');

    const many = await Promise.all(Array.from({ length: 51 }, (_, i) => createVehicle(db)));
    for (const id of many.slice(0, 50)) await manager.customers.vehicles.add({ customerId: customer.id, vehicleId: id });
    const over = await rejection(manager.customers.vehicles.add({ customerId: customer.id, vehicleId: many[50]! }));
    expect(over).toMatchObject({ code: 'BAD_REQUEST', message: 'A customer can have at most 50 vehicles' });
    expect((await manager.customers.get({ id: customer.id })).vehicles).toHaveLength(50);
  });

  it('refuses bad input with a sentence', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const manager = callerFor(db, shop.manager);
    const bad = async (input: Record<string, unknown>) => rejection(manager.customers.create({ serviceCenterId: shop.centerId, name: 'Ok', ...input } as never));
    expect(await bad({ name: '   ' })).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await bad({ name: 'x'.repeat(121) })).code).toBe('BAD_REQUEST');
    expect((await bad({ email: 'not-an-address' })).code).toBe('BAD_REQUEST');
    expect((await bad({ phone: 'call me' })).code).toBe('BAD_REQUEST');
    expect((await bad({ notes: 'x'.repeat(2001) })).code).toBe('BAD_REQUEST');
    expect((await bad({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) })).code).toBe('BAD_REQUEST');
    expect((await bad({ tags: ['x'.repeat(31)] })).code).toBe('BAD_REQUEST');
    expect((await bad({ userId: shop.owner.id })).code).toBe('BAD_REQUEST');
    expect((await rejection(manager.customers.list({ serviceCenterId: shop.centerId, limit: 101 }))).code).toBe('BAD_REQUEST');
    expect((await rejection(manager.customers.list({ serviceCenterId: shop.centerId, cursor: 'nonsense' }))).code).toBe('BAD_REQUEST');
    expect((await rejection(manager.customers.list({ serviceCenterId: shop.centerId, search: 'x'.repeat(101) }))).code).toBe('BAD_REQUEST');
    expect((await rejection(manager.customers.get({ id: 'not-a-uuid' }))).code).toBe('BAD_REQUEST');
  });
});
