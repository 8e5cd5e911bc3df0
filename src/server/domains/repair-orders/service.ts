import type { User } from '../../../shared/auth.ts';
import { orderTotals } from '../../../shared/repair-order-totals.ts';
import { REPAIR_ORDER_LIMITS, STAFF_TRANSITIONS, type CreateRepairOrderValues, type LineInput, type ListRepairOrdersInput, type RepairOrderPatchValues } from '../../../shared/repair-orders.ts';
import type { RepairOrder, RepairOrderPage } from '../../../shared/repair-order-views.ts';
import type { ShopAccess } from '../../../shared/shops.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requireRowAccess, requireShopAccess, staffRole, type ShopActor } from '../../lib/shop-access.ts';
import { shopCustomerVehicle } from '../../lib/vehicle-owner.ts';
import { findOrderRow, lineRows, linesOf, listOrderPage, nextOrderNumber, paymentsOf, reprice, vehicleLabel, type OrderRow } from './repository.ts';
import { linesFromSource, lineValues } from './lines.ts';

/**
 * Who may do what with a repair order (docs/repair-orders.md#who-may-do-what): the shop's staff
 * create and work orders (admins read them); the customer whose account the order names reads it
 * from the moment it is sent and decides on its lines. Everyone else gets 404.
 */

export const orderNotFound = () => domainError('NOT_FOUND', 'Repair order not found');
export const notAnEstimate = () => domainError('CONFLICT', 'Lines can be changed only while the order is an estimate: revise the estimate first');

/** The order and the caller's standing in its shop; a non-member gets the order's own 404. */
export async function staffOrder(db: Executor, user: User, id: string, access: ShopAccess, lock = false): Promise<{ order: OrderRow; actor: ShopActor }> {
  const order = await findOrderRow(db, id, lock);
  if (!order) throw orderNotFound();
  return { order, actor: await requireRowAccess(db, user, order.service_center_id, access, orderNotFound) };
}

function orderAudit(order: OrderRow) {
  return { number: order.number, status: order.status, customerName: order.customer_name, mileage: order.mileage, notes: order.notes, taxRateBp: order.tax_rate_bp, totalCents: order.total_cents };
}

export async function auditOrder(db: Executor, actorId: string, before: OrderRow | null, after: OrderRow, action: 'create' | 'update' | 'status'): Promise<void> {
  await recordAudit(db, {
    serviceCenterId: after.service_center_id,
    actorId,
    entity: 'repair_order',
    entityId: after.id,
    action,
    before: before ? orderAudit(before) : undefined,
    after: orderAudit(after),
  });
}

/** Whether the source (appointment, inquiry, inspection) is the shop's own; 404 when not. */
async function checkSource(db: Executor, serviceCenterId: string, source: CreateRepairOrderValues['source']): Promise<void> {
  const checks = [
    source.appointmentId && db.selectFrom('service_appointments').select('id').where('id', '=', source.appointmentId).where('service_center_id', '=', serviceCenterId),
    source.inquiryId && db.selectFrom('customer_inquiries').select('id').where('id', '=', source.inquiryId).where('service_center_id', '=', serviceCenterId),
    source.inspectionId && db.selectFrom('inspections').select('id').where('id', '=', source.inspectionId).where('service_center_id', '=', serviceCenterId),
  ];
  for (const check of checks) {
    if (check && !(await check.executeTakeFirst())) throw domainError('NOT_FOUND', 'The appointment, inquiry or inspection was not found in this shop');
  }
}

export async function createOrder(db: Database, user: User, values: CreateRepairOrderValues): Promise<RepairOrder> {
  const actor = await requireShopAccess(db, user, values.serviceCenterId, 'work');
  const vehicle = await shopCustomerVehicle(db, values.serviceCenterId, values.customerVehicleId);
  if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found among this shop\u2019s customers');
  await checkSource(db, values.serviceCenterId, values.source);
  const id = await db.transaction().execute(async (trx) => {
    const shop = await trx.selectFrom('service_centers').select(['tax_rate_bp', 'labor_rate_cents']).where('id', '=', values.serviceCenterId).executeTakeFirstOrThrow();
    const number = await nextOrderNumber(trx, values.serviceCenterId);
    const drafts = await linesFromSource(trx, values.source, shop.labor_rate_cents);
    const row = await trx
      .insertInto('repair_orders')
      .values({
        service_center_id: values.serviceCenterId,
        number,
        customer_vehicle_id: vehicle.id,
        vehicle_id: vehicle.vehicle_id,
        customer_user_id: vehicle.user_id,
        customer_name: vehicle.name,
        appointment_id: values.source.appointmentId ?? null,
        inquiry_id: values.source.inquiryId ?? null,
        inspection_id: values.source.inspectionId ?? null,
        mileage: values.mileage ?? drafts.mileage ?? vehicle.odometer,
        notes: values.notes,
        tax_rate_bp: shop.tax_rate_bp,
        created_by: actor.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    for (const [position, line] of drafts.lines.entries()) {
      await trx.insertInto('repair_order_lines').values({ ...line, repair_order_id: row.id, position }).execute();
    }
    await reprice(trx, row.id);
    const after = await findOrderRow(trx, row.id);
    await auditOrder(trx, actor.userId, null, after!, 'create');
    return row.id;
  });
  return getOrder(db, user, id);
}

export async function updateOrder(db: Database, user: User, id: string, patch: RepairOrderPatchValues): Promise<RepairOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, id, 'work', true);
    if (['completed', 'invoiced', 'paid', 'cancelled'].includes(order.status)) throw domainError('CONFLICT', 'A finished order cannot be changed');
    if (patch.taxRateBp !== undefined && patch.taxRateBp !== order.tax_rate_bp && order.status !== 'estimate') throw notAnEstimate();
    await trx
      .updateTable('repair_orders')
      .set({ mileage: patch.mileage === undefined ? order.mileage : patch.mileage, notes: patch.notes === undefined ? order.notes : patch.notes, tax_rate_bp: patch.taxRateBp ?? order.tax_rate_bp })
      .where('id', '=', id)
      .execute();
    await reprice(trx, id);
    await auditOrder(trx, actor.userId, order, (await findOrderRow(trx, id))!, 'update');
  });
  return getOrder(db, user, id);
}

/** Adds, replaces or removes a line of an estimate, and prices the order again. */
export async function editLine(db: Database, user: User, orderId: string, change: { lineId?: string; line?: LineInput }): Promise<RepairOrder> {
  await db.transaction().execute(async (trx) => {
    const { order, actor } = await staffOrder(trx, user, orderId, 'work', true);
    if (order.status !== 'estimate') throw notAnEstimate();
    const lines = await lineRows(trx, orderId);
    const existing = change.lineId ? lines.find((line) => line.id === change.lineId) : undefined;
    if (change.lineId && !existing) throw domainError('NOT_FOUND', 'Line not found on this order');
    if (change.line && change.line.kind === 'labor' && change.line.technicianId && !(await staffRole(trx, change.line.technicianId, order.service_center_id))) {
      throw domainError('BAD_REQUEST', 'The technician must be staff of this shop');
    }
    if (!change.line) {
      await trx.deleteFrom('repair_order_lines').where('id', '=', existing!.id).execute();
    } else {
      const values = await lineValues(trx, order, change.line);
      if (existing) await trx.updateTable('repair_order_lines').set(values).where('id', '=', existing.id).execute();
      else {
        if (lines.length >= REPAIR_ORDER_LIMITS.lines) throw domainError('BAD_REQUEST', `An order holds at most ${REPAIR_ORDER_LIMITS.lines} lines`);
        const position = lines.reduce((max, line) => Math.max(max, line.position + 1), 0);
        await trx.insertInto('repair_order_lines').values({ ...values, repair_order_id: orderId, position }).execute();
      }
    }
    await reprice(trx, orderId);
    await auditOrder(trx, actor.userId, order, (await findOrderRow(trx, orderId))!, 'update');
  });
  return getOrder(db, user, orderId);
}

/** One order as its shop's staff or its customer read it (404 for anyone else, and for the customer before it is sent). */
export async function getOrder(db: Executor, user: User, id: string): Promise<RepairOrder> {
  const order = await findOrderRow(db, id);
  if (!order) throw orderNotFound();
  const role = await staffRole(db, user.id, order.service_center_id);
  const staff = role !== null || user.isAdmin;
  const customer = order.customer_user_id === user.id && !['estimate', 'cancelled'].includes(order.status);
  if (!staff && !customer) throw orderNotFound();
  const [lines, payments, shop, vehicle] = await Promise.all([
    linesOf(db, id, user.id),
    paymentsOf(db, id),
    db.selectFrom('service_centers').select(['name', 'address', 'city', 'state', 'zip_code', 'phone', 'email']).where('id', '=', order.service_center_id).executeTakeFirstOrThrow(),
    db.selectFrom('vehicles').select(['year', 'make', 'model']).where('id', '=', order.vehicle_id).executeTakeFirstOrThrow(),
  ]);
  // The lines as read carry every figure pricing needs (a fee's or discount's amount as signed).
  const totals = orderTotals(lines.map((line) => ({ ...line, amountCents: Math.abs(line.amountCents) })), order.tax_rate_bp);
  const paidCents = payments.reduce((sum, p) => sum + p.amountCents, 0);
  const labor = lines.filter((line) => line.kind === 'labor' && line.decision !== 'declined');
  const working = role !== null && role !== undefined;
  return {
    id: order.id,
    serviceCenterId: order.service_center_id,
    shopName: shop.name,
    number: order.number,
    status: order.status,
    customerName: order.customer_name,
    vehicleLabel: vehicleLabel(vehicle),
    totalCents: totals.totalCents,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    shop: { name: shop.name, address: shop.address, city: shop.city, state: shop.state, zipCode: shop.zip_code, phone: shop.phone, email: shop.email },
    customerVehicleId: staff ? order.customer_vehicle_id : null,
    vehicleId: order.vehicle_id,
    customerUserId: order.customer_user_id,
    appointmentId: staff ? order.appointment_id : null,
    inquiryId: staff ? order.inquiry_id : null,
    inspectionId: order.inspection_id,
    mileage: order.mileage,
    notes: order.notes,
    taxRateBp: order.tax_rate_bp,
    // The shop's stock and who took a payment are the shop's own business.
    lines: staff ? lines : lines.map((line) => ({ ...line, onHand: null })),
    payments: staff ? payments : payments.map((payment) => ({ ...payment, receivedByName: null })),
    totals,
    paidCents,
    balanceCents: Math.max(0, totals.totalCents - paidCents),
    quotedHundredths: labor.reduce((sum, line) => sum + (line.hoursHundredths ?? 0), 0),
    workedHundredths: labor.reduce((sum, line) => sum + line.workedHundredths, 0),
    sentAt: order.sent_at,
    decidedAt: order.decided_at,
    startedAt: order.started_at,
    completedAt: order.completed_at,
    invoicedAt: order.invoiced_at,
    paidAt: order.paid_at,
    viewer: staff ? 'staff' : 'customer',
    canEdit: working && order.status === 'estimate',
    transitions: working ? [...STAFF_TRANSITIONS[order.status]] : [],
  };
}

export async function listOrders(db: Executor, user: User, input: ListRepairOrdersInput): Promise<RepairOrderPage> {
  await requireShopAccess(db, user, input.serviceCenterId, 'read');
  return listOrderPage(db, { serviceCenterId: input.serviceCenterId }, input);
}

/** The orders sent to the caller as a customer (their portal), newest first. */
export function myOrders(db: Executor, user: User, input: Pick<ListRepairOrdersInput, 'status' | 'search' | 'cursor' | 'limit'>): Promise<RepairOrderPage> {
  return listOrderPage(db, { customerUserId: user.id }, input);
}
