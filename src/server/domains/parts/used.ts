import { sql } from 'kysely';
import { FINISHED_ORDER_STATUSES, PARTS_USED_LIMIT, type PartsUsed } from '../../../shared/vehicle-parts.ts';
import type { Executor } from '../../db/index.ts';

/**
 * The parts fitted to an owner's car (docs/parts.md#parts-list-tab): the part lines the customer did
 * not decline, of the repair orders of this vehicle whose customer is the owner and whose work is
 * done (completed, invoiced or paid), newest first. Read from the repair-order tables directly: a
 * line keeps its part number and description as the order priced them, whatever the catalogue's
 * part became since.
 */
export async function partsUsedOn(db: Executor, ownerId: string, vehicleId: string): Promise<PartsUsed> {
  const done = sql<Date>`coalesce(o.completed_at, o.updated_at)`;
  const rows = await db
    .selectFrom('repair_order_lines as l')
    .innerJoin('repair_orders as o', 'o.id', 'l.repair_order_id')
    .innerJoin('service_centers as c', 'c.id', 'o.service_center_id')
    .select(['l.id', 'l.repair_order_id', 'o.number', 'c.name as shop_name', done.as('done_at'), 'l.part_number', 'l.description', 'l.quantity'])
    .where('o.customer_user_id', '=', ownerId)
    .where('o.vehicle_id', '=', vehicleId)
    .where('o.status', 'in', FINISHED_ORDER_STATUSES)
    .where('l.kind', '=', 'part')
    .where((eb) => eb.or([eb('l.decision', 'is', null), eb('l.decision', '<>', 'declined')]))
    .orderBy(done, 'desc')
    .orderBy('o.number', 'desc')
    .orderBy('l.position')
    .orderBy('l.id')
    .limit(PARTS_USED_LIMIT + 1)
    .execute();
  return {
    items: rows.slice(0, PARTS_USED_LIMIT).map((row) => ({
      id: row.id,
      repairOrderId: row.repair_order_id,
      orderNumber: row.number,
      shopName: row.shop_name,
      date: new Date(row.done_at),
      partNumber: row.part_number,
      description: row.description,
      // A part line always has a quantity (migration 0025's check).
      quantity: row.quantity ?? 1,
    })),
    more: rows.length > PARTS_USED_LIMIT,
  };
}
