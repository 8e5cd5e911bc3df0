import type { User } from '../../shared/auth.ts';
import type { Executor } from '../db/index.ts';
import { domainError } from '../http/errors.ts';
import { garageVehicleAccess } from './garage-access.ts';
import { requireShopAccess } from './shop-access.ts';

/** A vehicle of one of the shop's customers, with its customer and the account it is linked to (if any). */
export function shopCustomerVehicle(db: Executor, serviceCenterId: string, customerVehicleId: string) {
  return db
    .selectFrom('shop_customer_vehicles as cv')
    .innerJoin('shop_customers as c', 'c.id', 'cv.customer_id')
    .select(['cv.id', 'cv.vehicle_id', 'cv.garage_vehicle_id', 'cv.odometer', 'c.id as customer_id', 'c.user_id', 'c.name'])
    .where('cv.id', '=', customerVehicleId)
    .where('c.service_center_id', '=', serviceCenterId)
    .executeTakeFirst();
}

/** The shop's customers' vehicles of one catalogue vehicle: whose car a new inspection or scan may be. */
export function shopVehiclesOf(db: Executor, serviceCenterId: string, vehicleId: string) {
  return db
    .selectFrom('shop_customer_vehicles as cv')
    .innerJoin('shop_customers as c', 'c.id', 'cv.customer_id')
    .select(['cv.id', 'cv.plate', 'c.name'])
    .where('c.service_center_id', '=', serviceCenterId)
    .where('cv.vehicle_id', '=', vehicleId)
    .orderBy('c.name')
    .limit(50)
    .execute();
}

export interface VehicleOwner {
  /** Whose garage and history the row joins (null: a shop customer without an account). */
  userId: string | null;
  serviceCenterId: string | null;
  customerVehicleId: string | null;
  /** The odometer the shop last noted, for a default mileage. */
  odometer: number | null;
}

/**
 * Whose vehicle a new row about it (an inspection, a diagnostic session) is, and whether the caller
 * may write it: staff ('work') name their shop and one of its customers' vehicles, which must be of
 * this catalogue vehicle (else 404); without them it is the caller's own garage vehicle (owners and
 * editors; the row joins the owner's history). Half of the pair: 400.
 */
export async function vehicleOwnerFor(
  db: Executor,
  user: User,
  target: { vehicleId: string; serviceCenterId?: string; customerVehicleId?: string },
): Promise<VehicleOwner> {
  if (target.serviceCenterId || target.customerVehicleId) {
    if (!target.serviceCenterId || !target.customerVehicleId) throw domainError('BAD_REQUEST', 'A shop names both serviceCenterId and customerVehicleId');
    await requireShopAccess(db, user, target.serviceCenterId, 'work');
    const vehicle = await shopCustomerVehicle(db, target.serviceCenterId, target.customerVehicleId);
    if (!vehicle || vehicle.vehicle_id !== target.vehicleId) throw domainError('NOT_FOUND', 'Vehicle not found among this shop\u2019s customers');
    return { userId: vehicle.user_id, serviceCenterId: target.serviceCenterId, customerVehicleId: vehicle.id, odometer: vehicle.odometer };
  }
  const access = await garageVehicleAccess(db, user.id, { vehicleId: target.vehicleId }, 'edit');
  return { userId: access.ownerId, serviceCenterId: null, customerVehicleId: null, odometer: null };
}
