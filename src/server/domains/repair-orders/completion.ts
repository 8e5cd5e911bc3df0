import { sql } from 'kysely';
import { lineAmountCents } from '../../../shared/repair-order-totals.ts';
import type { Executor } from '../../db/index.ts';
import { raiseOdometer } from '../../lib/garage-odometer.ts';
import { pricedLine, type LineRow, type OrderRow } from './repository.ts';

/**
 * What a completed order writes into the owner's history (docs/repair-orders.md#completion): each
 * approved labour line becomes a completed service record of the vehicle, with its service type and
 * component (so the garage's due list resets), the order's mileage, the shop and the technician;
 * its cost is the labour line's amount plus the parts listed under it (before the next labour line).
 * The shop sees the records in its customer vehicle's history too; the appointment the order came
 * from is completed with the order's total.
 */

/** Labour lines with the parts that follow each, declined lines left out. */
export function workGroups(lines: readonly LineRow[]): { labor: LineRow; costCents: number }[] {
  const groups: { labor: LineRow; costCents: number }[] = [];
  for (const line of lines) {
    if (line.decision === 'declined') continue;
    if (line.kind === 'labor') groups.push({ labor: line, costCents: lineAmountCents(pricedLine(line)) });
    else if (line.kind === 'part' && groups.length > 0) groups[groups.length - 1]!.costCents += lineAmountCents(pricedLine(line));
  }
  return groups;
}

function dollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export async function writeHistory(db: Executor, order: OrderRow, lines: readonly LineRow[], actorId: string): Promise<void> {
  for (const { labor, costCents } of workGroups(lines)) {
    const record = await db
      .insertInto('service_records')
      .values({
        vehicle_id: order.vehicle_id,
        user_id: order.customer_user_id,
        component_id: labor.component_id,
        service_type: labor.service_type ?? labor.description,
        description: labor.description,
        mileage: order.mileage === null ? null : String(order.mileage),
        mileage_value: order.mileage,
        date: sql<Date>`now()`,
        status: 'completed',
        cost: dollars(costCents),
        notes: `Repair order #${order.number}`,
        technician_id: labor.technician_id ?? actorId,
        service_center_id: order.service_center_id,
        customer_vehicle_id: order.customer_vehicle_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('repair_order_lines').set({ service_record_id: record.id }).where('id', '=', labor.id).execute();
  }
  if (order.customer_user_id && order.mileage !== null) await raiseOdometer(db, order.customer_user_id, order.vehicle_id, [{ mileage: order.mileage }]);
  if (order.customer_vehicle_id && order.mileage !== null) {
    await db.updateTable('shop_customer_vehicles').set({ odometer: order.mileage }).where('id', '=', order.customer_vehicle_id).where((eb) => eb.or([eb('odometer', 'is', null), eb('odometer', '<', order.mileage)])).execute();
  }
  if (order.appointment_id) {
    await db
      .updateTable('service_appointments')
      .set({ status: 'completed', actual_cost: dollars(order.total_cents) })
      .where('id', '=', order.appointment_id)
      .where('status', 'not in', ['cancelled', 'no_show'])
      .execute();
  }
}
