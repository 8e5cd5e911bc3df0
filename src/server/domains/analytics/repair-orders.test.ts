import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsInput, AnalyticsRepairOrders } from '../../../shared/analytics.ts';
import type { LineInput } from '../../../shared/repair-orders.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import type { User } from '../../../shared/auth.ts';
import type { Database } from '../../db/index.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { addCustomer, addCustomerVehicle, addToGarage } from '../../../../tests/helpers/appointments.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { storeGenericTruck } from '../../../../tests/helpers/garage.ts';
import { createStaff, shopWithStaff } from '../../../../tests/helpers/shops.ts';
import { UNASSIGNED_TECHNICIAN } from './repair-orders.ts';
import { csvValue, parseCsv } from './test-support.ts';

// Orders go through the real procedures (estimate, the customer's decisions, work, clocks,
// invoice, payments). The procedures stamp everything with now(), so afterwards each order's
// moments are set to fixed instants: that is what puts orders on known days and gives clocked time
// a known length. Every expected figure below is counted by hand from the lines.

const PERIOD = { from: '2024-03-01', to: '2024-03-31', timeZone: 'America/Los_Angeles' };

type Caller = ReturnType<typeof callerFor>;

async function shopScene(db: Database) {
  const staff = await shopWithStaff(db);
  const tech2 = await createStaff(db, staff.shop.id, 'technician');
  await db.updateTable('users').set({ first_name: 'Tess', last_name: 'Wrench' }).where('id', '=', staff.technician.id).execute();
  const owner = await createUser(db, { role: 'simple' });
  const vehicleId = await storeGenericTruck(db, `1AN${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`);
  await addToGarage(db, owner, vehicleId);
  const customerVehicleId = await addCustomerVehicle(db, await addCustomer(db, staff.shop.id, owner, 'Robin Owner'), vehicleId);
  const tech = callerFor(db, staff.technician);
  const pads = await tech.parts.create({ serviceCenterId: staff.shop.id, partNumber: 'BP-1', name: 'Front brake pads', unitCostCents: 3_000, priceCents: 6_999 });
  await tech.parts.move({ partId: pads.id, kind: 'received', quantity: 10 });
  await callerFor(db, staff.manager).repairOrders.setRates({ serviceCenterId: staff.shop.id, taxRateBp: 825, laborRateCents: 12_000 });
  return { ...staff, tech2, owner, vehicleId, customerVehicleId, pads, tech, customer: callerFor(db, owner) };
}

async function openOrder(staff: Caller, shopId: string, customerVehicleId: string, lines: LineInput[]): Promise<RepairOrder> {
  let order = await staff.repairOrders.create({ serviceCenterId: shopId, customerVehicleId });
  for (const line of lines) order = await staff.repairOrders.addLine({ orderId: order.id, line });
  return staff.repairOrders.transition({ id: order.id, to: 'sent' });
}

const labor = (hoursHundredths: number, rateCents: number, technicianId: string | null = null): LineInput => ({
  kind: 'labor', description: 'Labour', serviceType: 'Brake pads', componentId: null, technicianId, hoursHundredths, rateCents, taxable: false,
});

/** The clock of `user` on a line, run through the procedures, then given a fixed start and length. */
async function clocked(db: Database, user: User, order: RepairOrder, lineIndex: number, startedAt: string, minutes: number): Promise<void> {
  const line = order.lines[lineIndex]!;
  await callerFor(db, user).repairOrders.clockIn({ orderId: order.id, lineId: line.id });
  await callerFor(db, user).repairOrders.clockOut({ orderId: order.id, lineId: line.id });
  const start = new Date(startedAt);
  await db
    .updateTable('repair_order_time_entries')
    .set({ started_at: start, ended_at: new Date(start.getTime() + minutes * 60_000) })
    .where('line_id', '=', line.id)
    .where('technician_id', '=', user.id)
    .execute();
}

async function stamp(db: Database, orderId: string, moments: { decidedAt: string; completedAt?: string }): Promise<void> {
  await db.updateTable('repair_order_lines').set({ decided_at: new Date(moments.decidedAt) }).where('repair_order_id', '=', orderId).where('decision', 'is not', null).execute();
  if (moments.completedAt) await db.updateTable('repair_orders').set({ completed_at: new Date(moments.completedAt) }).where('id', '=', orderId).execute();
}

describeEachDatabase('analytics: repair-order figures counted by hand', (getDb) => {
  let s: Awaited<ReturnType<typeof shopScene>>;
  let range: AnalyticsInput;
  let app: FastifyInstance;

  beforeAll(async () => {
    const db = getDb();
    app = await buildTestApp(db);
    s = await shopScene(db);
    range = { ...PERIOD, serviceCenterId: s.shop.id };
    const tech1 = s.technician;

    // A, completed Mon Mar 4 (10:00 in Los Angeles), paid in two parts. The customer approves
    // 1.5 h labour ($180.00) and 2 pads (2 × $69.99), and declines a fee, 0.5 h labour and 1 pad.
    // Tax 8.25 % of $139.98 = $11.54835, so $11.55. Total $180.00 + $139.98 + $11.55 = $331.53.
    let a = await openOrder(s.tech, s.shop.id, s.customerVehicleId, [
      labor(150, 12_000, tech1.id),
      { kind: 'part', partId: s.pads.id, quantity: 2, partNumber: null, taxable: true },
      { kind: 'fee', description: 'Shop supplies', amountCents: 1_500, taxable: false },
      labor(50, 12_000, tech1.id),
      { kind: 'part', partId: s.pads.id, quantity: 1, partNumber: null, taxable: true },
    ]);
    const [approve, decline] = [[0, 1], [2, 3, 4]].map((indexes) => indexes.map((i) => a.lines[i]!.id));
    a = await s.customer.repairOrders.decide({
      orderId: a.id,
      decisions: [...approve!.map((lineId) => ({ lineId, decision: 'approved' as const })), ...decline!.map((lineId) => ({ lineId, decision: 'declined' as const }))],
    });
    expect(a).toMatchObject({ status: 'approved', totals: { totalCents: 33_153 } });
    a = await s.tech.repairOrders.transition({ id: a.id, to: 'in_progress' });
    await clocked(db, tech1, a, 0, '2024-03-04T16:00:00Z', 105); // 1.75 h
    await clocked(db, s.tech2, a, 0, '2024-03-04T17:45:00Z', 30); // 0.5 h
    await s.tech.repairOrders.transition({ id: a.id, to: 'completed' });
    await s.tech.repairOrders.transition({ id: a.id, to: 'invoiced' });
    await s.tech.repairOrders.addPayment({ orderId: a.id, amountCents: 20_000, method: 'card', reference: null });
    await s.tech.repairOrders.addPayment({ orderId: a.id, amountCents: 13_153, method: 'cash', reference: null });
    await stamp(db, a.id, { decidedAt: '2024-03-02T18:00:00Z', completedAt: '2024-03-04T18:00:00Z' });
    // The first payment inside the period, the second on Apr 2: only $200.00 was received in March.
    await db.updateTable('repair_order_payments').set({ received_at: new Date('2024-03-05T17:00:00Z') }).where('repair_order_id', '=', a.id).where('amount_cents', '=', 20_000).execute();
    await db.updateTable('repair_order_payments').set({ received_at: new Date('2024-04-02T17:00:00Z') }).where('repair_order_id', '=', a.id).where('amount_cents', '=', 13_153).execute();

    // B, approval recorded by staff, completed Sun Mar 31 23:30 in Los Angeles (Apr 1 06:30 UTC),
    // not invoiced. 2 h at $100.00 by the second technician, 1 h at $120.00 with nobody named, a
    // special-order part of unknown cost ($25.00) and a pad ($69.99). Tax 8.25 % of $94.99 =
    // $7.836675, so $7.84. Total $200.00 + $120.00 + $25.00 + $69.99 + $7.84 = $422.83.
    let b = await openOrder(s.tech, s.shop.id, s.customerVehicleId, [
      labor(200, 10_000, s.tech2.id),
      labor(100, 12_000),
      { kind: 'part', partId: null, description: 'Special caliper bolt', partNumber: 'SC-9', quantity: 1, unitPriceCents: 2_500, taxable: true },
      { kind: 'part', partId: s.pads.id, quantity: 1, partNumber: null, taxable: true },
    ]);
    b = await s.tech.repairOrders.transition({ id: b.id, to: 'approved' });
    b = await s.tech.repairOrders.transition({ id: b.id, to: 'in_progress' });
    await clocked(db, s.tech2, b, 0, '2024-03-29T16:00:00Z', 150); // 2.5 h
    b = await s.tech.repairOrders.transition({ id: b.id, to: 'completed' });
    expect(b.totals.totalCents).toBe(42_283);
    await stamp(db, b.id, { decidedAt: '2024-03-29T15:00:00Z', completedAt: '2024-04-01T06:30:00Z' });

    // C, approved by the customer, then cancelled: counts for nothing, not even its decisions.
    const c = await openOrder(s.tech, s.shop.id, s.customerVehicleId, [labor(100, 12_000, tech1.id), { kind: 'part', partId: s.pads.id, quantity: 1, partNumber: null, taxable: true }]);
    await s.customer.repairOrders.decide({ orderId: c.id, decisions: c.lines.map((l) => ({ lineId: l.id, decision: 'approved' as const })) });
    await s.tech.repairOrders.transition({ id: c.id, to: 'cancelled' });
    await stamp(db, c.id, { decidedAt: '2024-03-03T18:00:00Z' });

    // D, a one-line estimate the customer declines on Mar 10: one decision, not approved.
    const d = await openOrder(s.tech, s.shop.id, s.customerVehicleId, [labor(300, 12_000)]);
    expect((await s.customer.repairOrders.decide({ orderId: d.id, decisions: [{ lineId: d.lines[0]!.id, decision: 'declined' }] })).status).toBe('declined');
    await stamp(db, d.id, { decidedAt: '2024-03-10T18:00:00Z' });

    // E, approved Mar 30 but completed Apr 1 00:30 in Los Angeles: its approval is March's, its
    // money and hours are not.
    let e = await openOrder(s.tech, s.shop.id, s.customerVehicleId, [labor(100, 12_000, tech1.id)]);
    e = await s.tech.repairOrders.transition({ id: e.id, to: 'approved' });
    e = await s.tech.repairOrders.transition({ id: e.id, to: 'in_progress' });
    await clocked(db, tech1, e, 0, '2024-03-31T16:00:00Z', 60);
    await s.tech.repairOrders.transition({ id: e.id, to: 'completed' });
    await stamp(db, e.id, { decidedAt: '2024-03-30T18:00:00Z', completedAt: '2024-04-01T07:30:00Z' });

    // Another shop's completed order in the same period, for the same customer: never counted.
    const other = await shopWithStaff(db);
    const otherVehicle = await addCustomerVehicle(db, await addCustomer(db, other.shop.id, s.owner), s.vehicleId);
    const otherTech = callerFor(db, other.technician);
    const f = await openOrder(otherTech, other.shop.id, otherVehicle, [{ kind: 'fee', description: 'Diagnosis', amountCents: 9_999, taxable: false }]);
    for (const to of ['approved', 'in_progress', 'completed'] as const) await otherTech.repairOrders.transition({ id: f.id, to });
    await stamp(db, f.id, { decidedAt: '2024-03-05T18:00:00Z', completedAt: '2024-03-05T18:00:00Z' });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts revenue, payments, parts margin, hours and approvals of the shop\u2019s orders completed in the period', async () => {
    const figures = await s.tech.analytics.repairOrders(range);
    const revenue = 33_153 + 42_283;
    expect(figures).toMatchObject({
      range: PERIOD,
      orders: 2,
      revenueCents: revenue,
      averageOrderCents: revenue / 2,
      paymentsCents: 20_000,
      payments: 1,
      // Pads only: A's two (2 × $69.99 − 2 × $30.00) and B's one; B's special part has no cost.
      partsMargin: { priceCents: 13_998 + 6_999, costCents: 6_000 + 3_000, marginCents: 11_997, linesWithoutCost: 1 },
      // Sold: A 1.5 h, B 2 h + 1 h (the declined 0.5 h and 3 h and C's and E's hours are not).
      // Worked: A 1.75 h + 0.5 h, B 2.5 h (E's hour is April's).
      hours: { soldHundredths: 450, workedHundredths: 475 },
      approvals: { decided: 11, approved: 7 },
    });
    expect(figures.partsMargin.marginRate).toBeCloseTo(11_997 / 20_997, 12);
    expect(figures.approvals.rate).toBeCloseTo(7 / 11, 12);
    expect(figures.technicians).toEqual([
      { technicianId: s.tech2.id, name: s.tech2.email, soldHundredths: 200, workedHundredths: 300 },
      { technicianId: s.technician.id, name: 'Tess Wrench', soldHundredths: 150, workedHundredths: 175 },
      { technicianId: null, name: UNASSIGNED_TECHNICIAN, soldHundredths: 100, workedHundredths: 0 },
    ]);
    expect(figures.revenuePerDay).toHaveLength(31);
    expect(figures.revenuePerDay.filter((day) => day.orders > 0)).toEqual([
      { date: '2024-03-04', orders: 1, revenueCents: 33_153 },
      { date: '2024-03-31', orders: 1, revenueCents: 42_283 },
    ]);
    expect(figures.revenuePerDay.reduce((sum, day) => sum + day.revenueCents, 0)).toBe(revenue);

    // The Reports tab's CSV carries the same figures, money in dollars and hours in hours.
    const rows = parseCsv((await s.tech.analytics.reportCsv(range)).csv);
    const value = (section: string, item: string, metric: string) => csvValue(rows, section, item, metric);
    expect(['orders', 'revenue', 'average_order', 'payments_received', 'parts_margin', 'labor_hours_sold', 'labor_hours_worked', 'lines_approved'].map((metric) => value('repair_orders', '', metric))).toEqual([
      '2',
      (revenue / 100).toFixed(2),
      (revenue / 200).toFixed(2),
      '200.00',
      '119.97',
      '4.50',
      '4.75',
      '7',
    ]);
    expect(Number(value('repair_orders', '', 'approval_rate'))).toBeCloseTo(7 / 11, 4);
    expect(value('technician_hours', 'Tess Wrench', 'worked')).toBe('1.75');
    expect(value('technician_hours', UNASSIGNED_TECHNICIAN, 'sold')).toBe('1.00');
    expect(rows.filter((row) => row[0] === 'repair_orders_per_day')).toHaveLength(31 * 2);
    expect(value('repair_orders_per_day', '2024-03-31', 'revenue')).toBe('422.83');
  });

  it('cuts days at local midnight: in UTC, B falls on April 1 and E\u2019s clock and A\u2019s second payment stay out', async () => {
    const utc = await s.tech.analytics.repairOrders({ ...range, timeZone: 'UTC' });
    expect(utc).toMatchObject({ orders: 1, revenueCents: 33_153, averageOrderCents: 33_153, paymentsCents: 20_000, hours: { soldHundredths: 150, workedHundredths: 225 } });
    const april = await s.tech.analytics.repairOrders({ ...range, from: '2024-04-01', to: '2024-04-30' });
    // E alone (completed Apr 1 00:30 in Los Angeles) and A's second payment.
    expect(april).toMatchObject({ orders: 1, revenueCents: 12_000, paymentsCents: 13_153, payments: 1, approvals: { decided: 0, rate: null } });
    expect(april.partsMargin).toEqual({ priceCents: 0, costCents: 0, marginCents: 0, marginRate: null, linesWithoutCost: 0 });
  });

  it('answers zeros and nulls for a shop with no orders', async () => {
    const empty = await shopWithStaff(getDb());
    const figures: AnalyticsRepairOrders = await callerFor(getDb(), empty.technician).analytics.repairOrders({ ...PERIOD, serviceCenterId: empty.shop.id });
    expect(figures).toMatchObject({ orders: 0, revenueCents: 0, averageOrderCents: null, paymentsCents: 0, payments: 0, hours: { soldHundredths: 0, workedHundredths: 0 }, technicians: [] });
    expect(figures.approvals).toEqual({ decided: 0, approved: 0, rate: null });
    expect(figures.revenuePerDay.every((day) => day.orders === 0 && day.revenueCents === 0)).toBe(true);
  });

  it('is for staff of the shop: others get 404, and the REST path answers the same figures', async () => {
    const db = getDb();
    const outsider = await shopWithStaff(db);
    for (const user of [s.owner, outsider.owner, outsider.technician]) {
      expect((await rejection(callerFor(db, user).analytics.repairOrders(range))).code).toBe('NOT_FOUND');
    }
    expect((await rejection(callerFor(db, null).analytics.repairOrders(range))).code).toBe('UNAUTHORIZED');
    await expect(callerFor(db, { ...s.owner, isAdmin: true }).analytics.repairOrders(range)).resolves.toMatchObject({ orders: 2 });

    const url = `/api/analytics/repair-orders?serviceCenterId=${s.shop.id}&from=${PERIOD.from}&to=${PERIOD.to}&tz=${PERIOD.timeZone}`;
    const ok = await app.inject({ method: 'GET', url, headers: { cookie: await signInCookie(app, s.manager.email) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual(await s.tech.analytics.repairOrders(range));
    const hidden = await app.inject({ method: 'GET', url, headers: { cookie: await signInCookie(app, outsider.owner.email) } });
    expect(hidden.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
