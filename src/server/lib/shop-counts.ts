import { sql, type SqlBool } from 'kysely';
import type { Executor } from '../db/index.ts';

/** One counter of a shop: its rows of `entity` with this status (and priority; '' for appointments). */
export interface ShopCount {
  status: string;
  priority: string;
  n: number;
}

/**
 * A shop's inquiries or appointments counted by status and priority, as the triggers of migrations
 * 0003 and 0031 keep them on every write: a few rows to read whatever the shop's size.
 */
export async function shopCounts(db: Executor, serviceCenterId: string, entity: 'inquiry' | 'appointment'): Promise<ShopCount[]> {
  const rows = await db
    .selectFrom('shop_counts')
    .select(['status', 'priority', 'n'])
    .where('service_center_id', '=', serviceCenterId)
    .where('entity', '=', entity)
    .where(sql<SqlBool>`n <> 0`)
    .execute();
  return rows.map((row) => ({ status: row.status, priority: row.priority, n: Number(row.n) }));
}

/** The sum of the counts that `match` takes. */
export const countWhere = (counts: ShopCount[], match: (count: ShopCount) => boolean = () => true): number =>
  counts.reduce((total, count) => (match(count) ? total + count.n : total), 0);
