import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection, signInCookie } from '../../../../tests/helpers/factories.ts';
import { snapshot, stockOf } from '../../../../tests/helpers/parts.ts';
import { purchasingScene } from '../../../../tests/helpers/purchase-orders.ts';
import { makeAdmin, shopWithStaff } from '../../../../tests/helpers/shops.ts';

const ORIGIN = 'http://localhost:3000';

describeEachDatabase('purchase orders: ordered from a supplier, received into the ledger', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  async function rest(method: 'GET' | 'POST', url: string, cookie: string | null, body?: unknown) {
    const headers: Record<string, string> = { host: 'localhost:3000' };
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers.origin = ORIGIN;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return app.inject({ method, url, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
  }

  it('opens a draft, edits its lines, marks it ordered, receives it in two parts, and on hand stays the ledger\u2019s sum', async () => {
    const db = getDb();
    const s = await purchasingScene(db);
    let order = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 10 }] });
    expect(order).toMatchObject({ number: 1, status: 'draft', supplierName: 'Metro Parts', canEditLines: true, canReceive: false, transitions: ['ordered', 'cancelled'], createdByName: s.technician.email });
    // The unit cost starts at the part's: 10 × $32.50.
    expect(order.lines.map((l) => [l.partNumber, l.quantityOrdered, l.quantityReceived, l.unitCostCents, l.amountCents, l.onHand])).toEqual([['BP-1', 10, 0, 3_250, 32_500, 2]]);
    order = await s.tech.purchaseOrders.addLine({ orderId: order.id, line: { partId: s.filters.id, quantity: 6, unitCostCents: 400 } });
    order = await s.tech.purchaseOrders.updateLine({ orderId: order.id, lineId: order.lines[1]!.id, line: { partId: s.filters.id, quantity: 12, unitCostCents: 425 } });
    expect(order.totals).toEqual({ orderedCents: 32_500 + 12 * 425, receivedCents: 0, unitsOrdered: 22, unitsReceived: 0 });
    expect(order.lineCount).toBe(2);
    // A part is on an order once; a third line is added and taken off again.
    expect((await rejection(s.tech.purchaseOrders.addLine({ orderId: order.id, line: { partId: s.pads.id, quantity: 1 } }))).message).toBe('BP-1 is on this order already: change that line\u2019s quantity instead');
    const extra = await callerFor(db, s.owner).parts.create({ serviceCenterId: s.shop.id, partNumber: 'WB-22', name: 'Wiper blade' });
    order = await s.tech.purchaseOrders.addLine({ orderId: order.id, line: { partId: extra.id, quantity: 2 } });
    order = await s.tech.purchaseOrders.removeLine({ orderId: order.id, lineId: order.lines[2]!.id });
    expect(order.lines.map((l) => l.partNumber)).toEqual(['BP-1', 'OF-7']);
    // Nothing is received from a draft.
    expect((await rejection(s.tech.purchaseOrders.receive({ id: order.id, lines: [{ lineId: order.lines[0]!.id, quantity: 1 }] }))).code).toBe('CONFLICT');

    order = await s.tech.purchaseOrders.transition({ id: order.id, to: 'ordered' });
    expect(order).toMatchObject({ status: 'ordered', canEditLines: false, canReceive: true, transitions: ['cancelled'] });
    expect(order.orderedAt).toBeInstanceOf(Date);
    expect((await rejection(s.tech.purchaseOrders.addLine({ orderId: order.id, line: { partId: extra.id, quantity: 1 } }))).message).toBe('Lines can be changed only while the order is a draft');
    const [padsLine, filterLine] = order.lines;

    // A partial delivery over REST: 4 pads and every filter.
    const cookie = await signInCookie(app, s.manager.email);
    const partial = await rest('POST', `/api/purchase-orders/${order.id}/receive`, cookie, { lines: [{ lineId: padsLine!.id, quantity: 4 }, { lineId: filterLine!.id, quantity: 12 }] });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toMatchObject({ status: 'partially_received', canReceive: true, transitions: [], totals: { receivedCents: 4 * 3_250 + 12 * 425, unitsReceived: 16 } });
    expect(await stockOf(db, s.pads.id)).toEqual({ onHand: 6, ledger: 6, movements: 2 });
    expect(await stockOf(db, s.filters.id)).toEqual({ onHand: 12, ledger: 12, movements: 1 });
    const history = await s.tech.parts.movements({ partId: s.pads.id });
    expect(history.items[0]).toMatchObject({ kind: 'received', quantity: 4, balance: 6, reason: 'Purchase order #1', supplierName: 'Metro Parts', movedBy: s.manager.email });
    // Cancelling once stock arrived is refused.
    expect((await rejection(s.tech.purchaseOrders.transition({ id: order.id, to: 'cancelled' }))).message).toBe('Stock has been received against this order: it can no longer be cancelled');

    // The rest of the pads; the order is received and its creator told.
    order = await callerFor(db, s.manager).purchaseOrders.receive({ id: order.id, lines: [{ lineId: padsLine!.id, quantity: 6 }] });
    expect(order).toMatchObject({ status: 'received', canReceive: false, totals: { orderedCents: 37_600, receivedCents: 37_600, unitsOrdered: 22, unitsReceived: 22 } });
    expect(order.receivedAt).toBeInstanceOf(Date);
    expect(order.lines.map((l) => [l.quantityReceived, l.onHand])).toEqual([
      [10, 12],
      [12, 12],
    ]);
    expect(await stockOf(db, s.pads.id)).toEqual({ onHand: 12, ledger: 12, movements: 3 });
    const movements = await db.selectFrom('stock_movements').select(['quantity', 'purchase_order_id', 'supplier_id']).where('purchase_order_id', '=', order.id).orderBy('created_at').execute();
    expect(movements).toEqual([
      { quantity: 4, purchase_order_id: order.id, supplier_id: s.supplier.id },
      { quantity: 12, purchase_order_id: order.id, supplier_id: s.supplier.id },
      { quantity: 6, purchase_order_id: order.id, supplier_id: s.supplier.id },
    ]);
    const told = await db.selectFrom('notifications').select(['kind', 'title']).where('user_id', '=', s.technician.id).execute();
    expect(told).toEqual([{ kind: 'purchase_order', title: 'Purchase order #1 is received' }]);

    const audit = await db.selectFrom('audit_log').select(['entity', 'action']).where('entity_id', '=', order.id).orderBy('created_at').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'update', 'status', 'receive', 'receive']);
    expect(new Set(audit.map((a) => a.entity))).toEqual(new Set(['purchase_order']));

    // The list: newest first, by status and by supplier; totals in cents.
    const second = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id, notes: 'Rush' });
    await s.tech.purchaseOrders.transition({ id: second.id, to: 'cancelled' });
    const page = await s.tech.purchaseOrders.list({ serviceCenterId: s.shop.id });
    expect(page.items.map((o) => [o.number, o.status, o.totals.orderedCents])).toEqual([
      [2, 'cancelled', 0],
      [1, 'received', 37_600],
    ]);
    expect((await s.tech.purchaseOrders.list({ serviceCenterId: s.shop.id, status: 'received' })).items.map((o) => o.id)).toEqual([order.id]);
    const first = await s.tech.purchaseOrders.list({ serviceCenterId: s.shop.id, limit: 1 });
    const next = await s.tech.purchaseOrders.list({ serviceCenterId: s.shop.id, limit: 1, cursor: first.nextCursor });
    expect([...first.items, ...next.items].map((o) => o.number)).toEqual([2, 1]);
    const other = await callerFor(db, s.manager).parts.suppliers.create({ serviceCenterId: s.shop.id, name: 'Harbor Supply' });
    expect((await s.tech.purchaseOrders.list({ serviceCenterId: s.shop.id, supplierId: other.id })).items).toEqual([]);
  });

  it('refuses receiving more than was ordered with a 400, writes nothing, and a repeated request key receives once', async () => {
    const db = getDb();
    const s = await purchasingScene(db);
    let order = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 3 }, { partId: s.filters.id, quantity: 2 }] });
    order = await s.tech.purchaseOrders.transition({ id: order.id, to: 'ordered' });
    const [padsLine, filterLine] = order.lines;
    const cookie = await signInCookie(app, s.technician.email);
    const before = await snapshot(db);
    const over = await rest('POST', `/api/purchase-orders/${order.id}/receive`, cookie, { lines: [{ lineId: filterLine!.id, quantity: 1 }, { lineId: padsLine!.id, quantity: 4 }] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'BP-1: receiving 4 would make 4 of 3 ordered; only 3 are still to come' });
    const cases: [unknown, string][] = [
      [{ lines: [] }, 'lines'],
      [{ lines: [{ lineId: padsLine!.id, quantity: 0 }] }, 'lines'],
      [{ lines: [{ lineId: padsLine!.id, quantity: 1.5 }] }, 'lines'],
      [{ lines: [{ lineId: padsLine!.id, quantity: 1 }, { lineId: padsLine!.id, quantity: 1 }] }, 'lines'],
      [{ lines: [{ lineId: padsLine!.id, quantity: 1 }], requestKey: 'again' }, 'requestKey'],
    ];
    for (const [body, field] of cases) {
      const res = await rest('POST', `/api/purchase-orders/${order.id}/receive`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues.fieldErrors[field], JSON.stringify(body)).toEqual([expect.any(String)]);
    }
    const stranger = await rest('POST', `/api/purchase-orders/${order.id}/receive`, cookie, { lines: [{ lineId: s.pads.id, quantity: 1 }] });
    expect(stranger.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'A line to receive is not on this order' });
    expect(await snapshot(db)).toBe(before);
    expect((await s.tech.purchaseOrders.get({ id: order.id })).totals.unitsReceived).toBe(0);

    // The same key twice (a retried request) receives once.
    const requestKey = '0b6f4c1e-7a2d-4e55-9c1a-3f8e2d7b6a10';
    const once = { id: order.id, lines: [{ lineId: padsLine!.id, quantity: 2 }], requestKey };
    await s.tech.purchaseOrders.receive(once);
    const again = await s.tech.purchaseOrders.receive(once);
    expect(again.lines[0]!.quantityReceived).toBe(2);
    expect(await stockOf(db, s.pads.id)).toEqual({ onHand: 4, ledger: 4, movements: 2 });
    // Exactly what is left is taken; one more is refused, and a received line says so.
    await s.tech.purchaseOrders.receive({ id: order.id, lines: [{ lineId: padsLine!.id, quantity: 1 }] });
    expect((await rejection(s.tech.purchaseOrders.receive({ id: order.id, lines: [{ lineId: padsLine!.id, quantity: 1 }] }))).message).toBe('BP-1: receiving 1 would make 4 of 3 ordered; every unit has been received');
    expect(await stockOf(db, s.pads.id)).toEqual({ onHand: 5, ledger: 5, movements: 3 });
  });

  it('answers bad input with 400 and changes nothing; a supplier or part of another shop is 404', async () => {
    const db = getDb();
    const s = await purchasingScene(db);
    const cookie = await signInCookie(app, s.technician.email);
    const elsewhere = await purchasingScene(db);
    const draft = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id });
    const before = await snapshot(db);
    const cases: [string, unknown, number][] = [
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: 'nope' }, 400],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 10_001 }] }, 400],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 1, unitCostCents: -1 }] }, 400],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 1 }, { partId: s.pads.id, quantity: 2 }] }, 400],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: s.supplier.id, lines: Array.from({ length: 201 }, () => ({ partId: s.pads.id, quantity: 1 })) }, 400],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: elsewhere.supplier.id }, 404],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: s.supplier.id, lines: [{ partId: elsewhere.pads.id, quantity: 1 }] }, 404],
      [`/api/shops/${s.shop.id}/purchase-orders`, { supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 1 }, { partId: elsewhere.filters.id, quantity: 1 }, { partId: s.filters.id, quantity: 1 }] }, 404],
      [`/api/purchase-orders/${draft.id}/lines`, { partId: s.pads.id, quantity: 0 }, 400],
      [`/api/purchase-orders/${draft.id}/lines`, { partId: s.pads.id, quantity: 1, unitCostCents: 12.5 }, 400],
      [`/api/purchase-orders/${draft.id}/lines`, { partId: elsewhere.pads.id, quantity: 1 }, 404],
      [`/api/purchase-orders/${draft.id}/transition`, { to: 'received' }, 400],
      [`/api/purchase-orders/${draft.id}/transition`, { to: 'ordered' }, 409],
    ];
    for (const [url, body, status] of cases) {
      const res = await rest('POST', url, cookie, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 200)}: ${res.body}`).toBe(status);
    }
    const mixed = await rest('POST', `/api/shops/${s.shop.id}/purchase-orders`, cookie, { supplierId: s.supplier.id, lines: [{ partId: s.filters.id, quantity: 1 }, { partId: elsewhere.pads.id, quantity: 1 }] });
    expect(mixed.json()).toEqual({ code: 'NOT_FOUND', message: 'Part not found in this shop\u2019s catalogue' });
    expect((await rest('GET', `/api/shops/${s.shop.id}/purchase-orders?status=lost`, cookie)).statusCode).toBe(400);
    expect((await rest('GET', `/api/shops/${s.shop.id}/purchase-orders?limit=101`, cookie)).statusCode).toBe(400);
    expect((await rest('GET', `/api/shops/${s.shop.id}/purchase-orders?cursor=nope`, cookie)).statusCode).toBe(400);
    expect(await snapshot(db)).toBe(before);
    expect((await s.tech.purchaseOrders.get({ id: draft.id })).lines).toEqual([]);
    const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', draft.id).execute();
    expect(audit).toEqual([{ action: 'create' }]);
  });

  it('lets the shop\u2019s staff work orders, admins read them, and answers 404 to everyone else', async () => {
    const db = getDb();
    const s = await purchasingScene(db);
    const order = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 2 }] });
    for (const member of [s.owner, s.manager]) {
      const asMember = callerFor(db, member);
      expect((await asMember.purchaseOrders.list({ serviceCenterId: s.shop.id })).items.map((o) => o.id)).toContain(order.id);
      await asMember.purchaseOrders.updateLine({ orderId: order.id, lineId: order.lines[0]!.id, line: { partId: s.pads.id, quantity: 3 } });
    }
    const stranger = await createUser(db, { role: 'tech' });
    const otherShop = await shopWithStaff(db);
    const line = order.lines[0]!.id;
    for (const outsider of [stranger, otherShop.owner]) {
      const as = callerFor(db, outsider);
      const calls: (() => Promise<unknown>)[] = [
        () => as.purchaseOrders.list({ serviceCenterId: s.shop.id }),
        () => as.purchaseOrders.get({ id: order.id }),
        () => as.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id }),
        () => as.purchaseOrders.addLine({ orderId: order.id, line: { partId: s.filters.id, quantity: 1 } }),
        () => as.purchaseOrders.updateLine({ orderId: order.id, lineId: line, line: { partId: s.pads.id, quantity: 9 } }),
        () => as.purchaseOrders.removeLine({ orderId: order.id, lineId: line }),
        () => as.purchaseOrders.transition({ id: order.id, to: 'ordered' }),
        () => as.purchaseOrders.receive({ id: order.id, lines: [{ lineId: line, quantity: 1 }] }),
      ];
      for (const call of calls) expect((await rejection(call())).code).toBe('NOT_FOUND');
    }
    const cookie = await signInCookie(app, otherShop.owner.email);
    expect((await rest('GET', `/api/purchase-orders/${order.id}`, cookie)).json()).toEqual({ code: 'NOT_FOUND', message: 'Purchase order not found' });
    expect((await rest('GET', `/api/shops/${s.shop.id}/purchase-orders`, cookie)).json()).toEqual({ code: 'NOT_FOUND', message: 'Service center not found' });
    expect((await rest('GET', `/api/shops/${s.shop.id}/purchase-orders`, null)).statusCode).toBe(401);
    // Admins read a shop's orders for support and change nothing.
    const admin = callerFor(db, await makeAdmin(db, await createUser(db)));
    expect(await admin.purchaseOrders.get({ id: order.id })).toMatchObject({ canEditLines: false, canReceive: false, transitions: [], lines: [{ quantityOrdered: 3 }] });
    expect((await rejection(admin.purchaseOrders.transition({ id: order.id, to: 'cancelled' }))).code).toBe('NOT_FOUND');
  });
});
