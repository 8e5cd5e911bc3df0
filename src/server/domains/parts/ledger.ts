import { sql } from 'kysely';
import type { MovementPage, StockMovement } from '../../../shared/stock.ts';
import type { Executor } from '../../db/index.ts';
import { encodeCursor, pageOf, timestampKey, olderThanCursor } from '../../lib/paging.ts';

/**
 * The stock ledger (docs/parts.md#the-ledger): one row per movement, never changed afterwards. A
 * part's on_hand is the sum of its rows; both are written in one transaction while the part's row
 * is locked (service.ts), so the two cannot drift apart.
 */

export { recordMovement, type NewMovement } from '../../lib/stock-ledger.ts';

/** A part's movements with the balance after each, in the ledger's order (oldest first). */
function withBalances(db: Executor, partId: string) {
  return db
    .selectFrom('stock_movements')
    .select(['id', 'part_id', 'kind', 'quantity', 'reason', 'supplier_id', 'created_by', 'created_at'])
    .select(sql<string>`sum(quantity) OVER (ORDER BY created_at, id)`.as('balance'))
    .where('part_id', '=', partId)
    .as('m');
}

function movementsOf(db: Executor, partId: string) {
  return db
    .selectFrom(withBalances(db, partId))
    .leftJoin('suppliers as s', 's.id', 'm.supplier_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .select(['m.id', 'm.part_id', 'm.kind', 'm.quantity', 'm.balance', 'm.reason', 'm.supplier_id', 's.name as supplier_name', 'u.first_name', 'u.last_name', 'u.email', 'm.created_at'])
    .select(timestampKey('m.created_at').as('sort_key'));
}

type MovementRow = Awaited<ReturnType<ReturnType<typeof movementsOf>['executeTakeFirstOrThrow']>>;

function toMovement(row: MovementRow): StockMovement {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return {
    id: row.id,
    partId: row.part_id,
    kind: row.kind,
    quantity: row.quantity,
    balance: Number(row.balance),
    reason: row.reason,
    supplierId: row.supplier_id,
    supplierName: row.supplier_name,
    movedBy: name || row.email,
    createdAt: row.created_at,
  };
}

/** A part's history, newest first, a keyset page at a time. */
export async function movementPage(db: Executor, partId: string, page: { cursor?: string | null; limit: number }): Promise<MovementPage> {
  let query = movementsOf(db, partId).orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(page.limit + 1);
  if (page.cursor) query = query.where(olderThanCursor(page.cursor, 'm.created_at', 'm.id'));
  const rows = await query.execute();
  return pageOf(rows, page.limit, toMovement, (row) => encodeCursor(row.sort_key, row.id));
}

/** The movement just recorded, whose balance is the on-hand figure it left. */
export async function movementOf(db: Executor, id: string, balance: number): Promise<StockMovement> {
  const row = await db
    .selectFrom('stock_movements as m')
    .leftJoin('suppliers as s', 's.id', 'm.supplier_id')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .select(['m.id', 'm.part_id', 'm.kind', 'm.quantity', 'm.reason', 'm.supplier_id', 's.name as supplier_name', 'u.first_name', 'u.last_name', 'u.email', 'm.created_at'])
    .select(timestampKey('m.created_at').as('sort_key'))
    .where('m.id', '=', id)
    .executeTakeFirstOrThrow();
  return toMovement({ ...row, balance: String(balance) });
}

/** The ledger's sum of a part: what its on_hand must equal. */
export async function ledgerSum(db: Executor, partId: string): Promise<number> {
  const row = await db
    .selectFrom('stock_movements')
    .select(sql<string>`coalesce(sum(quantity), 0)::text`.as('total'))
    .where('part_id', '=', partId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
