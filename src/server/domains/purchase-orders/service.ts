import type { User } from '../../../shared/auth.ts';
import {
  PURCHASE_ORDER_LIMITS,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_TRANSITIONS,
  RECEIVING_STATUSES,
  type CreatePurchaseOrderValues,
  type ListPurchaseOrdersValues,
  type PurchaseOrder,
  type PurchaseOrderLineValues,
  type PurchaseOrderMove,
  type PurchaseOrderPage,
  type PurchaseOrderStatus,
} from '../../../shared/purchase-orders.ts';
import type { ShopAccess } from '../../../shared/shops.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit, type AuditEntry } from '../../lib/audit.ts';
import { requireRowAccess, requireShopAccess, type ShopActor } from '../../lib/shop-access.ts';
import { nextShopNumber } from '../../lib/shop-numbers.ts';
import { creatorName, findOrderRow, lineRows, linesOf, listOrderPage, orderSummary, shopParts, type OrderRow, type ShopParts } from './repository.ts';

/**
 * Who may do what with a purchase order (docs/parts.md#purchase-orders): the shop's staff, any
 * role, open, fill, order, cancel and receive them; admins read them (support). Anyone else: 404.
 */

export const orderNotFound = () => domainError('NOT_FOUND', 'Purchase order not found');
const partNotFound = () => domainError('NOT_FOUND', 'Part not found in this shop\u2019s catalogue');
const onOrderAlready = (partNumber: string) => domainError('CONFLICT', `${partNumber} is on this order already: change that line\u2019s quantity instead`);

/** The order and the caller's standing in its shop; a non-member gets the order's own 404. */
export async function staffOrder(db: Executor, user: User, id: string, access: ShopAccess, lock = false): Promise<{ order: OrderRow; actor: ShopActor }> {
  const order = await findOrderRow(db, id, lock);
  if (!order) throw orderNotFound();
  return { order, actor: await requireRowAccess(db, user, order.service_center_id, access, orderNotFound) };
}

/** What the audit log keeps of an order: its number, state, supplier, notes and figures. */
export async function auditState(db: Executor, id: string) {
  const [order, summary] = await Promise.all([findOrderRow(db, id), orderSummary(db, id)]);
  return { number: summary.number, status: summary.status, supplierName: summary.supplierName, notes: order?.notes ?? null, lineCount: summary.lineCount, ...summary.totals };
}
export type AuditState = Awaited<ReturnType<typeof auditState>>;

/** Writes the entry of a change: `before` was read in the same transaction, ahead of it. */
export async function auditOrder(db: Executor, actorId: string, order: OrderRow, before: AuditState | null, action: AuditEntry['action'], extra: Record<string, string | number>[] = []): Promise<void> {
  const after = await auditState(db, order.id);
  await recordAudit(db, {
    serviceCenterId: order.service_center_id,
    actorId,
    entity: 'purchase_order',
    entityId: order.id,
    action,
    before,
    after: extra.length ? { ...after, received: extra } : after,
  });
}

async function shopSupplier(db: Executor, serviceCenterId: string, supplierId: string): Promise<void> {
  const supplier = await db.selectFrom('suppliers').select('id').where('id', '=', supplierId).where('service_center_id', '=', serviceCenterId).executeTakeFirst();
  if (!supplier) throw domainError('NOT_FOUND', 'Supplier not found');
}

/** The stored values of a line: its part must be among the shop's `parts`; its unit cost is the part's unless sent. */
function lineValues(parts: ShopParts, line: PurchaseOrderLineValues) {
  const part = parts.get(line.partId);
  if (!part) throw partNotFound();
  return { partNumber: part.part_number, values: { part_id: part.id, quantity_ordered: line.quantity, unit_cost_cents: line.unitCostCents ?? part.unit_cost_cents } };
}

export async function createOrder(db: Database, user: User, values: CreatePurchaseOrderValues): Promise<PurchaseOrder> {
  const actor = await requireShopAccess(db, user, values.serviceCenterId, 'work');
  await shopSupplier(db, values.serviceCenterId, values.supplierId);
  const partIds = new Set(values.lines.map((line) => line.partId));
  if (partIds.size !== values.lines.length) throw domainError('BAD_REQUEST', 'A part is on two lines: send each part once with its whole quantity');
  const id = await db.transaction().execute(async (trx) => {
    const number = await nextShopNumber(trx, 'purchase_orders', values.serviceCenterId);
    const order = await trx
      .insertInto('purchase_orders')
      .values({ service_center_id: values.serviceCenterId, number, supplier_id: values.supplierId, notes: values.notes, created_by: actor.userId })
      .returningAll()
      .executeTakeFirstOrThrow();
    const parts = await shopParts(trx, values.serviceCenterId, [...partIds]);
    const lines = values.lines.map((line, position) => ({ ...lineValues(parts, line).values, purchase_order_id: order.id, position }));
    if (lines.length) await trx.insertInto('purchase_order_lines').values(lines).execute();
    await auditOrder(trx, actor.userId, order, null, 'create');
    return order.id;
  });
  return getOrder(db, user, id);
}

/** Adds (no `lineId`), replaces (`lineId` and `line`) or removes (`lineId` only) a line of a draft. */
export async function editLine(db: Database, user: User, orderId: string, change: { lineId?: string; line?: PurchaseOrderLineValues }): Promise<PurchaseOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, orderId, 'work', true);
    if (order.status !== 'draft') throw domainError('CONFLICT', 'Lines can be changed only while the order is a draft');
    const before = await auditState(trx, orderId);
    const lines = await lineRows(trx, orderId);
    const existing = change.lineId ? lines.find((line) => line.id === change.lineId) : undefined;
    if (change.lineId && !existing) throw domainError('NOT_FOUND', 'Line not found on this order');
    if (!change.line) {
      await trx.deleteFrom('purchase_order_lines').where('id', '=', existing!.id).execute();
    } else {
      const { partNumber, values } = lineValues(await shopParts(trx, order.service_center_id, [change.line.partId]), change.line);
      if (lines.some((line) => line.part_id === values.part_id && line.id !== existing?.id)) throw onOrderAlready(partNumber);
      if (existing) {
        await trx.updateTable('purchase_order_lines').set(values).where('id', '=', existing.id).execute();
      } else {
        if (lines.length >= PURCHASE_ORDER_LIMITS.lines) throw domainError('BAD_REQUEST', `An order holds at most ${PURCHASE_ORDER_LIMITS.lines} lines`);
        const position = lines.reduce((max, line) => Math.max(max, line.position + 1), 0);
        await trx.insertInto('purchase_order_lines').values({ ...values, purchase_order_id: orderId, position }).execute();
      }
    }
    await auditOrder(trx, actor.userId, order, before, 'update');
  });
  return getOrder(db, user, orderId);
}

function refusedMove(status: PurchaseOrderStatus, to: PurchaseOrderMove) {
  if (to === 'cancelled' && (status === 'partially_received' || status === 'received')) return domainError('CONFLICT', 'Stock has been received against this order: it can no longer be cancelled');
  const verb = to === 'ordered' ? 'marked as ordered' : 'cancelled';
  return domainError('CONFLICT', `A purchase order that is ${PURCHASE_ORDER_STATUS_LABELS[status].toLowerCase()} cannot be ${verb}`);
}

/** Draft → ordered (with at least one line); draft or ordered → cancelled while nothing is received. */
export async function transitionOrder(db: Database, user: User, id: string, to: PurchaseOrderMove): Promise<PurchaseOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, id, 'work', true);
    if (!PURCHASE_ORDER_TRANSITIONS[order.status].includes(to)) throw refusedMove(order.status, to);
    const before = await auditState(trx, id);
    if (to === 'ordered' && (await lineRows(trx, id)).length === 0) throw domainError('CONFLICT', 'Add at least one line before marking the order as ordered');
    const stamp = to === 'ordered' ? { ordered_at: new Date() } : { cancelled_at: new Date() };
    await trx.updateTable('purchase_orders').set({ status: to, ...stamp }).where('id', '=', id).execute();
    await auditOrder(trx, actor.userId, order, before, 'status');
  });
  return getOrder(db, user, id);
}

/** One order with its lines and totals, for its shop's staff (and admins, to read). */
export async function getOrder(db: Executor, user: User, id: string): Promise<PurchaseOrder> {
  const { order, actor } = await staffOrder(db, user, id, 'read');
  const [summary, lines, createdByName] = await Promise.all([orderSummary(db, id), linesOf(db, id), creatorName(db, order.created_by)]);
  // An admin reading a shop they are not staff of has no role: they change nothing.
  const working = actor.role !== null;
  return {
    ...summary,
    notes: order.notes,
    createdByName,
    cancelledAt: order.cancelled_at,
    lines,
    canEditLines: working && order.status === 'draft',
    canReceive: working && (RECEIVING_STATUSES as readonly PurchaseOrderStatus[]).includes(order.status),
    transitions: working ? [...PURCHASE_ORDER_TRANSITIONS[order.status]] : [],
  };
}

export async function listOrders(db: Executor, user: User, input: ListPurchaseOrdersValues): Promise<PurchaseOrderPage> {
  await requireShopAccess(db, user, input.serviceCenterId, 'read');
  return listOrderPage(db, input);
}
