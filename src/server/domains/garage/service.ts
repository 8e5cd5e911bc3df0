import type { AddToGarageValues, GarageVehicle, OdometerCorrection } from '../../../shared/garage.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { findGarageAccess, garageNotFound, garageVehicleAccess } from '../../lib/garage-access.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { findGarageVehicle, insertGarageVehicle, insertOdometerCorrection, updateGarageVehicle } from './repository.ts';

export { garageNotFound };

/**
 * Saves an identified vehicle once per user, with what the owner knows of its last services;
 * whatever is not known counts from today and this odometer.
 */
export async function addToGarage(db: Executor, userId: string, values: AddToGarageValues): Promise<GarageVehicle> {
  if (!(await findVehicleById(db, values.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
  const shared = await findGarageAccess(db, userId, { vehicleId: values.vehicleId });
  if (shared && shared.role !== 'owner') throw domainError('CONFLICT', 'This vehicle is already shared with you: it is in your garage');
  const entry = await insertGarageVehicle(db, userId, values);
  if (!entry) throw domainError('CONFLICT', 'This vehicle is already in your garage');
  return entry;
}

const miles = (value: number) => `${value.toLocaleString('en-US')} mi`;

/**
 * Renames a saved vehicle or sets its odometer (its owner or an editor). A reading below the highest recorded mileage is
 * refused unless the owner says why: a replaced odometer (the miles shown on the old one keep
 * counting for what is due) or a typo; either way the correction is kept.
 */
export async function updateGarage(
  db: Database,
  userId: string,
  id: string,
  patch: { nickname?: string; odometer?: number; odometerCorrection?: OdometerCorrection },
): Promise<GarageVehicle> {
  return db.transaction().execute(async (trx) => {
    await garageVehicleAccess(trx, userId, { id }, 'edit');
    await trx.selectFrom('garage_vehicles').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    const current = await findGarageVehicle(trx, userId, id);
    if (!current) throw garageNotFound();
    let replacedOffset: number | undefined;
    let typo = false;
    if (patch.odometer !== undefined && patch.odometer < current.highestMileage) {
      if (!patch.odometerCorrection) {
        throw domainError(
          'BAD_REQUEST',
          `${miles(patch.odometer)} is below the highest recorded mileage (${miles(current.highestMileage)}): set odometerCorrection to replaced (a new odometer) or typo (an earlier reading was wrong)`,
          { field: 'odometerCorrection', highestMileage: current.highestMileage },
        );
      }
      typo = patch.odometerCorrection === 'typo';
      if (patch.odometerCorrection === 'replaced') replacedOffset = current.odometerOffset + current.highestMileage - patch.odometer;
      await insertOdometerCorrection(trx, { garageVehicleId: id, from: current.highestMileage, to: patch.odometer, reason: patch.odometerCorrection });
    }
    if (!(await updateGarageVehicle(trx, id, { nickname: patch.nickname, odometer: patch.odometer, replacedOffset, typo }))) throw garageNotFound();
    const entry = await findGarageVehicle(trx, userId, id);
    if (!entry) throw garageNotFound();
    return entry;
  });
}
