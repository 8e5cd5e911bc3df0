import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

/**
 * Raises a garage entry's odometer to a newly recorded mileage; never lowers it. `day` is the
 * calendar day the reading was taken (a record's or a fill-up's date): a reading dated before the
 * odometer was replaced was read on the old one and leaves the new one as it is (docs/garage.md).
 * Without `day` the reading is taken now (a repair order completed today).
 */
export async function raiseOdometer(db: Executor, userId: string, vehicleId: string, mileage: number, day?: string): Promise<void> {
  let update = db
    .updateTable('garage_vehicles')
    .set({ odometer: mileage, odometer_updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('odometer', '<', mileage);
  if (day !== undefined) {
    update = update.where((eb) => eb.or([eb('odometer_replaced_at', 'is', null), eb(sql`(odometer_replaced_at AT TIME ZONE 'UTC')::date`, '<=', sql`${day}::date`)]));
  }
  await update.execute();
}
