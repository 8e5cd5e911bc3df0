import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

/** The tables whose rows a shop numbers on its own (#1, #2, ...): `UNIQUE (service_center_id, number)`. */
export type ShopNumbered = 'repair_orders' | 'purchase_orders';

/**
 * The shop's next number in `table`. The shop's row is locked for the rest of the transaction, so
 * two rows created at once get consecutive numbers instead of one failing on the unique key.
 */
export async function nextShopNumber(db: Executor, table: ShopNumbered, serviceCenterId: string): Promise<number> {
  await db.selectFrom('service_centers').select('id').where('id', '=', serviceCenterId).forUpdate().executeTakeFirst();
  const row = await db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
    .where('service_center_id', '=', serviceCenterId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}
