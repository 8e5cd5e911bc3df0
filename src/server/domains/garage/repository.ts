import { sql, type Selectable } from 'kysely';
import type { GarageVehicle } from '../../../shared/garage.ts';
import type { Executor } from '../../db/index.ts';
import type { GarageVehiclesTable } from '../../db/schema.ts';
import { vehiclesById } from '../../lib/vehicles.ts';

const garageColumns = ['id', 'vehicle_id', 'nickname', 'odometer', 'odometer_updated_at', 'created_at', 'updated_at'] as const;
type GarageRow = Pick<Selectable<GarageVehiclesTable>, (typeof garageColumns)[number]>;

/** Garage rows with their vehicles, read in one query however many rows there are. */
async function withVehicles(db: Executor, rows: GarageRow[]): Promise<GarageVehicle[]> {
  const vehicles = await vehiclesById(
    db,
    rows.map((row) => row.vehicle_id),
  );
  return rows.flatMap((row) => {
    const vehicle = vehicles.get(row.vehicle_id);
    return vehicle
      ? [
          {
            id: row.id,
            nickname: row.nickname,
            odometer: row.odometer,
            odometerUpdatedAt: row.odometer_updated_at,
            vehicle,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          },
        ]
      : [];
  });
}

export async function listGarage(db: Executor, userId: string): Promise<GarageVehicle[]> {
  const rows = await db.selectFrom('garage_vehicles').select(garageColumns).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  return withVehicles(db, rows);
}

export async function findGarageVehicle(db: Executor, userId: string, id: string): Promise<GarageVehicle | null> {
  const row = await db.selectFrom('garage_vehicles').select(garageColumns).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row ? ((await withVehicles(db, [row]))[0] ?? null) : null;
}

/** Undefined when the vehicle is already in the user's garage. */
export async function insertGarageVehicle(
  db: Executor,
  userId: string,
  values: { vehicleId: string; nickname: string; odometer: number },
): Promise<GarageVehicle | undefined> {
  const row = await db
    .insertInto('garage_vehicles')
    .values({ user_id: userId, vehicle_id: values.vehicleId, nickname: values.nickname, odometer: values.odometer })
    .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
    .returning(garageColumns)
    .executeTakeFirst();
  return row ? (await withVehicles(db, [row]))[0] : undefined;
}

export async function updateGarageVehicle(
  db: Executor,
  userId: string,
  id: string,
  patch: { nickname?: string; odometer?: number },
): Promise<GarageVehicle | null> {
  const row = await db
    .updateTable('garage_vehicles')
    .set({
      ...(patch.nickname !== undefined && { nickname: patch.nickname }),
      ...(patch.odometer !== undefined && { odometer: patch.odometer, odometer_updated_at: sql<Date>`now()` }),
      updated_at: sql<Date>`now()`,
    })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returning(garageColumns)
    .executeTakeFirst();
  return row ? ((await withVehicles(db, [row]))[0] ?? null) : null;
}

export async function deleteGarageVehicle(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('garage_vehicles').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
