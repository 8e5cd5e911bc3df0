import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { addCustomer, addCustomerVehicle, addToGarage } from '../../../../tests/helpers/appointments.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { storeGenericTruck } from '../../../../tests/helpers/garage.ts';
import { stockOf } from '../../../../tests/helpers/parts.ts';
import { shopWithStaff } from '../../../../tests/helpers/shops.ts';
import type { Database } from '../../db/index.ts';

const ORIGIN = 'http://localhost:3000';

/** A shop with staff, a customer with an account whose garage holds a vehicle with the generic components, pads in stock. */
async function scene(db: Database, onHand = 4) {
  const staff = await shopWithStaff(db);
  const owner = await createUser(db, { role: 'simple' });
  const vehicleId = await storeGenericTruck(db, `1RX${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`);
  await addToGarage(db, owner, vehicleId);
  const customerId = await addCustomer(db, staff.shop.id, owner, 'Robin Owner');
  const customerVehicleId = await addCustomerVehicle(db, customerId, vehicleId);
  const brakes = await db.selectFrom('vehicle_components').select('id').where('vehicle_id', '=', vehicleId).where('name', '=', 'Brakes').executeTakeFirstOrThrow();
  const tech = callerFor(db, staff.technician);
  const pads = await tech.parts.create({ serviceCenterId: staff.shop.id, partNumber: 'BP-1', name: 'Front brake pads', category: 'Brakes', unitCostCents: 3_000, priceCents: 6_999 });
  if (onHand > 0) await tech.parts.move({ partId: pads.id, kind: 'received', quantity: onHand });
  await callerFor(db, staff.manager).repairOrders.setRates({ serviceCenterId: staff.shop.id, taxRateBp: 825, laborRateCents: 12_000 });
  return { ...staff, owner, vehicleId, customerId, customerVehicleId, brakesId: brakes.id, pads, tech };
}

describeEachDatabase('repair orders: estimate to paid, stock and the owner\u2019s history', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('prices an estimate, the owner approves it, the work uses the stock and writes the owner\u2019s history, the invoice is paid in two parts', async () => {
    const db = getDb();
    const s = await scene(db);
    const ownerCaller = callerFor(db, s.owner);
    const before = (await ownerCaller.garage.due({ vehicleId: s.vehicleId })).find((item) => item.service === 'Brake pads');

    let order = await s.tech.repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId, mileage: 41_200 });
    expect(order).toMatchObject({ number: 1, status: 'estimate', customerName: 'Robin Owner', taxRateBp: 825, canEdit: true });
    order = await s.tech.repairOrders.addLine({ orderId: order.id, line: { kind: 'labor', description: 'Replace front brake pads', serviceType: 'Brake pads', componentId: s.brakesId, hoursHundredths: 150, rateCents: 12_000 } });
    order = await s.tech.repairOrders.addLine({ orderId: order.id, line: { kind: 'part', partId: s.pads.id, quantity: 1 } });
    order = await s.tech.repairOrders.addLine({ orderId: order.id, line: { kind: 'fee', description: 'Shop supplies', amountCents: 1_500, taxable: true } });
    // $180.00 labour + $69.99 pads + $15.00 supplies; tax 8.25 % of $84.99 = $7.01.
    expect(order.totals).toMatchObject({ laborCents: 18_000, partsCents: 6_999, feesCents: 1_500, subtotalCents: 26_499, taxCents: 701, totalCents: 27_200 });
    expect(order.lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual([['labor', 'Replace front brake pads', 18_000], ['part', 'Front brake pads', 6_999], ['fee', 'Shop supplies', 1_500]]);

    // The customer sees nothing of an estimate; once sent, they decide line by line.
    expect((await rejection(ownerCaller.repairOrders.get({ id: order.id }))).code).toBe('NOT_FOUND');
    order = await s.tech.repairOrders.transition({ id: order.id, to: 'sent' });
    expect((await rejection(s.tech.repairOrders.addLine({ orderId: order.id, line: { kind: 'fee', description: 'Late', amountCents: 100 } }))).code).toBe('CONFLICT');
    const seen = await ownerCaller.repairOrders.get({ id: order.id });
    expect(seen).toMatchObject({ viewer: 'customer', transitions: [], appointmentId: null, customerVehicleId: null });
    expect((await ownerCaller.repairOrders.mine({})).items.map((o) => [o.id, o.shopName])).toEqual([[order.id, s.shop.name]]);
    expect(seen.lines.map((l) => l.onHand)).toEqual([null, null, null]);
    expect(order.lines.map((l) => l.onHand)).toEqual([null, 4, null]);
    const feeLine = seen.lines.find((l) => l.kind === 'fee')!;
    let decided = await ownerCaller.repairOrders.decide({ orderId: order.id, decisions: [{ lineId: feeLine.id, decision: 'declined' }] });
    expect(decided.status).toBe('sent');
    decided = await ownerCaller.repairOrders.decide({ orderId: order.id, decisions: seen.lines.filter((l) => l.kind !== 'fee').map((l) => ({ lineId: l.id, decision: 'approved' as const })) });
    expect(decided).toMatchObject({ status: 'approved', totals: { totalCents: 18_000 + 6_999 + 577 } });
    expect((await rejection(ownerCaller.repairOrders.transition({ id: order.id, to: 'in_progress' }))).code).toBe('NOT_FOUND');

    // Work: the technician clocks in and out, then completes.
    order = await s.tech.repairOrders.transition({ id: order.id, to: 'in_progress' });
    const labor = order.lines.find((l) => l.kind === 'labor')!;
    order = await s.tech.repairOrders.clockIn({ orderId: order.id, lineId: labor.id });
    expect(order.lines.find((l) => l.id === labor.id)?.clockRunning).toBe(true);
    expect((await rejection(s.tech.repairOrders.clockIn({ orderId: order.id, lineId: labor.id }))).code).toBe('CONFLICT');
    order = await s.tech.repairOrders.clockOut({ orderId: order.id, lineId: labor.id });
    expect(order.lines.find((l) => l.id === labor.id)?.clockRunning).toBe(false);
    expect(order.quotedHundredths).toBe(150);
    order = await s.tech.repairOrders.transition({ id: order.id, to: 'completed' });
    expect(await stockOf(db, s.pads.id)).toMatchObject({ onHand: 3, ledger: 3 });

    const { items: records } = await ownerCaller.garage.records.list({ vehicleId: s.vehicleId });
    expect(records.map((r) => ({ type: r.serviceType, cost: Number(r.cost), mileage: r.mileage }))).toEqual([{ type: 'Brake pads', cost: 249.99, mileage: '41200' }]);
    const after = (await ownerCaller.garage.due({ vehicleId: s.vehicleId })).find((item) => item.service === 'Brake pads');
    expect(before?.lastServiceMileage ?? null).toBeNull();
    expect(after).toMatchObject({ lastServiceMileage: 41_200 });
    // The owner's garage odometer (30,000) rises to the order's mileage.
    expect((await ownerCaller.garage.list()).find((g) => g.vehicle.id === s.vehicleId)).toMatchObject({ odometer: 41_200 });

    // Invoice and two payments; more than the balance is refused.
    order = await s.tech.repairOrders.transition({ id: order.id, to: 'invoiced' });
    order = await s.tech.repairOrders.addPayment({ orderId: order.id, amountCents: 10_000, method: 'card', reference: null });
    expect(order).toMatchObject({ status: 'invoiced', paidCents: 10_000, balanceCents: 15_576 });
    const over = await rejection(s.tech.repairOrders.addPayment({ orderId: order.id, amountCents: 15_577, method: 'cash', reference: null }));
    expect(over.code).toBe('CONFLICT');
    order = await s.tech.repairOrders.addPayment({ orderId: order.id, amountCents: 15_576, method: 'cash', reference: 'Till 2' });
    expect(order).toMatchObject({ status: 'paid', balanceCents: 0 });
    expect((await rejection(s.tech.repairOrders.transition({ id: order.id, to: 'cancelled' }))).code).toBe('CONFLICT');
  });

  it('keeps orders to the shop and the customer, refuses bad input without a change, and numbers orders per shop', async () => {
    const db = getDb();
    const s = await scene(db);
    const other = await shopWithStaff(db);
    const stranger = await createUser(db, { role: 'tech' });
    const order = await s.tech.repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId });
    for (const user of [stranger, other.technician, other.owner, s.owner]) {
      expect((await rejection(callerFor(db, user).repairOrders.get({ id: order.id }))).code).toBe('NOT_FOUND');
      expect((await rejection(callerFor(db, user).repairOrders.addLine({ orderId: order.id, line: { kind: 'fee', description: 'x', amountCents: 1 } }))).code).toBe('NOT_FOUND');
    }
    expect((await rejection(callerFor(db, stranger).repairOrders.list({ serviceCenterId: s.shop.id }))).code).toBe('NOT_FOUND');
    expect((await rejection(callerFor(db, other.technician).repairOrders.create({ serviceCenterId: other.shop.id, customerVehicleId: s.customerVehicleId }))).code).toBe('NOT_FOUND');
    expect((await rejection(s.tech.repairOrders.setRates({ serviceCenterId: s.shop.id, taxRateBp: 0, laborRateCents: 0 }))).code).toBe('FORBIDDEN');
    // Another shop's part, a component of another vehicle, a special part without a price, a rate out of bounds.
    const foreignPart = await callerFor(db, other.technician).parts.create({ serviceCenterId: other.shop.id, partNumber: 'X-1', name: 'Foreign' });
    const bad = [
      { kind: 'part' as const, partId: foreignPart.id, quantity: 1 },
      { kind: 'labor' as const, description: 'x', serviceType: 'x', componentId: foreignPart.id, hoursHundredths: 100, rateCents: 1 },
      { kind: 'part' as const, description: 'Special', quantity: 1 },
      { kind: 'labor' as const, description: 'x', serviceType: 'x', hoursHundredths: 0, rateCents: 1 },
      { kind: 'discount' as const, description: 'x', amountCents: -5 },
    ];
    for (const line of bad) expect(['NOT_FOUND', 'BAD_REQUEST']).toContain((await rejection(s.tech.repairOrders.addLine({ orderId: order.id, line }))).code);
    expect((await s.tech.repairOrders.get({ id: order.id })).lines).toEqual([]);
    expect((await rejection(s.tech.repairOrders.transition({ id: order.id, to: 'sent' }))).code).toBe('CONFLICT');
    expect((await rejection(s.tech.repairOrders.transition({ id: order.id, to: 'completed' }))).code).toBe('CONFLICT');
    const second = await callerFor(db, s.manager).repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId });
    const first = await callerFor(db, other.technician).repairOrders.list({ serviceCenterId: other.shop.id });
    expect([order.number, second.number, first.items.length]).toEqual([1, 2, 0]);
    expect((await s.tech.repairOrders.list({ serviceCenterId: s.shop.id, search: '#2' })).items.map((o) => o.id)).toEqual([second.id]);
  });

  it('opens orders from the shop\u2019s appointments and inquiries only, and completing one completes its appointment with the order\u2019s total', async () => {
    const db = getDb();
    const s = await scene(db);
    const other = await shopWithStaff(db);
    const booking = { serviceCenterId: s.shop.id, customerId: s.customerId, customerVehicleId: s.customerVehicleId, appointmentDate: new Date(Date.now() + 86_400_000).toISOString(), duration: 60, serviceType: 'Brake inspection' };
    const appointment = await s.tech.appointments.create(booking);
    const inquiry = await s.tech.inquiries.create({ serviceCenterId: s.shop.id, customerId: s.customerId, customerVehicleId: s.customerVehicleId, subject: 'Squeal', description: 'The brakes squeal when stopping', inquiryType: 'service' });
    const fromInquiry = await s.tech.repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId, source: { inquiryId: inquiry.id } });
    expect(fromInquiry).toMatchObject({ inquiryId: inquiry.id, appointmentId: null });
    // Another shop cannot hang its order on this shop's appointment; one order comes from one source.
    const otherVehicle = await addCustomerVehicle(db, await addCustomer(db, other.shop.id, s.owner), s.vehicleId);
    const foreign = await rejection(callerFor(db, other.technician).repairOrders.create({ serviceCenterId: other.shop.id, customerVehicleId: otherVehicle, source: { appointmentId: appointment.id } }));
    expect(foreign.code).toBe('NOT_FOUND');
    const both = await rejection(s.tech.repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId, source: { appointmentId: appointment.id, inquiryId: inquiry.id } }));
    expect(both.code).toBe('BAD_REQUEST');

    let order = await s.tech.repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId, mileage: 50_000, source: { appointmentId: appointment.id } });
    expect(order.appointmentId).toBe(appointment.id);
    order = await s.tech.repairOrders.addLine({ orderId: order.id, line: { kind: 'labor', description: 'Inspect brakes', serviceType: 'Brake inspection', hoursHundredths: 50, rateCents: 10_000 } });
    for (const to of ['sent'] as const) order = await s.tech.repairOrders.transition({ id: order.id, to });
    await callerFor(db, s.owner).repairOrders.decide({ orderId: order.id, decisions: order.lines.map((l) => ({ lineId: l.id, decision: 'approved' as const })) });
    for (const to of ['in_progress', 'completed'] as const) order = await s.tech.repairOrders.transition({ id: order.id, to });
    const done = await s.tech.appointments.get({ id: appointment.id });
    expect(done).toMatchObject({ status: 'completed' });
    expect(Number(done.actualCost)).toBe(order.totals.totalCents / 100);
  });

  it('reserves parts on approval: 20 orders race for the last 5 pads and exactly 5 are approved', async () => {
    const db = getDb();
    const s = await scene(db, 5);
    const orders = [];
    for (let i = 0; i < 20; i += 1) {
      const order = await s.tech.repairOrders.create({ serviceCenterId: s.shop.id, customerVehicleId: s.customerVehicleId });
      await s.tech.repairOrders.addLine({ orderId: order.id, line: { kind: 'part', partId: s.pads.id, quantity: 1 } });
      await s.tech.repairOrders.transition({ id: order.id, to: 'sent' });
      orders.push(order.id);
    }
    const results = await Promise.allSettled(orders.map((id) => callerFor(db, s.manager).repairOrders.transition({ id, to: 'approved' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toContain('Not enough stock of BP-1 to reserve: 0 available, 1 needed');
    const approved = orders.filter((_, i) => results[i]!.status === 'fulfilled');
    for (const id of approved) await s.tech.repairOrders.transition({ id, to: 'in_progress' });
    await Promise.all(approved.map((id) => s.tech.repairOrders.transition({ id, to: 'completed' })));
    expect(await stockOf(db, s.pads.id)).toMatchObject({ onHand: 0, ledger: 0, movements: 6 });
  });

  it('answers the REST paths with the procedures\u2019 rules', async () => {
    const db = getDb();
    const s = await scene(db);
    const cookie = await signInCookie(app, s.technician.email);
    const headers = { host: 'localhost:3000', cookie, origin: ORIGIN, 'content-type': 'application/json' };
    const post = (url: string, body: unknown) => app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
    const created = await post(`/api/shops/${s.shop.id}/repair-orders`, { customerVehicleId: s.customerVehicleId });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: string }>().id;
    const line = await post(`/api/repair-orders/${id}/lines`, { kind: 'part', partId: s.pads.id, quantity: 2 });
    expect(line.statusCode).toBe(200);
    expect(line.json<{ totals: { totalCents: number } }>().totals.totalCents).toBe(13_998 + 1_155);
    expect((await post(`/api/repair-orders/${id}/lines`, { kind: 'part', quantity: 'two' })).statusCode).toBe(400);
    expect((await post(`/api/repair-orders/${id}/transition`, { to: 'paid' })).statusCode).toBe(409);
    expect((await post(`/api/repair-orders/${id}/transition`, { to: 'sent' })).statusCode).toBe(200);
    expect((await post(`/api/repair-orders/${id}/payments`, { amountCents: 100, method: 'cash' })).statusCode).toBe(409);
    const list = await app.inject({ method: 'GET', url: `/api/shops/${s.shop.id}/repair-orders?status=sent`, headers: { host: 'localhost:3000', cookie } });
    expect(list.json<{ items: { id: string }[] }>().items.map((o) => o.id)).toEqual([id]);
    const patched = await app.inject({ method: 'PATCH', url: `/api/repair-orders/${id}`, headers, payload: JSON.stringify({ notes: 'Customer waits' }) });
    expect(patched.json<{ notes: string }>().notes).toBe('Customer waits');
  });
});
