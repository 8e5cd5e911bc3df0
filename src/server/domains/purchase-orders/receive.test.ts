import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { callerFor } from '../../../../tests/helpers/factories.ts';
import { stockOf } from '../../../../tests/helpers/parts.ts';
import { purchasingScene } from '../../../../tests/helpers/purchase-orders.ts';

describeEachDatabase('purchase orders: receipts at the same moment', (getDb) => {
  it('takes exactly the units still to come when 20 callers receive the last 5 of a line at once', async () => {
    const db = getDb();
    const s = await purchasingScene(db);
    let order = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id, lines: [{ partId: s.pads.id, quantity: 12 }, { partId: s.filters.id, quantity: 1 }] });
    order = await s.tech.purchaseOrders.transition({ id: order.id, to: 'ordered' });
    const line = order.lines[0]!.id;
    await s.tech.purchaseOrders.receive({ id: order.id, lines: [{ lineId: line, quantity: 7 }] });
    // Separate callers, as separate requests would be. On PostgreSQL they race for the order's and the
    // line's row locks; on PGlite they run one after another.
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => callerFor(db, i % 2 ? s.technician : s.manager).purchaseOrders.receive({ id: order.id, lines: [{ lineId: line, quantity: 1 }] })));
    const codes = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as { code?: string }).code] : []));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(codes).toEqual(Array.from({ length: 15 }, () => 'BAD_REQUEST'));
    const after = await s.tech.purchaseOrders.get({ id: order.id });
    expect(after).toMatchObject({ status: 'partially_received', lines: [{ quantityOrdered: 12, quantityReceived: 12 }, { quantityReceived: 0 }] });
    // 2 on hand before, 12 received: the ledger's 1 + 6 movements sum to on hand.
    expect(await stockOf(db, s.pads.id)).toEqual({ onHand: 14, ledger: 14, movements: 7 });
    const balances = (await s.tech.parts.movements({ partId: s.pads.id })).items.map((m) => m.balance);
    expect(balances).toEqual([14, 13, 12, 11, 10, 9, 2]);
    const receipts = await db.selectFrom('purchase_order_receipts').select('id').where('purchase_order_id', '=', order.id).execute();
    expect(receipts).toHaveLength(6);
  });

  it('receives a repeated request key once, even when both copies arrive at the same moment', async () => {
    const db = getDb();
    const s = await purchasingScene(db);
    let order = await s.tech.purchaseOrders.create({ serviceCenterId: s.shop.id, supplierId: s.supplier.id, lines: [{ partId: s.filters.id, quantity: 30 }] });
    order = await s.tech.purchaseOrders.transition({ id: order.id, to: 'ordered' });
    const request = { id: order.id, lines: [{ lineId: order.lines[0]!.id, quantity: 10 }], requestKey: '5d0f2a7c-3b1e-4f6a-8c2d-9e4b7a1f0c35' };
    const results = await Promise.all(Array.from({ length: 5 }, () => callerFor(db, s.technician).purchaseOrders.receive(request)));
    expect(results.map((r) => r.lines[0]!.quantityReceived)).toEqual([10, 10, 10, 10, 10]);
    expect(await stockOf(db, s.filters.id)).toEqual({ onHand: 10, ledger: 10, movements: 1 });
  });
});
