import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

/** A mileage read on a vehicle: `day` is when (a record's or a fill-up's date), none for now. */
export interface OdometerReading {
  mileage: number;
  day?: string;
}

/**
 * Raises a garage entry's odometer to the highest of newly recorded readings; never lowers it. A
 * reading dated before the odometer was replaced was read on the old one and leaves the new one as
 * it is (docs/garage.md); one without a day is taken now (a repair order completed today). A typed
 * record or fill-up passes one reading, an import all of its rows' (bounded by the import's size).
 */
export async function raiseOdometer(db: Executor, userId: string, vehicleId: string, readings: readonly OdometerReading[]): Promise<void> {
  if (readings.length === 0) return;
  const highest = sql<number>`(SELECT max(r.mileage) FROM jsonb_to_recordset(${JSON.stringify(readings)}::jsonb) AS r(day date, mileage integer)
    WHERE r.day IS NULL OR g.odometer_replaced_at IS NULL OR (g.odometer_replaced_at AT TIME ZONE 'UTC')::date <= r.day)`;
  await db
    .updateTable('garage_vehicles as g')
    .set({ odometer: highest, odometer_updated_at: sql<Date>`now()` })
    .where('g.user_id', '=', userId)
    .where('g.vehicle_id', '=', vehicleId)
    .where(sql<boolean>`g.odometer < ${highest}`)
    .execute();
}
