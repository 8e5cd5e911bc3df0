import type { Selectable } from 'kysely';
import type { Vehicle } from '../../shared/vehicles.ts';
import type { Executor } from '../db/index.ts';
import type { VehiclesTable } from '../db/schema.ts';

/** A vehicle as every domain answers it: the explicit columns and their API shape, written once. */
export const vehicleColumns = [
  'id',
  'vin',
  'year',
  'make',
  'model',
  'trim',
  'engine',
  'transmission',
  'drivetrain',
  'body_style',
  'created_at',
  'updated_at',
] as const;

type VehicleColumns = Pick<Selectable<VehiclesTable>, (typeof vehicleColumns)[number]>;

export function toVehicle(row: VehicleColumns): Vehicle {
  return {
    id: row.id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    engine: row.engine,
    transmission: row.transmission,
    drivetrain: row.drivetrain,
    bodyStyle: row.body_style,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findVehicleById(db: Executor, id: string): Promise<Vehicle | null> {
  const row = await db.selectFrom('vehicles').select(vehicleColumns).where('id', '=', id).executeTakeFirst();
  return row ? toVehicle(row) : null;
}

/** The vehicles of these ids, by id (one query however many rows name them). */
export async function vehiclesById(db: Executor, ids: Iterable<string>): Promise<Map<string, Vehicle>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('vehicles').select(vehicleColumns).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, toVehicle(row)]));
}

export async function componentBelongsTo(db: Executor, componentId: string, vehicleId: string): Promise<boolean> {
  const row = await db.selectFrom('vehicle_components').select('id').where('id', '=', componentId).where('vehicle_id', '=', vehicleId).executeTakeFirst();
  return row !== undefined;
}
