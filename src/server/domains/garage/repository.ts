import { sql, type Selectable } from 'kysely';
import type { GarageRole, GarageVehicle, KnownService, OdometerCorrection } from '../../../shared/garage.ts';
import type { Executor } from '../../db/index.ts';
import type { GarageVehiclesTable } from '../../db/schema.ts';
import { garageReadableBy } from '../../lib/garage-access.ts';
import { vehiclesById } from '../../lib/vehicles.ts';

const garageColumns = [
  'id',
  'vehicle_id',
  'nickname',
  'odometer',
  'odometer_updated_at',
  'odometer_offset',
  'known_services',
  'created_at',
  'updated_at',
] as const;
type GarageRow = Pick<Selectable<GarageVehiclesTable>, (typeof garageColumns)[number]> & { access?: GarageRole; shared_by?: string | null };

/**
 * The highest mileage on record for each garage row: its odometer, or a completed record or a
 * fill-up of the owner's entered since the last odometer correction (a correction settles
 * everything before it).
 */
async function highestMileages(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await sql<{ id: string; highest: number }>`
    SELECT g.id, greatest(
      g.odometer,
      coalesce((SELECT max(r.mileage_value) FROM service_records r
                WHERE r.user_id = g.user_id AND r.vehicle_id = g.vehicle_id AND r.status = 'completed'
                  AND r.mileage_value IS NOT NULL AND r.created_at > c.since
                  -- A service dated before a replaced odometer was read on the old one, as a fill below.
                  AND (g.odometer_replaced_at IS NULL OR (r.date AT TIME ZONE 'UTC')::date >= (g.odometer_replaced_at AT TIME ZONE 'UTC')::date)), 0),
      coalesce((SELECT max(f.odometer) FROM fuel_entries f
                WHERE f.user_id = g.user_id AND f.vehicle_id = g.vehicle_id AND f.created_at > c.since
                  -- A fill dated before a replaced odometer was read on the old one.
                  AND (g.odometer_replaced_at IS NULL OR f.date >= (g.odometer_replaced_at AT TIME ZONE 'UTC')::date)), 0)
    )::int AS highest
    FROM garage_vehicles g
    CROSS JOIN LATERAL (
      SELECT coalesce(max(created_at), '-infinity'::timestamptz) AS since FROM garage_odometer_corrections WHERE garage_vehicle_id = g.id
    ) c
    WHERE g.id IN (${sql.join(ids.map((id) => sql`${id}::uuid`))})`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row.highest]));
}

/** Garage rows with their vehicles, read in two queries however many rows there are. */
async function withVehicles(db: Executor, rows: GarageRow[]): Promise<GarageVehicle[]> {
  const [vehicles, highest] = await Promise.all([
    vehiclesById(
      db,
      rows.map((row) => row.vehicle_id),
    ),
    highestMileages(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.flatMap((row) => {
    const vehicle = vehicles.get(row.vehicle_id);
    return vehicle
      ? [
          {
            id: row.id,
            nickname: row.nickname,
            odometer: row.odometer,
            odometerUpdatedAt: row.odometer_updated_at,
            highestMileage: highest.get(row.id) ?? row.odometer,
            odometerOffset: row.odometer_offset,
            knownServices: row.known_services,
            vehicle,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
            access: row.access ?? 'owner',
            sharedBy: row.shared_by ?? null,
          },
        ]
      : [];
  });
}

/** The garage entries the user sees, own and shared, with the user's part and who shared each. */
function readableGarage(db: Executor, userId: string) {
  return db
    .selectFrom('garage_vehicles as g')
    .innerJoin('users as o', 'o.id', 'g.user_id')
    .leftJoin('garage_vehicle_shares as s', (join) => join.onRef('s.garage_vehicle_id', '=', 'g.id').on('s.user_id', '=', userId))
    .select(garageColumns.map((column) => `g.${column}` as const))
    .select([
      sql<GarageRole>`CASE WHEN g.user_id = ${userId}::uuid THEN 'owner' ELSE s.role END`.as('access'),
      sql<string | null>`CASE WHEN g.user_id = ${userId}::uuid THEN NULL
        ELSE coalesce(nullif(trim(concat_ws(' ', o.first_name, o.last_name)), ''), o.email) END`.as('shared_by'),
    ])
    .where(garageReadableBy(userId));
}

/** My Garage: the user's own vehicles, then those shared with them, each in the order saved. */
export async function listGarage(db: Executor, userId: string): Promise<GarageVehicle[]> {
  const rows = await readableGarage(db, userId)
    .orderBy(sql`g.user_id = ${userId}::uuid`, 'desc')
    .orderBy('g.created_at')
    .orderBy('g.id')
    .limit(500)
    .execute();
  return withVehicles(db, rows);
}

/** One entry the user sees (own or shared); null for anyone else's. */
export async function findGarageVehicle(db: Executor, userId: string, id: string): Promise<GarageVehicle | null> {
  const row = await readableGarage(db, userId).where('g.id', '=', id).executeTakeFirst();
  return row ? ((await withVehicles(db, [row]))[0] ?? null) : null;
}

/** Undefined when the vehicle is already in the user's garage. */
export async function insertGarageVehicle(
  db: Executor,
  userId: string,
  values: { vehicleId: string; nickname: string; odometer: number; lastKnown: KnownService[] },
): Promise<GarageVehicle | undefined> {
  const row = await db
    .insertInto('garage_vehicles')
    .values({
      user_id: userId,
      vehicle_id: values.vehicleId,
      nickname: values.nickname,
      odometer: values.odometer,
      tracking_odometer: values.odometer,
      known_services: JSON.stringify(values.lastKnown),
    })
    .onConflict((oc) => oc.columns(['user_id', 'vehicle_id']).doNothing())
    .returning(garageColumns)
    .executeTakeFirst();
  return row ? (await withVehicles(db, [row]))[0] : undefined;
}

/** Changes an entry whose access the caller checked (lib/garage-access.ts). */
export async function updateGarageVehicle(
  db: Executor,
  id: string,
  patch: { nickname?: string; odometer?: number; replacedOffset?: number; typo?: boolean },
): Promise<GarageVehicle | null> {
  const row = await db
    .updateTable('garage_vehicles')
    .set({
      ...(patch.nickname !== undefined && { nickname: patch.nickname }),
      ...(patch.odometer !== undefined && { odometer: patch.odometer, odometer_updated_at: sql<Date>`now()` }),
      ...(patch.replacedOffset !== undefined && { odometer_offset: patch.replacedOffset, odometer_replaced_at: sql<Date>`now()` }),
      // A typo at saving was the start of tracking too: tracking starts from the corrected reading.
      ...(patch.typo && patch.odometer !== undefined && { tracking_odometer: sql<number>`least(tracking_odometer, ${patch.odometer})` }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returning(garageColumns)
    .executeTakeFirst();
  return row ? ((await withVehicles(db, [row]))[0] ?? null) : null;
}

export async function insertOdometerCorrection(
  db: Executor,
  values: { garageVehicleId: string; from: number; to: number; reason: OdometerCorrection },
): Promise<void> {
  await db
    .insertInto('garage_odometer_corrections')
    .values({ garage_vehicle_id: values.garageVehicleId, from_mileage: values.from, to_mileage: values.to, reason: values.reason })
    .execute();
}

/** Removes an entry the caller owns (checked by the caller); its shares go with it. */
export async function deleteGarageVehicle(db: Executor, id: string): Promise<boolean> {
  const result = await db.deleteFrom('garage_vehicles').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
