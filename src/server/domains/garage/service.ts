import type { AddToGarageValues, GarageVehicle } from '../../../shared/garage.ts';
import type { Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { insertGarageVehicle } from './repository.ts';

export const garageNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');

/** Saves an identified vehicle once per user. */
export async function addToGarage(db: Executor, userId: string, values: AddToGarageValues): Promise<GarageVehicle> {
  if (!(await findVehicleById(db, values.vehicleId))) throw domainError('NOT_FOUND', 'Vehicle not found');
  const entry = await insertGarageVehicle(db, userId, values);
  if (!entry) throw domainError('CONFLICT', 'This vehicle is already in your garage');
  return entry;
}
