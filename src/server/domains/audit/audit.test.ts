import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createShop, createVehicle } from '../../../../tests/helpers/customers.ts';

describeEachDatabase('audit log and customer REST paths', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app.close();
  });

  it('records every customer change with who, before and after; managers and owners read it, newest first', async () => {
    const db = getDb();
    const shop = await createShop(db);
    await db.updateTable('users').set({ first_name: 'Mia', last_name: 'Manager' }).where('id', '=', shop.manager.id).execute();
    const manager = callerFor(db, shop.manager);
    const customer = await manager.customers.create({ serviceCenterId: shop.centerId, name: 'Audited', email: 'a@example.test' });
    await manager.customers.update({ id: customer.id, name: 'Audited Again', tags: ['VIP'] });
    const vehicle = await manager.customers.vehicles.add({ customerId: customer.id, vehicleId: await createVehicle(db), odometer: 100 });
    await manager.customers.vehicles.update({ id: vehicle.id, odometer: 200 });
    await manager.customers.vehicles.remove({ id: vehicle.id });

    const log = await callerFor(db, shop.owner).audit.list({ serviceCenterId: shop.centerId });
    expect(log.items.map((e) => `${e.entity}:${e.action}`)).toEqual([
      'customer_vehicle:delete',
      'customer_vehicle:update',
      'customer_vehicle:create',
      'customer:update',
      'customer:create',
    ]);
    const update = log.items[3]!;
    expect(update).toMatchObject({
      entityId: customer.id,
      actor: { id: shop.manager.id, name: 'Mia Manager', email: shop.manager.email },
      before: { name: 'Audited', tags: [], email: 'a@example.test' },
      after: { name: 'Audited Again', tags: ['VIP'] },
    });
    expect(log.items[0]).toMatchObject({ before: { odometer: 200, vehicle: expect.stringMatching(/^2019 Toyota Camry /) }, after: null });
    expect(log.items[4]).toMatchObject({ before: null, after: { name: 'Audited' } });

    const vehiclesOnly = await callerFor(db, shop.manager).audit.list({ serviceCenterId: shop.centerId, entity: 'customer_vehicle', limit: 2 });
    expect(vehiclesOnly.items.map((e) => e.action)).toEqual(['delete', 'update']);
    const rest = await callerFor(db, shop.manager).audit.list({ serviceCenterId: shop.centerId, entity: 'customer_vehicle', limit: 2, cursor: vehiclesOnly.nextCursor });
    expect(rest.items.map((e) => e.action)).toEqual(['create']);
    expect(rest.nextCursor).toBeNull();

    // Refused changes leave no entry.
    await rejection(callerFor(db, shop.technician).customers.update({ id: customer.id, name: 'Tech' }));
    expect((await callerFor(db, shop.owner).audit.list({ serviceCenterId: shop.centerId })).items).toHaveLength(5);
  });

  it('is closed to technicians (403) and to everyone outside the shop (404)', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const other = await createShop(db);
    expect((await rejection(callerFor(db, shop.technician).audit.list({ serviceCenterId: shop.centerId }))).code).toBe('FORBIDDEN');
    for (const user of [other.owner, other.manager, await createUser(db, { role: 'tech' })]) {
      expect((await rejection(callerFor(db, user).audit.list({ serviceCenterId: shop.centerId }))).code).toBe('NOT_FOUND');
    }
    expect((await rejection(callerFor(db, shop.owner).audit.list({ serviceCenterId: shop.centerId, entity: 'nothing' as never }))).code).toBe('BAD_REQUEST');
  });

  it('answers the REST paths with the same rules', async () => {
    const db = getDb();
    const shop = await createShop(db);
    const other = await createShop(db);
    const [manager, technician, stranger] = await Promise.all([
      signInCookie(app, shop.manager.email),
      signInCookie(app, shop.technician.email),
      signInCookie(app, other.owner.email),
    ]);
    const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { cookie } });

    const created = await call(manager, 'POST', `/api/shops/${shop.centerId}/customers`, { name: 'Rest Customer', phone: '512 555 0199', tags: ['fleet'] });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await call(technician, 'POST', `/api/shops/${shop.centerId}/customers`, { name: 'No' })).statusCode).toBe(403);
    expect((await call(stranger, 'POST', `/api/shops/${shop.centerId}/customers`, { name: 'No' })).statusCode).toBe(404);
    const invalid = await call(manager, 'POST', `/api/shops/${shop.centerId}/customers`, { name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Name is required');

    const list = await call(technician, 'GET', `/api/shops/${shop.centerId}/customers?search=rest&tag=FLEET&limit=5`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ items: [{ id, name: 'Rest Customer', vehicleCount: 0 }], nextCursor: null });
    expect((await call(technician, 'GET', `/api/shops/${shop.centerId}/customers?limit=500`)).statusCode).toBe(400);
    expect((await call(stranger, 'GET', `/api/shops/${shop.centerId}/customers`)).statusCode).toBe(404);

    expect((await call(technician, 'GET', `/api/customers/${id}`)).json().customer).toMatchObject({ name: 'Rest Customer', linked: false });
    expect((await call(stranger, 'GET', `/api/customers/${id}`)).statusCode).toBe(404);
    const patched = await call(manager, 'PATCH', `/api/customers/${id}`, { notes: 'Called back' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ notes: 'Called back' });
    expect((await call(technician, 'PATCH', `/api/customers/${id}`, { notes: 'x' })).statusCode).toBe(403);
    expect((await call(stranger, 'PATCH', `/api/customers/${id}`, { notes: 'x' })).statusCode).toBe(404);

    const audit = await call(manager, 'GET', `/api/shops/${shop.centerId}/audit?entity=customer&limit=1`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().items[0]).toMatchObject({ action: 'update', before: { notes: null }, after: { notes: 'Called back' } });
    expect((await call(technician, 'GET', `/api/shops/${shop.centerId}/audit`)).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/shops/${shop.centerId}/audit`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/shops/${shop.centerId}/audit` })).statusCode).toBe(401);
  });
});
