import { sql } from 'kysely';
import type { MovementKind } from '../../shared/stock.ts';
import type { Executor } from '../db/index.ts';

/**
 * The one writer of the stock ledger (docs/parts.md#the-ledger): the parts domain's movements and a
 * repair order's use of its parts both go through it, under the part's row lock their caller holds.
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
