import { sql, type Selectable } from 'kysely';
import type { ListPurchaseOrdersValues, PurchaseOrderLine, PurchaseOrderPage, PurchaseOrderSummary } from '../../../shared/purchase-orders.ts';
import type { Executor } from '../../db/index.ts';
import type { PurchaseOrderLinesTable, PurchaseOrdersTable } from '../../db/schema-parts.ts';
import { encodeCursor, olderThanCursor, pageOf, timestampKey } from '../../lib/paging.ts';

/** Reads and writes of purchase orders (docs/parts.md#purchase-orders); who may do what is in service.ts. */

export type OrderRow = Selectable<PurchaseOrdersTable>;
export type LineRow = Selectable<PurchaseOrderLinesTable>;

/** An order by id; `lock` holds its row for the rest of the transaction (one change of it at a time). */
export async function findOrderRow(db: Executor, id: string, lock = false): Promise<OrderRow | undefined> {
  const query = db.selectFrom('purchase_orders').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** An order's lines in their order; `lock` holds their rows too (a receipt raises their received figures). */
export function lineRows(db: Executor, orderId: string, lock = false): Promise<LineRow[]> {
  const query = db.selectFrom('purchase_order_lines').selectAll().where('purchase_order_id', '=', orderId).orderBy('position').orderBy('id');
  return (lock ? query.forUpdate() : query).execute();
}

export type ShopParts = Map<string, { id: string; part_number: string; unit_cost_cents: number }>;

/** The shop's parts of these ids with their unit costs, by id, in one query; another shop's (or none) is absent. */
export async function shopParts(db: Executor, serviceCenterId: string, partIds: readonly string[]): Promise<ShopParts> {
  if (partIds.length === 0) return new Map();
  const rows = await db.selectFrom('parts').select(['id', 'part_number', 'unit_cost_cents']).where('id', 'in', partIds).where('service_center_id', '=', serviceCenterId).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** An order with its supplier's name and its lines' figures summed (bigint: 200 lines of $1,000,000 × 10,000 pass 2^31). */
function summaries(db: Executor) {
  return db
    .selectFrom('purchase_orders as o')
    .innerJoin('suppliers as s', 's.id', 'o.supplier_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('purchase_order_lines as l')
          .select([
            sql<number>`count(*)::int`.as('line_count'),
            sql<string>`coalesce(sum(l.quantity_ordered::bigint * l.unit_cost_cents), 0)::text`.as('ordered_cents'),
            sql<string>`coalesce(sum(l.quantity_received::bigint * l.unit_cost_cents), 0)::text`.as('received_cents'),
            sql<string>`coalesce(sum(l.quantity_ordered), 0)::text`.as('units_ordered'),
            sql<string>`coalesce(sum(l.quantity_received), 0)::text`.as('units_received'),
          ])
          .whereRef('l.purchase_order_id', '=', 'o.id')
          .as('t'),
      (join) => join.onTrue(),
    )
    .select(['o.id', 'o.service_center_id', 'o.number', 'o.status', 'o.supplier_id', 's.name as supplier_name', 'o.ordered_at', 'o.received_at', 'o.created_at', 'o.updated_at'])
    .select(['t.line_count', 't.ordered_cents', 't.received_cents', 't.units_ordered', 't.units_received'])
    .select(timestampKey('o.created_at').as('sort_key'));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow): PurchaseOrderSummary {
  return {
    id: row.id,
    serviceCenterId: row.service_center_id,
    number: row.number,
    status: row.status,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    lineCount: row.line_count ?? 0,
    totals: {
      orderedCents: Number(row.ordered_cents ?? 0),
      receivedCents: Number(row.received_cents ?? 0),
      unitsOrdered: Number(row.units_ordered ?? 0),
      unitsReceived: Number(row.units_received ?? 0),
    },
    orderedAt: row.ordered_at,
    receivedAt: row.received_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function orderSummary(db: Executor, id: string): Promise<PurchaseOrderSummary> {
  return toSummary(await summaries(db).where('o.id', '=', id).executeTakeFirstOrThrow());
}

/** A page of the shop's orders, newest first; `status` and `supplierId` narrow it. */
export async function listOrderPage(db: Executor, filters: Pick<ListPurchaseOrdersValues, 'serviceCenterId' | 'status' | 'supplierId' | 'cursor' | 'limit'>): Promise<PurchaseOrderPage> {
  let query = summaries(db).where('o.service_center_id', '=', filters.serviceCenterId);
  if (filters.status) query = query.where('o.status', '=', filters.status);
  if (filters.supplierId) query = query.where('o.supplier_id', '=', filters.supplierId);
  if (filters.cursor) query = query.where(olderThanCursor(filters.cursor, 'o.created_at', 'o.id'));
  const rows = await query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(filters.limit + 1).execute();
  return pageOf(rows, filters.limit, toSummary, (row) => encodeCursor(row.sort_key, row.id));
}

/** The lines as the page reads them: the part's number, name and stock now. */
export async function linesOf(db: Executor, orderId: string): Promise<PurchaseOrderLine[]> {
  const rows = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('parts as p', 'p.id', 'l.part_id')
    .select(['l.id', 'l.part_id', 'p.part_number', 'p.name', 'p.on_hand', 'l.quantity_ordered', 'l.quantity_received', 'l.unit_cost_cents'])
    .where('l.purchase_order_id', '=', orderId)
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    partId: row.part_id,
    partNumber: row.part_number,
    partName: row.name,
    quantityOrdered: row.quantity_ordered,
    quantityReceived: row.quantity_received,
    unitCostCents: row.unit_cost_cents,
    amountCents: row.quantity_ordered * row.unit_cost_cents,
    onHand: row.on_hand,
  }));
}

/** Who opened the order, as the page names them; null once their account is gone. */
export async function creatorName(db: Executor, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('users').select(sql<string>`coalesce(nullif(concat_ws(' ', first_name, last_name), ''), email)`.as('name')).where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}
