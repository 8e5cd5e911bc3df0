import { sql, type Selectable } from 'kysely';
import { lineAmountCents, orderTotals } from '../../../shared/repair-order-totals.ts';
import type { ListRepairOrdersInput } from '../../../shared/repair-orders.ts';
import type { RepairOrderLine, RepairOrderPage, RepairOrderPayment, RepairOrderSummary } from '../../../shared/repair-order-views.ts';
import type { Executor } from '../../db/index.ts';
import type { RepairOrderLinesTable, RepairOrdersTable } from '../../db/schema-parts.ts';
import { containsPattern, encodeCursor, olderThanCursor, pageOf, timestampKey } from '../../lib/paging.ts';
import { nextShopNumber } from '../../lib/shop-numbers.ts';

/** Reads and writes of repair orders (docs/repair-orders.md); who may do what is in service.ts. */

export type OrderRow = Selectable<RepairOrdersTable>;
export type LineRow = Selectable<RepairOrderLinesTable>;

export async function findOrderRow(db: Executor, id: string, lock = false): Promise<OrderRow | undefined> {
  const query = db.selectFrom('repair_orders').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function lineRows(db: Executor, orderId: string): Promise<LineRow[]> {
  return db.selectFrom('repair_order_lines').selectAll().where('repair_order_id', '=', orderId).orderBy('position').orderBy('id').execute();
}

/** The shop's next order number (lib/shop-numbers.ts: the shop's row is locked meanwhile). */
export function nextOrderNumber(db: Executor, serviceCenterId: string): Promise<number> {
  return nextShopNumber(db, 'repair_orders', serviceCenterId);
}

/** Prices the order from its lines and stores the total; answers it. */
export async function reprice(db: Executor, orderId: string): Promise<number> {
  const order = await db.selectFrom('repair_orders').select('tax_rate_bp').where('id', '=', orderId).executeTakeFirstOrThrow();
  const totals = orderTotals((await lineRows(db, orderId)).map(pricedLine), order.tax_rate_bp);
  await db.updateTable('repair_orders').set({ total_cents: Math.max(0, totals.totalCents) }).where('id', '=', orderId).execute();
  return totals.totalCents;
}

export function pricedLine(row: LineRow) {
  return {
    kind: row.kind,
    hoursHundredths: row.hours_hundredths,
    rateCents: row.rate_cents,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    amountCents: row.amount_cents,
    taxable: row.taxable,
    decision: row.decision,
  };
}

/** The lines as the screens read them: names, clocked time, the caller's running clock, stock. */
export async function linesOf(db: Executor, orderId: string, viewerId: string): Promise<RepairOrderLine[]> {
  const rows = await db
    .selectFrom('repair_order_lines as l')
    .leftJoin('vehicle_components as c', 'c.id', 'l.component_id')
    .leftJoin('users as t', 't.id', 'l.technician_id')
    .leftJoin('parts as p', 'p.id', 'l.part_id')
    .selectAll('l')
    .select(['c.name as component_name', 'p.on_hand', 't.first_name', 't.last_name', 't.email'])
    .select((eb) => [
      eb
        .selectFrom('repair_order_time_entries as e')
        .select(sql<string>`coalesce(sum(round(extract(epoch FROM (coalesce(e.ended_at, now()) - e.started_at)) / 36)), 0)`.as('s'))
        .whereRef('e.line_id', '=', 'l.id')
        .as('worked'),
      eb
        .exists(eb.selectFrom('repair_order_time_entries as e').select('e.id').whereRef('e.line_id', '=', 'l.id').where('e.technician_id', '=', viewerId).where('e.ended_at', 'is', null))
        .as('running'),
    ])
    .where('l.repair_order_id', '=', orderId)
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    kind: row.kind,
    description: row.description,
    serviceType: row.service_type,
    componentId: row.component_id,
    componentName: row.component_name,
    technicianId: row.technician_id,
    technicianName: row.technician_id ? personName(row) : null,
    hoursHundredths: row.hours_hundredths,
    rateCents: row.rate_cents,
    partId: row.part_id,
    partNumber: row.part_number,
    quantity: row.quantity,
    unitPriceCents: row.unit_price_cents,
    amountCents: lineAmountCents(pricedLine({ ...row, decision: null })),
    taxable: row.taxable,
    decision: row.decision,
    workedHundredths: Number(row.worked ?? 0),
    clockRunning: Boolean(row.running),
    onHand: row.part_id ? (row.on_hand ?? null) : null,
  }));
}

function personName(row: { first_name: string | null; last_name: string | null; email: string | null }): string {
  return [row.first_name, row.last_name].filter(Boolean).join(' ') || (row.email ?? 'Former staff member');
}

export async function paymentsOf(db: Executor, orderId: string): Promise<RepairOrderPayment[]> {
  const rows = await db
    .selectFrom('repair_order_payments as p')
    .leftJoin('users as u', 'u.id', 'p.received_by')
    .select(['p.id', 'p.amount_cents', 'p.method', 'p.reference', 'p.received_at', 'u.first_name', 'u.last_name', 'u.email'])
    .where('p.repair_order_id', '=', orderId)
    .orderBy('p.received_at')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    amountCents: row.amount_cents,
    method: row.method,
    reference: row.reference,
    receivedAt: row.received_at,
    receivedByName: row.email ? personName(row) : null,
  }));
}

function summaries(db: Executor) {
  return db
    .selectFrom('repair_orders as o')
    .innerJoin('vehicles as v', 'v.id', 'o.vehicle_id')
    .innerJoin('service_centers as sc', 'sc.id', 'o.service_center_id')
    .select(['o.id', 'o.service_center_id', 'sc.name as shop_name', 'o.number', 'o.status', 'o.customer_name', 'o.total_cents', 'o.created_at', 'o.updated_at', 'v.year', 'v.make', 'v.model'])
    .select(timestampKey('o.created_at').as('sort_key'));
}

type SummaryRow = { id: string; service_center_id: string; shop_name: string; number: number; status: OrderRow['status']; customer_name: string; total_cents: number; created_at: Date; updated_at: Date; year: number | null; make: string | null; model: string | null };

export function vehicleLabel(row: { year: number | null; make: string | null; model: string | null }): string {
  return [row.year, row.make, row.model].filter(Boolean).join(' ') || 'Vehicle';
}

function toSummary(row: SummaryRow): RepairOrderSummary {
  return {
    id: row.id,
    serviceCenterId: row.service_center_id,
    shopName: row.shop_name,
    number: row.number,
    status: row.status,
    customerName: row.customer_name,
    vehicleLabel: vehicleLabel(row),
    totalCents: row.total_cents,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A page of one shop's orders (newest first), or of the orders sent to one customer. */
export async function listOrderPage(
  db: Executor,
  scope: { serviceCenterId: string } | { customerUserId: string },
  filters: Pick<ListRepairOrdersInput, 'status' | 'search' | 'cursor' | 'limit'>,
): Promise<RepairOrderPage> {
  let query = summaries(db);
  if ('serviceCenterId' in scope) query = query.where('o.service_center_id', '=', scope.serviceCenterId);
  else query = query.where('o.customer_user_id', '=', scope.customerUserId).where('o.status', 'not in', ['estimate', 'cancelled']);
  if (filters.status) query = query.where('o.status', '=', filters.status);
  const term = filters.search?.trim();
  if (term) {
    const number = /^#?(\d{1,9})$/.exec(term);
    query = query.where((eb) =>
      eb.or([eb('o.customer_name', 'ilike', containsPattern(term)), ...(number ? [eb('o.number', '=', Number(number[1]))] : [])]),
    );
  }
  if (filters.cursor) query = query.where(olderThanCursor(filters.cursor, 'o.created_at', 'o.id'));
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(filters.limit + 1).execute();
  return pageOf(rows, filters.limit, toSummary, (row) => encodeCursor(row.sort_key, row.id));
}
