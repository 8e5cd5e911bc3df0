import { randomInt } from 'node:crypto';
import type { RepairOrderStatus } from '../../src/shared/repair-orders.ts';
import type { Vehicle } from '../../src/shared/vehicles.ts';
import type { Database } from '../../src/server/db/index.ts';
import { insertDecodedVehicle } from '../../src/server/domains/vehicles/repository.ts';

/** Fixtures of the Parts List tab's tests: vehicles of a chosen fitment, repair orders written directly. */

const VIN_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A stored vehicle (as a decode stores it) of this year, make, model and engine, under a fresh VIN. */
export async function storeVehicle(db: Database, fields: { year: number; make: string; model: string; engine?: string | null }): Promise<Vehicle> {
  const vin = Array.from({ length: 17 }, () => VIN_LETTERS[randomInt(VIN_LETTERS.length)]).join('');
  const vehicle = await insertDecodedVehicle(db, {
    vin,
    year: fields.year,
    make: fields.make,
    model: fields.model,
    trim: null,
    engine: fields.engine ?? null,
    transmission: null,
    drivetrain: null,
    bodyStyle: 'Sedan',
    details: {},
  });
  if (!vehicle) throw new Error('vehicle not stored');
  return vehicle;
}

export interface TestLine {
  kind?: 'part' | 'labor' | 'fee';
  partNumber?: string | null;
  description: string;
  quantity?: number;
  decision?: 'approved' | 'declined' | null;
}

let nextNumber = 1;

/**
 * A repair order of a shop for a customer's vehicle in `status`, with its lines, inserted into the
 * tables as the repair-order domain leaves them (no procedure): what the owner's list reads.
 */
export async function insertRepairOrder(
  db: Database,
  order: { serviceCenterId: string; vehicleId: string; customerUserId: string | null; status: RepairOrderStatus; completedAt?: Date | null; lines: TestLine[] },
): Promise<string> {
  const row = await db
    .insertInto('repair_orders')
    .values({
      service_center_id: order.serviceCenterId,
      number: nextNumber++,
      vehicle_id: order.vehicleId,
      customer_user_id: order.customerUserId,
      customer_name: 'Test Customer',
      status: order.status,
      completed_at: order.completedAt ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, line] of order.lines.entries()) {
    const kind = line.kind ?? 'part';
    await db
      .insertInto('repair_order_lines')
      .values({
        repair_order_id: row.id,
        position,
        kind,
        description: line.description,
        part_number: kind === 'part' ? (line.partNumber ?? null) : null,
        quantity: kind === 'part' ? (line.quantity ?? 1) : null,
        unit_price_cents: kind === 'part' ? 1_000 : null,
        service_type: kind === 'labor' ? line.description : null,
        hours_hundredths: kind === 'labor' ? 100 : null,
        rate_cents: kind === 'labor' ? 12_000 : null,
        amount_cents: kind === 'fee' ? 500 : null,
        decision: line.decision ?? null,
      })
      .execute();
  }
  return row.id;
}
