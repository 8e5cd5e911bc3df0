import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, afterAll, expect, it } from 'vitest';
import type { User } from '../../../shared/auth.ts';
import type { CreateInquiryInput } from '../../../shared/inquiries.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { createGarageVehicle, createShop, createShopCustomer } from '../../../../tests/helpers/inquiries.ts';
import { createContextInner } from '../../context.ts';
import { ReadCache } from '../../http/read-cache.ts';
import { createCaller } from '../../router.ts';

// Inquiries belong to a shop (docs/inquiries.md): its staff and the customer see them, nobody else.

describeEachDatabase('inquiries by shop membership', (getDb) => {
  let app: FastifyInstance;
  let techA: User;
  let managerA: User;
  let techB: User;
  let owner: User;
  let ownerB: User;
  let admin: User;
  let shopA: { id: string };
  let shopB: { id: string };

  const ask = (serviceCenterId: string, extra: Partial<CreateInquiryInput> = {}): CreateInquiryInput => ({
    inquiryType: 'service',
    subject: `Noise ${randomUUID().slice(0, 6)}`,
    description: 'Rattles over bumps',
    serviceCenterId,
    ...extra,
  });

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp(db);
    techA = await createUser(db, { role: 'tech' });
    managerA = await createUser(db, { role: 'tech' });
    techB = await createUser(db, { role: 'tech' });
    owner = await createUser(db, { role: 'simple' });
    ownerB = await createUser(db, { role: 'simple' });
    admin = await createUser(db, { role: 'simple' });
    await db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.id).execute();
    admin = { ...admin, isAdmin: true };
    shopA = await createShop(db, [{ userId: techA.id, role: 'technician' }, { userId: managerA.id, role: 'manager' }]);
    shopB = await createShop(db, [{ userId: techB.id, role: 'owner' }]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("keeps shop A's inquiry to its customer and A's staff: B's staff, other owners and a mode switch get 404", async () => {
    const db = getDb();
    const garage = await createGarageVehicle(db, owner.id, { make: 'Mazda', model: 'CX-5' });
    const inquiry = await callerFor(db, owner).inquiries.create(ask(shopA.id, { garageVehicleId: garage.garageVehicleId }));
    expect(inquiry).toMatchObject({ customerId: owner.id, serviceCenterId: shopA.id, createdBy: owner.id, garageVehicleId: garage.garageVehicleId, vehicleId: garage.vehicleId });
    expect(inquiry.shopCustomerId).toBeTruthy();
    expect(inquiry.customerVehicleId).toBeTruthy();
    expect(inquiry.vehicleLabel).toBe('2019 Mazda CX-5');

    expect((await callerFor(db, techA).inquiries.get({ id: inquiry.id })).customerName).toBeTruthy();
    expect((await callerFor(db, admin).inquiries.get({ id: inquiry.id })).id).toBe(inquiry.id);
    for (const outsider of [techB, ownerB]) {
      expect(await rejection(callerFor(db, outsider).inquiries.get({ id: inquiry.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Customer inquiry not found' });
      expect(await rejection(callerFor(db, outsider).inquiries.setStatus({ id: inquiry.id, status: 'closed' }))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await rejection(callerFor(db, outsider).inquiries.messages.list({ inquiryId: inquiry.id }))).toMatchObject({ code: 'NOT_FOUND' });
      expect(await rejection(callerFor(db, outsider).inquiries.messages.send({ inquiryId: inquiry.id, body: 'hi' }))).toMatchObject({ code: 'NOT_FOUND' });
      expect((await callerFor(db, outsider).inquiries.list({})).items.map((i) => i.id)).not.toContain(inquiry.id);
    }
    expect(await rejection(callerFor(db, techB).inquiries.list({ serviceCenterId: shopA.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(callerFor(db, admin).inquiries.setStatus({ id: inquiry.id, status: 'closed' }))).toMatchObject({ code: 'NOT_FOUND' });
    // The admin reads a shop's list for support.
    expect((await callerFor(db, admin).inquiries.list({ serviceCenterId: shopA.id })).items.map((i) => i.id)).toContain(inquiry.id);

    // Switching to Tech Mode grants nothing.
    const switched = await callerFor(db, ownerB).auth.setRole({ role: 'tech' });
    expect(switched.role).toBe('tech');
    const ownerBTech = { ...ownerB, role: 'tech' as const };
    expect(await rejection(callerFor(db, ownerBTech).inquiries.get({ id: inquiry.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await callerFor(db, ownerBTech).inquiries.all()).map((i) => i.id)).not.toContain(inquiry.id);

    // Over HTTP too.
    const techBCookie = await signInCookie(app, techB.email);
    expect((await app.inject({ method: 'GET', url: `/api/customer-inquiries/${inquiry.id}`, headers: { cookie: techBCookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/customer-inquiries/${inquiry.id}/messages`, headers: { cookie: techBCookie } })).statusCode).toBe(404);
  });

  it('refuses a request to an inactive shop, another owner\u2019s garage vehicle and a customer of another shop', async () => {
    const db = getDb();
    const closed = await createShop(db, [], { isActive: false });
    expect(await rejection(callerFor(db, owner).inquiries.create(ask(closed.id)))).toMatchObject({ code: 'BAD_REQUEST', message: 'This service center is inactive and takes no new work' });
    const theirs = await createGarageVehicle(db, ownerB.id);
    expect(await rejection(callerFor(db, owner).inquiries.create(ask(shopA.id, { garageVehicleId: theirs.garageVehicleId })))).toMatchObject({ code: 'NOT_FOUND', message: 'Garage vehicle not found' });
    const customerOfB = await createShopCustomer(db, shopB.id);
    expect(await rejection(callerFor(db, techA).inquiries.create(ask(shopA.id, { customerId: customerOfB })))).toMatchObject({ code: 'NOT_FOUND', message: 'Customer not found' });
    // Writing for a customer is for the shop's staff.
    const customerOfA = await createShopCustomer(db, shopA.id);
    expect(await rejection(callerFor(db, owner).inquiries.create(ask(shopA.id, { customerId: customerOfA })))).toMatchObject({ code: 'NOT_FOUND' });
    const res = await app.inject({ method: 'POST', url: '/api/customer-inquiries', payload: { inquiryType: 'service', subject: 's', description: 'd' }, headers: { cookie: await signInCookie(app, owner.email) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose the service center');
  });

  it('shows a customer what staff wrote for their linked customer record, and lets them talk both ways', async () => {
    const db = getDb();
    const customer = await createUser(db, { role: 'simple' });
    const customerId = await createShopCustomer(db, shopA.id, { userId: customer.id, name: 'Robin Linked' });
    const written = await callerFor(db, techA).inquiries.create(ask(shopA.id, { customerId, subject: 'Your brakes are due' }));
    expect(written).toMatchObject({ customerId: customer.id, shopCustomerId: customerId, createdBy: techA.id, customerName: 'Robin Linked' });
    expect((await callerFor(db, customer).inquiries.list({ mine: true })).items.map((i) => i.id)).toEqual([written.id]);
    const audit = await db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', written.id).execute();
    expect(audit).toEqual([{ action: 'create', actor_id: techA.id }]);

    // Staff reply: the customer is told, the shop's reply is marked as the shop's.
    const reply = await callerFor(db, techA).inquiries.messages.send({ inquiryId: written.id, body: 'We can see you on Monday.' });
    expect(reply).toMatchObject({ fromStaff: true, mine: true });
    const answer = await callerFor(db, customer).inquiries.messages.send({ inquiryId: written.id, body: '  Monday works.  ' });
    expect(answer).toMatchObject({ fromStaff: false, body: 'Monday works.' });
    const thread = await callerFor(db, customer).inquiries.messages.list({ inquiryId: written.id });
    expect(thread.messages.map((m) => [m.body, m.fromStaff, m.mine])).toEqual([
      ['We can see you on Monday.', true, false],
      ['Monday works.', false, true],
    ]);
    expect(thread.hasEarlier).toBe(false);
    expect((await callerFor(db, techA).inquiries.messages.list({ inquiryId: written.id, limit: 1 })).messages.map((m) => m.body)).toEqual(['Monday works.']);

    const notes = await callerFor(db, customer).notifications.list({});
    expect(notes.items[0]).toMatchObject({ kind: 'inquiry_reply', link: `/requests?inquiry=${written.id}`, readAt: null });
    expect((await callerFor(db, customer).notifications.unreadCount()).count).toBe(1);

    // Over HTTP: the thread path, with its bounds.
    const cookie = await signInCookie(app, customer.email);
    const url = `/api/customer-inquiries/${written.id}/messages`;
    const posted = await app.inject({ method: 'POST', url, payload: { body: 'One more thing' }, headers: { cookie } });
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({ body: 'One more thing', fromStaff: false });
    const tooLong = await app.inject({ method: 'POST', url, payload: { body: 'x'.repeat(5001) }, headers: { cookie } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('at most 5,000 characters');
    expect((await app.inject({ method: 'POST', url, payload: { body: '   ' }, headers: { cookie } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url, payload: { body: 'x', fromStaff: true }, headers: { cookie } })).statusCode).toBe(400);
    const listed = await app.inject({ method: 'GET', url: `${url}?limit=2`, headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ hasEarlier: true, messages: [{ body: 'Monday works.' }, { body: 'One more thing' }] });
    expect((await app.inject({ method: 'GET', url: `${url}?limit=500`, headers: { cookie } })).statusCode).toBe(400);
  });

  it("tells the shop's owners and managers of a new request, not its technicians nor the one who asked", async () => {
    const db = getDb();
    const heard = async (user: User, inquiryId: string) =>
      (await callerFor(db, user).notifications.list({ limit: 50 })).items.filter((n) => n.link === `/customer-inquiries?inquiry=${inquiryId}`);
    const request = ask(shopA.id);
    const inquiry = await callerFor(db, owner).inquiries.create(request);
    expect(await heard(managerA, inquiry.id)).toEqual([expect.objectContaining({ kind: 'request_received', title: `New request: ${request.subject}` })]);
    expect(await heard(techA, inquiry.id)).toEqual([]);
    expect(await heard(techB, inquiry.id)).toEqual([]);
    // Shop B's owner asks their own shop as a customer: nobody else leads it, so nobody hears.
    const own = await callerFor(db, techB).inquiries.create(ask(shopB.id));
    expect(await heard(techB, own.id)).toEqual([]);
    const fromOwner = await callerFor(db, owner).inquiries.create(ask(shopB.id));
    expect(await heard(techB, fromOwner.id)).toHaveLength(1);
  });

  it('moves, assigns and updates only with staff membership, audits each change and tells the customer of a status change', async () => {
    const db = getDb();
    const inquiry = await callerFor(db, owner).inquiries.create(ask(shopA.id));
    const moved = await callerFor(db, managerA).inquiries.setStatus({ id: inquiry.id, status: 'in_progress' });
    expect(moved.status).toBe('in_progress');
    const notes = await callerFor(db, owner).notifications.list({ limit: 5 });
    expect(notes.items[0]).toMatchObject({ kind: 'inquiry_status', title: 'Your request is now In Progress', link: `/requests?inquiry=${inquiry.id}` });

    expect(await rejection(callerFor(db, techA).inquiries.assign({ id: inquiry.id, technicianId: techB.id }))).toMatchObject({ code: 'BAD_REQUEST', message: 'The technician must be staff of this shop' });
    const assigned = await callerFor(db, managerA).inquiries.assign({ id: inquiry.id, technicianId: techA.id });
    expect(assigned).toMatchObject({ assignedToId: techA.id });
    expect(assigned.assignedToName).toBeTruthy();
    // The assignment select offers the shop's staff (shops.staff.list): another shop's technician is not among them.
    const staff = await callerFor(db, techA).shops.staff.list({ serviceCenterId: shopA.id });
    expect(staff.map((s) => s.userId).sort()).toEqual([techA.id, managerA.id].sort());

    const updated = await callerFor(db, techA).inquiries.update({ id: inquiry.id, estimatedCost: '149.90', technicianNotes: 'Check the sway bar links', priority: 'high' });
    expect(updated).toMatchObject({ estimatedCost: '149.90', technicianNotes: 'Check the sway bar links', priority: 'high' });
    expect(await rejection(callerFor(db, techA).inquiries.update({ id: inquiry.id, estimatedCost: '-3' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rejection(callerFor(db, owner).inquiries.update({ id: inquiry.id, priority: 'low' }))).toMatchObject({ code: 'NOT_FOUND' });

    const audit = await db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('entity_id', '=', inquiry.id).orderBy('created_at').execute();
    expect(audit.map((a) => a.action)).toEqual(['status', 'assign', 'update']);
    expect(audit[0]).toMatchObject({ actor_id: managerA.id, before: { status: 'open' }, after: { status: 'in_progress' } });
    expect(audit[1]).toMatchObject({ before: { assignedToId: null }, after: { assignedToId: techA.id } });

    // A customer's message reaches the assigned technician.
    await callerFor(db, owner).inquiries.messages.send({ inquiryId: inquiry.id, body: 'Any news?' });
    expect((await callerFor(db, techA).notifications.list({})).items.some((n) => n.link === `/customer-inquiries?inquiry=${inquiry.id}` && n.kind === 'inquiry_reply')).toBe(true);
  });

  it('lets the customer cancel their own open request, once', async () => {
    const db = getDb();
    const inquiry = await callerFor(db, owner).inquiries.create(ask(shopA.id));
    expect(await rejection(callerFor(db, ownerB).inquiries.cancel({ id: inquiry.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await rejection(callerFor(db, techB).inquiries.cancel({ id: inquiry.id }))).toMatchObject({ code: 'NOT_FOUND' });
    const ownerCookie = await signInCookie(app, owner.email);
    const res = await app.inject({ method: 'POST', url: `/api/customer-inquiries/${inquiry.id}/cancel`, headers: { cookie: ownerCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed' });
    expect(await rejection(callerFor(db, owner).inquiries.cancel({ id: inquiry.id }))).toMatchObject({ code: 'BAD_REQUEST', message: 'Only an open or in-progress request can be cancelled' });
  });

  it("counts one shop's rows in its stats and refuses a scope of both kinds", async () => {
    const db = getDb();
    const shopC = await createShop(db, [{ userId: techA.id, role: 'technician' }]);
    await callerFor(db, owner).inquiries.create(ask(shopC.id, { priority: 'urgent' }));
    await callerFor(db, owner).inquiries.create(ask(shopB.id, { priority: 'urgent' }));
    expect(await callerFor(db, techA).inquiries.stats({ serviceCenterId: shopC.id })).toEqual({ total: 1, open: 1, inProgress: 0, urgent: 1 });
    expect(await rejection(callerFor(db, techA).inquiries.stats({ serviceCenterId: shopC.id, mine: true }))).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it("shares one cached shop view among the shop's staff, and never serves it to anyone else", async () => {
    const db = getDb();
    const readCache = new ReadCache(60_000);
    const as = (user: User) => createCaller(createContextInner({ db, user, readCache }));
    const sent = await callerFor(db, owner).inquiries.create(ask(shopA.id));
    const first = await as(techA).inquiries.list({ serviceCenterId: shopA.id, limit: 100 });
    expect(first.items.map((i) => i.id)).toContain(sent.id);
    // The manager reads the same remembered page (the same object, not a second query)...
    expect(await as(managerA).inquiries.list({ serviceCenterId: shopA.id, limit: 100 })).toBe(first);
    // ...while staff of another shop, owners and a mode switch are refused before the cache is read.
    for (const outsider of [techB, ownerB, { ...ownerB, role: 'tech' as const }]) {
      expect((await rejection(as(outsider).inquiries.list({ serviceCenterId: shopA.id, limit: 100 }))).code).toBe('NOT_FOUND');
      expect((await rejection(as(outsider).inquiries.stats({ serviceCenterId: shopA.id }))).code).toBe('NOT_FOUND');
    }
  });
});
