import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

/** Raises a garage entry's odometer to a newly recorded mileage; never lowers it. */
export async function raiseOdometer(db: Executor, userId: string, vehicleId: string, mileage: number): Promise<void> {
  await db
    .updateTable('garage_vehicles')
    .set({ odometer: mileage, odometer_updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('vehicle_id', '=', vehicleId)
    .where('odometer', '<', mileage)
    .execute();
}
