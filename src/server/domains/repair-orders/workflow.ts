import { sql } from 'kysely';
import type { User } from '../../../shared/auth.ts';
import { REPAIR_ORDER_LIMITS, REPAIR_ORDER_STATUS_LABELS, STAFF_TRANSITIONS, type PaymentValues, type RepairOrderStatus } from '../../../shared/repair-orders.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { notify } from '../../lib/notify.ts';
import { consumeParts, reserveParts } from './stock.ts';
import { writeHistory } from './completion.ts';
import { findOrderRow, lineRows, reprice, type OrderRow } from './repository.ts';
import { auditOrder, getOrder, orderNotFound, staffOrder } from './service.ts';

/**
 * An order's life (docs/repair-orders.md#states): staff move it along STAFF_TRANSITIONS; the
 * customer's decisions turn a sent estimate approved or declined; payments turn an invoice paid.
 * Each change locks the order's row, so two clicks at once cannot both move it.
 */

const STAMPS: Partial<Record<RepairOrderStatus, 'sent_at' | 'decided_at' | 'started_at' | 'completed_at' | 'invoiced_at' | 'paid_at'>> = {
  sent: 'sent_at',
  approved: 'decided_at',
  declined: 'decided_at',
  in_progress: 'started_at',
  completed: 'completed_at',
  invoiced: 'invoiced_at',
  paid: 'paid_at',
};

async function setStatus(db: Executor, order: OrderRow, to: RepairOrderStatus, actorId: string): Promise<void> {
  const stamp = STAMPS[to];
  await db
    .updateTable('repair_orders')
    .set({ status: to, ...(stamp ? { [stamp]: sql<Date>`now()` } : {}) })
    .where('id', '=', order.id)
    .execute();
  await auditOrder(db, actorId, order, (await findOrderRow(db, order.id))!, 'status');
}

async function tellCustomer(db: Executor, order: OrderRow, title: string, body: string): Promise<void> {
  if (!order.customer_user_id) return;
  await notify(db, { userId: order.customer_user_id, kind: 'repair_order', title, body, link: `/repair-orders/${order.id}` });
}

export async function transitionOrder(db: Database, user: User, id: string, to: RepairOrderStatus): Promise<RepairOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, id, 'work', true);
    if (!STAFF_TRANSITIONS[order.status].includes(to)) {
      throw domainError('CONFLICT', `An order that is ${REPAIR_ORDER_STATUS_LABELS[order.status]} cannot become ${REPAIR_ORDER_STATUS_LABELS[to]}`);
    }
    const lines = await lineRows(trx, id);
    if (to === 'sent') {
      if (lines.length === 0) throw domainError('CONFLICT', 'Add at least one line before sending the estimate');
      await tellCustomer(trx, order, `Estimate #${order.number} is ready for your approval`, 'Open it to approve or decline each line.');
    }
    if (to === 'estimate') {
      await trx.updateTable('repair_order_lines').set({ decision: null, decided_by: null, decided_at: null }).where('repair_order_id', '=', id).execute();
      await trx.updateTable('repair_orders').set({ sent_at: null, decided_at: null }).where('id', '=', id).execute();
    }
    if (to === 'approved') {
      // An approval given in person or by phone: every line not declined is approved.
      await trx
        .updateTable('repair_order_lines')
        .set({ decision: 'approved', decided_by: actor.userId, decided_at: sql<Date>`now()` })
        .where('repair_order_id', '=', id)
        .where('decision', 'is', null)
        .execute();
      const decided = await lineRows(trx, id);
      if (!decided.some((line) => line.decision === 'approved')) throw domainError('CONFLICT', 'Every line was declined: revise the estimate instead');
      await reserveParts(trx, order, decided);
    }
    if (to === 'completed') {
      await consumeParts(trx, order, lines, actor.userId);
      await trx
        .updateTable('repair_order_time_entries')
        .set({ ended_at: sql<Date>`now()` })
        .where('ended_at', 'is', null)
        .where('line_id', 'in', trx.selectFrom('repair_order_lines').select('id').where('repair_order_id', '=', id))
        .execute();
      await writeHistory(trx, order, lines, actor.userId);
      await tellCustomer(trx, order, `Repair order #${order.number} is complete`, 'The work is in your service history.');
    }
    if (to === 'invoiced') await tellCustomer(trx, order, `Invoice #${order.number}`, 'Your invoice is ready.');
    if (to === 'invoiced' && order.total_cents === 0) {
      await setStatus(trx, order, 'invoiced', actor.userId);
      await setStatus(trx, (await findOrderRow(trx, id))!, 'paid', actor.userId);
      return;
    }
    await setStatus(trx, order, to, actor.userId);
  });
  return getOrder(db, user, id);
}

/** The customer approves or declines lines of a sent estimate; when every line is decided the order is approved or declined. */
export async function decideLines(db: Database, user: User, orderId: string, decisions: { lineId: string; decision: 'approved' | 'declined' }[]): Promise<RepairOrder> {
  await db.transaction().execute(async (trx) => {
    const order = await findOrderRow(trx, orderId, true);
    if (!order || order.customer_user_id !== user.id || ['estimate', 'cancelled'].includes(order.status)) throw orderNotFound();
    if (order.status !== 'sent') throw domainError('CONFLICT', 'This estimate has been decided already');
    const lines = await lineRows(trx, orderId);
    const ids = new Set(lines.map((line) => line.id));
    for (const { lineId, decision } of decisions) {
      if (!ids.has(lineId)) throw domainError('BAD_REQUEST', 'A decision names a line that is not on this estimate');
      await trx.updateTable('repair_order_lines').set({ decision, decided_by: user.id, decided_at: sql<Date>`now()` }).where('id', '=', lineId).execute();
    }
    const decided = await lineRows(trx, orderId);
    if (decided.some((line) => line.decision === null)) {
      await reprice(trx, orderId);
      return;
    }
    const approved = decided.some((line) => line.decision === 'approved');
    if (approved) await reserveParts(trx, order, decided);
    await reprice(trx, orderId);
    await setStatus(trx, order, approved ? 'approved' : 'declined', user.id);
    if (order.created_by) {
      await notify(trx, {
        userId: order.created_by,
        kind: 'repair_order',
        title: `${order.customer_name} ${approved ? 'approved' : 'declined'} estimate #${order.number}`,
        link: `/repair-orders/${order.id}`,
      });
    }
  });
  return getOrder(db, user, orderId);
}

/** Starts (in) or stops (out) the caller's clock on a labour line of an order in progress. */
export async function clock(db: Database, user: User, orderId: string, lineId: string, direction: 'in' | 'out'): Promise<RepairOrder> {
  await db.transaction().execute(async (trx) => {
    const { order } = await staffOrder(trx, user, orderId, 'work', true);
    const line = (await lineRows(trx, orderId)).find((l) => l.id === lineId);
    if (!line) throw domainError('NOT_FOUND', 'Line not found on this order');
    if (line.kind !== 'labor' || line.decision === 'declined') throw domainError('BAD_REQUEST', 'Time is clocked on an approved labour line');
    if (direction === 'out') {
      const ended = await trx.updateTable('repair_order_time_entries').set({ ended_at: sql<Date>`now()` }).where('line_id', '=', lineId).where('technician_id', '=', user.id).where('ended_at', 'is', null).executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 0) throw domainError('CONFLICT', 'Your clock is not running on this line');
      return;
    }
    if (order.status !== 'in_progress') throw domainError('CONFLICT', 'Clock in once the work has started');
    const running = await trx.selectFrom('repair_order_time_entries').select('line_id').where('technician_id', '=', user.id).where('ended_at', 'is', null).executeTakeFirst();
    if (running) throw domainError('CONFLICT', 'Your clock is running on another line: clock out there first');
    await trx.insertInto('repair_order_time_entries').values({ line_id: lineId, technician_id: user.id }).execute();
  });
  return getOrder(db, user, orderId);
}

/** Records a payment against an invoice; the order is paid once the payments cover its total. */
export async function addPayment(db: Database, user: User, values: PaymentValues): Promise<RepairOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, values.orderId, 'work', true);
    if (order.status !== 'invoiced') throw domainError('CONFLICT', 'Payments are recorded against an invoice: create the invoice first');
    const paid = await trx.selectFrom('repair_order_payments').select([sql<string>`coalesce(sum(amount_cents), 0)`.as('sum'), sql<string>`count(*)`.as('count')]).where('repair_order_id', '=', order.id).executeTakeFirstOrThrow();
    if (Number(paid.count) >= REPAIR_ORDER_LIMITS.payments) throw domainError('BAD_REQUEST', `An order takes at most ${REPAIR_ORDER_LIMITS.payments} payments`);
    const balance = order.total_cents - Number(paid.sum);
    if (values.amountCents > balance) throw domainError('CONFLICT', `The payment is more than the balance of ${(balance / 100).toFixed(2)}`, { balanceCents: balance });
    await trx.insertInto('repair_order_payments').values({ repair_order_id: order.id, amount_cents: values.amountCents, method: values.method, reference: values.reference, received_by: actor.userId }).execute();
    if (values.amountCents === balance) {
      await setStatus(trx, order, 'paid', actor.userId);
      await tellCustomer(trx, order, `Invoice #${order.number} is paid`, 'Thank you.');
    }
  });
  return getOrder(db, user, values.orderId);
}
