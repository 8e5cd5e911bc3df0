import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { GarageRole } from '../../shared/garage.ts';
import type { Executor } from '../db/index.ts';
import { domainError } from '../http/errors.ts';

/**
 * Who may do what with a garage vehicle and its history (docs/garage.md#sharing): the one place the
 * rule lives. The owner may do everything; a household member the owner shared it with reads it
 * (viewer) or also keeps its history (editor). Anyone else finds nothing (404); a member asking
 * for more than their part gets 403.
 */
export type GarageNeed = 'read' | 'edit' | 'own';

export interface GarageAccess {
  garageVehicleId: string;
  /** The owner: whose history (user_id of records, fuel and expenses) the vehicle's is. */
  ownerId: string;
  /** The stored (catalogue) vehicle. */
  vehicleId: string;
  role: GarageRole;
}

/**
 * Which garage entry: by its id; by the stored vehicle as the caller sees it in My Garage (one
 * entry per stored vehicle, own or shared, decision 106); or the entry a history row belongs to.
 */
export type GarageRef = { id: string } | { vehicleId: string } | { ownerId: string; vehicleId: string };

const RANK: Readonly<Record<GarageRole, number>> = { viewer: 0, editor: 1, owner: 2 };
const NEEDED: Readonly<Record<GarageNeed, GarageRole>> = { read: 'viewer', edit: 'editor', own: 'owner' };

export const garageNotFound = () => domainError('NOT_FOUND', 'Vehicle not found in your garage');

/** The caller's access to a garage entry, or null when they have none (a stranger). */
export async function findGarageAccess(db: Executor, userId: string, ref: GarageRef): Promise<GarageAccess | null> {
  const me = sql`${userId}::uuid`;
  const where =
    'id' in ref
      ? sql`g.id = ${ref.id}::uuid`
      : 'ownerId' in ref
        ? sql`g.user_id = ${ref.ownerId}::uuid AND g.vehicle_id = ${ref.vehicleId}::uuid`
        : sql`g.vehicle_id = ${ref.vehicleId}::uuid`;
  const result = await sql<{ id: string; user_id: string; vehicle_id: string; role: GarageRole }>`
    SELECT g.id, g.user_id, g.vehicle_id, CASE WHEN g.user_id = ${me} THEN 'owner' ELSE s.role END AS role
    FROM garage_vehicles g
    LEFT JOIN garage_vehicle_shares s ON s.garage_vehicle_id = g.id AND s.user_id = ${me}
    WHERE ${where} AND (g.user_id = ${me} OR s.user_id IS NOT NULL)
    ORDER BY (g.user_id = ${me}) DESC, s.created_at
    LIMIT 1`.execute(db);
  const row = result.rows[0];
  return row ? { garageVehicleId: row.id, ownerId: row.user_id, vehicleId: row.vehicle_id, role: row.role } : null;
}

/** True when a part is enough for a need. */
export function roleAllows(role: GarageRole, need: GarageNeed): boolean {
  return RANK[role] >= RANK[NEEDED[need]];
}

const TOO_SMALL: Readonly<Record<GarageNeed, string>> = {
  read: 'You cannot read this vehicle',
  edit: 'This vehicle is shared with you to view only: ask its owner to make you an editor',
  own: 'Only the vehicle\u2019s owner can do this',
};

/** 403 unless the part is enough for the need. */
export function requireGarageRole(access: GarageAccess, need: GarageNeed): GarageAccess {
  if (!roleAllows(access.role, need)) throw domainError('FORBIDDEN', TOO_SMALL[need]);
  return access;
}

/** The caller's access for a need: 404 for a stranger, 403 for a member whose part is too small. */
export async function garageVehicleAccess(db: Executor, userId: string, ref: GarageRef, need: GarageNeed): Promise<GarageAccess> {
  const access = await findGarageAccess(db, userId, ref);
  if (!access) throw garageNotFound();
  return requireGarageRole(access, need);
}

/**
 * A history row (a fuel entry, an expense) the caller may reach for a need, given whose history it
 * is: `missing` (the row's own 404) for a stranger, 403 for a member whose part is too small.
 */
export async function historyRowAccess(
  db: Executor,
  userId: string,
  row: { ownerId: string; vehicleId: string },
  need: GarageNeed,
  missing: () => Error,
): Promise<GarageAccess> {
  const access = await findGarageAccess(db, userId, { ownerId: row.ownerId, vehicleId: row.vehicleId });
  if (!access) throw missing();
  return requireGarageRole(access, need);
}

/**
 * A history row (aliased `alias`, with user_id and vehicle_id) of a vehicle shared with the user:
 * the SQL form of 'read' for lists (records, files), so they need no query per row.
 */
export function sharedHistoryOf(userId: string, alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`EXISTS (
    SELECT 1 FROM garage_vehicle_shares s JOIN garage_vehicles g ON g.id = s.garage_vehicle_id
    WHERE s.user_id = ${userId}::uuid AND g.user_id = ${sql.ref(`${alias}.user_id`)} AND g.vehicle_id = ${sql.ref(`${alias}.vehicle_id`)})`;
}

/** Garage entries the user reads (`g` aliased): their own and those shared with them. */
export function garageReadableBy(userId: string, alias = 'g'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.user_id`)} = ${userId}::uuid OR ${sql.ref(`${alias}.id`)} IN (SELECT garage_vehicle_id FROM garage_vehicle_shares WHERE user_id = ${userId}::uuid))`;
}
