import { sql } from 'kysely';
import type { MovementKind } from '../../shared/stock.ts';
import type { Executor } from '../db/index.ts';

/**
 * The one writer of the stock ledger (docs/parts.md#the-ledger): the parts domain's movements, a
 * repair order's use of its parts and a purchase order's receipts all go through it, under the
 * part's row lock their caller holds (`lockParts`, or the parts domain's own lock of one part).
 */

export interface NewMovement {
  partId: string;
  kind: MovementKind;
  /** Signed. */
  quantity: number;
  reason: string | null;
  supplierId: string | null;
  createdBy: string;
  /** The repair order a use was for. */
  repairOrderId?: string | null;
  /** The purchase order a receipt was against. */
  purchaseOrderId?: string | null;
}

/**
 * Locks the parts' rows for the rest of the transaction, in one order (by id), so two writers of
 * overlapping parts queue instead of deadlocking; answers what a caller checks before moving stock.
 */
export async function lockParts(db: Executor, partIds: readonly string[]): Promise<{ id: string; part_number: string; on_hand: number }[]> {
  if (partIds.length === 0) return [];
  return db
    .selectFrom('parts')
    .select(['id', 'part_number', 'on_hand'])
    .where('id', 'in', [...new Set(partIds)].sort())
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * Adds a movement to the ledger and its quantity to the part's on_hand, and answers the new figure.
 * The caller holds the part's row lock: the movement's time is taken now (clock_timestamp, not the
 * transaction's start), so the ledger's order is the order the stock really changed in.
 */
export async function recordMovement(db: Executor, movement: NewMovement): Promise<{ id: string; onHand: number }> {
  const inserted = await db
    .insertInto('stock_movements')
    .values({
      part_id: movement.partId,
      kind: movement.kind,
      quantity: movement.quantity,
      reason: movement.reason,
      supplier_id: movement.supplierId,
      created_by: movement.createdBy,
      repair_order_id: movement.repairOrderId ?? null,
      purchase_order_id: movement.purchaseOrderId ?? null,
      created_at: sql<Date>`clock_timestamp()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const part = await db
    .updateTable('parts')
    .set({ on_hand: sql<number>`on_hand + ${movement.quantity}` })
    .where('id', '=', movement.partId)
    .returning('on_hand')
    .executeTakeFirstOrThrow();
  return { id: inserted.id, onHand: part.on_hand };
}
