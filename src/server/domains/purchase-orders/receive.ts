import type { User } from '../../../shared/auth.ts';
import type { PurchaseOrder, ReceivePurchaseOrderValues } from '../../../shared/purchase-orders.ts';
import type { Database } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { notify } from '../../lib/notify.ts';
import { lockParts, recordMovement } from '../../lib/stock-ledger.ts';
import { lineRows } from './repository.ts';
import { auditOrder, auditState, getOrder, staffOrder } from './service.ts';

/**
 * Stock arriving against a purchase order (docs/parts.md#receiving). One transaction locks, in
 * this order, the order's row, its lines' rows and the parts' rows (by id, as every writer of the
 * ledger does); checks each quantity against what is still to come (400 beyond it); raises the
 * lines' received figures; writes one "received" movement per line through the ledger's one writer,
 * naming the order and its supplier; and makes the order partially received or received. Receipts
 * of one order therefore happen one after another: twenty at once for the last units of a line take
 * exactly those units. A request's `requestKey` is kept with its receipt: the same key again
 * receives nothing more and answers the order as it is.
 */
export async function receiveStock(db: Database, user: User, values: ReceivePurchaseOrderValues): Promise<PurchaseOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, values.id, 'work', true);
    if (values.requestKey) {
      const seen = await trx.selectFrom('purchase_order_receipts').select('id').where('purchase_order_id', '=', order.id).where('request_key', '=', values.requestKey).executeTakeFirst();
      if (seen) return;
    }
    if (order.status === 'draft') throw domainError('CONFLICT', 'Mark the order as ordered before receiving stock against it');
    if (order.status === 'cancelled') throw domainError('CONFLICT', 'A cancelled order receives no stock');
    const before = await auditState(trx, order.id);
    const lines = new Map((await lineRows(trx, order.id, true)).map((line) => [line.id, line]));
    const wanted = values.lines.map(({ lineId, quantity }) => {
      const line = lines.get(lineId);
      if (!line) throw domainError('BAD_REQUEST', 'A line to receive is not on this order', { lineId });
      return { line, quantity };
    });
    const parts = new Map((await lockParts(trx, wanted.map(({ line }) => line.part_id))).map((part) => [part.id, part]));
    const received: { partNumber: string; quantity: number }[] = [];
    for (const { line, quantity } of wanted) {
      const partNumber = parts.get(line.part_id)?.part_number ?? 'A part';
      const left = line.quantity_ordered - line.quantity_received;
      if (quantity > left) {
        const stillToCome = left === 0 ? 'every unit has been received' : `only ${left} ${left === 1 ? 'is' : 'are'} still to come`;
        throw domainError('BAD_REQUEST', `${partNumber}: receiving ${quantity} would make ${line.quantity_received + quantity} of ${line.quantity_ordered} ordered; ${stillToCome}`, { lineId: line.id, left });
      }
      await trx.updateTable('purchase_order_lines').set({ quantity_received: line.quantity_received + quantity }).where('id', '=', line.id).execute();
      await recordMovement(trx, { partId: line.part_id, kind: 'received', quantity, reason: `Purchase order #${order.number}`, supplierId: order.supplier_id, createdBy: actor.userId, purchaseOrderId: order.id });
      received.push({ partNumber, quantity });
    }
    await trx.insertInto('purchase_order_receipts').values({ purchase_order_id: order.id, request_key: values.requestKey ?? null, received_by: actor.userId }).execute();
    const complete = (await lineRows(trx, order.id)).every((line) => line.quantity_received === line.quantity_ordered);
    const status = complete ? 'received' : 'partially_received';
    if (status !== order.status) await trx.updateTable('purchase_orders').set({ status, ...(complete ? { received_at: new Date() } : {}) }).where('id', '=', order.id).execute();
    await auditOrder(trx, actor.userId, order, before, 'receive', received);
    if (complete && order.created_by && order.created_by !== actor.userId) {
      await notify(trx, { userId: order.created_by, kind: 'purchase_order', title: `Purchase order #${order.number} is received`, body: 'Every part on it is in stock.', link: '/database' });
    }
  });
  return getOrder(db, user, values.id);
}
