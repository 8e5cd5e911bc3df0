import { sql } from 'kysely';
import { RESERVING_STATUSES } from '../../../shared/repair-orders.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { lockParts, recordMovement } from '../../lib/stock-ledger.ts';
import type { LineRow, OrderRow } from './repository.ts';

/**
 * An order's parts and the shop's stock (docs/repair-orders.md#parts-and-stock). Approved part
 * lines of orders that are approved or in progress hold their quantity back: what another order
 * may reserve is on hand minus those. On completion the parts are used: a movement in the ledger
 * naming the order. Both lock the parts' rows first, in one order (by id), so two orders reserving
 * or using the same part queue instead of both passing the check.
 */

/** Each stocked part the order needs, with the quantity, from its approved part lines. */
function neededParts(lines: readonly LineRow[]): Map<string, number> {
  const needed = new Map<string, number>();
  for (const line of lines) {
    if (line.kind !== 'part' || !line.part_id || line.decision === 'declined') continue;
    needed.set(line.part_id, (needed.get(line.part_id) ?? 0) + (line.quantity ?? 0));
  }
  return needed;
}

async function backordersAllowed(db: Executor, serviceCenterId: string): Promise<boolean> {
  const row = await db.selectFrom('service_centers').select('allow_backorders').where('id', '=', serviceCenterId).executeTakeFirst();
  return row?.allow_backorders ?? false;
}

/** Refuses (409) an approval whose parts other orders' reservations leave too few of. */
export async function reserveParts(db: Executor, order: OrderRow, lines: readonly LineRow[]): Promise<void> {
  const needed = neededParts(lines);
  const parts = await lockParts(db, [...needed.keys()]);
  if (parts.length === 0 || (await backordersAllowed(db, order.service_center_id))) return;
  const held = await db
    .selectFrom('repair_order_lines as l')
    .innerJoin('repair_orders as o', 'o.id', 'l.repair_order_id')
    .select(['l.part_id', sql<string>`sum(l.quantity)`.as('quantity')])
    .where('l.part_id', 'in', parts.map((p) => p.id))
    .where('l.kind', '=', 'part')
    .where('l.decision', 'is distinct from', 'declined')
    .where('o.status', 'in', RESERVING_STATUSES)
    .where('o.id', '<>', order.id)
    .groupBy('l.part_id')
    .execute();
  const heldBy = new Map(held.map((row) => [row.part_id, Number(row.quantity)]));
  for (const part of parts) {
    const available = Math.max(0, part.on_hand - (heldBy.get(part.id) ?? 0));
    const want = needed.get(part.id) ?? 0;
    if (want > available) {
      throw domainError('CONFLICT', `Not enough stock of ${part.part_number} to reserve: ${available} available, ${want} needed. Receive stock first or let the shop allow backorders.`);
    }
  }
}

/** Uses the order's parts: one movement each, naming the order (409 when stock would go below zero without backorders). */
export async function consumeParts(db: Executor, order: OrderRow, lines: readonly LineRow[], actorId: string): Promise<void> {
  const needed = neededParts(lines);
  const parts = await lockParts(db, [...needed.keys()]);
  if (parts.length === 0) return;
  const backorders = await backordersAllowed(db, order.service_center_id);
  for (const part of parts) {
    const want = needed.get(part.id) ?? 0;
    if (!backorders && part.on_hand - want < 0) {
      throw domainError('CONFLICT', `Not enough stock of ${part.part_number}: ${Math.max(part.on_hand, 0)} on hand, ${want} needed. The shop does not allow backorders.`);
    }
    await recordMovement(db, { partId: part.id, kind: 'used', quantity: -want, reason: `Repair order #${order.number}`, supplierId: null, createdBy: actorId, repairOrderId: order.id });
  }
}
