import { sql, type SqlBool } from 'kysely';
import type { CodeStatus, CreateSessionValues, DiagnosticSessionSummary, Reading } from '../../../shared/diagnostics.ts';
import { SESSION_LIMITS } from '../../../shared/diagnostics.ts';
import type { Executor } from '../../db/index.ts';
import { sharedHistoryOf } from '../../lib/garage-access.ts';
import type { VehicleOwner } from '../../lib/vehicle-owner.ts';

/**
 * Who may read a diagnostic session (docs/diagnostics.md#who-sees-what), on a row aliased `ds`:
 * staff of the shop that ran it; the vehicle's owner (their own scans and the shop's of their car),
 * and the household members the owner shared the vehicle with (lib/garage-access.ts).
 */
function visibleTo(userId: string) {
  const me = sql`${userId}::uuid`;
  return sql<SqlBool>`(ds.service_center_id IN (SELECT service_center_id FROM shop_staff WHERE user_id = ${me}) OR ds.user_id = ${me}
    OR (ds.user_id IS NOT NULL AND ${sharedHistoryOf(userId, 'ds')}))`;
}

function headers(db: Executor) {
  return db
    .selectFrom('diagnostic_sessions as ds')
    .innerJoin('vehicles as v', 'v.id', 'ds.vehicle_id')
    .leftJoin('service_centers as sc', 'sc.id', 'ds.service_center_id')
    .leftJoin('shop_customer_vehicles as cv', 'cv.id', 'ds.customer_vehicle_id')
    .leftJoin('shop_customers as c', 'c.id', 'cv.customer_id')
    .leftJoin('users as u', 'u.id', 'ds.created_by')
    .select([
      'ds.id',
      'ds.vehicle_id',
      'ds.user_id',
      'ds.service_center_id',
      'ds.source',
      'ds.adapter',
      'ds.protocol',
      'ds.vin',
      'ds.mileage',
      'ds.mil_on',
      'ds.voltage',
      'ds.readiness',
      'ds.live',
      'ds.freeze_frame',
      'ds.notes',
      'ds.cleared_at',
      'ds.created_at',
      'v.year',
      'v.make',
      'v.model',
      'sc.name as center_name',
      'c.name as customer_name',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .select((eb) => eb.selectFrom('diagnostic_codes as dc').select(sql<string>`count(*)`.as('n')).whereRef('dc.session_id', '=', 'ds.id').as('code_count'));
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof headers>['executeTakeFirstOrThrow']>>;

export function toSummary(row: SessionRow): DiagnosticSessionSummary {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email?.split('@')[0] || null;
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    vehicleLabel: `${row.year} ${row.make} ${row.model}`,
    serviceCenterId: row.service_center_id,
    serviceCenterName: row.center_name,
    customerName: row.customer_name,
    ranBy: name,
    source: row.source,
    milOn: row.mil_on,
    mileage: row.mileage,
    codeCount: Number(row.code_count ?? 0),
    clearedAt: row.cleared_at,
    createdAt: row.created_at,
  };
}

export function findVisibleSession(db: Executor, userId: string, id: string) {
  return headers(db).where('ds.id', '=', id).where(visibleTo(userId)).executeTakeFirst();
}

export async function lockSession(db: Executor, id: string): Promise<void> {
  await db.selectFrom('diagnostic_sessions').select('id').where('id', '=', id).forUpdate().execute();
}

/** Newest first: a shop's (serviceCenterId) or the caller's own vehicle's (vehicleId), bounded by `limit`. */
export async function listVisibleSessions(db: Executor, userId: string, filters: { vehicleId?: string; serviceCenterId?: string; ownerId?: string }, limit: number) {
  let query = headers(db).where(visibleTo(userId));
  if (filters.serviceCenterId) query = query.where('ds.service_center_id', '=', filters.serviceCenterId);
  else if (filters.vehicleId) query = query.where('ds.user_id', '=', filters.ownerId ?? userId);
  if (filters.vehicleId) query = query.where('ds.vehicle_id', '=', filters.vehicleId);
  const rows = await query.orderBy('ds.created_at', 'desc').orderBy('ds.id', 'desc').limit(limit).execute();
  return rows.map(toSummary);
}

export async function sessionCodes(db: Executor, sessionId: string): Promise<{ code: string; status: CodeStatus }[]> {
  return db
    .selectFrom('diagnostic_codes')
    .select(['code', 'status'])
    .where('session_id', '=', sessionId)
    .orderBy('position')
    .limit(SESSION_LIMITS.codes)
    .execute();
}

export async function insertSession(db: Executor, owner: VehicleOwner, createdBy: string, values: CreateSessionValues): Promise<string> {
  const row = await db
    .insertInto('diagnostic_sessions')
    .values({
      vehicle_id: values.vehicleId,
      user_id: owner.userId,
      service_center_id: owner.serviceCenterId,
      customer_vehicle_id: owner.customerVehicleId,
      created_by: createdBy,
      source: values.source,
      adapter: values.adapter ?? null,
      protocol: values.protocol ?? null,
      vin: values.vin ?? null,
      mileage: values.mileage ?? owner.odometer,
      mil_on: values.milOn ?? null,
      voltage: values.voltage ?? null,
      readiness: JSON.stringify(values.readiness),
      live: JSON.stringify(values.live),
      freeze_frame: JSON.stringify(values.freezeFrame),
      notes: values.notes || null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The same code read twice with one status is one finding.
  const seen = new Set<string>();
  const codes = values.codes.filter((c) => !seen.has(`${c.code}:${c.status}`) && seen.add(`${c.code}:${c.status}`));
  if (codes.length > 0) {
    await db
      .insertInto('diagnostic_codes')
      .values(codes.map((c, position) => ({ session_id: row.id, code: c.code, status: c.status, position })))
      .execute();
  }
  return row.id;
}

export async function updateSessionRow(db: Executor, id: string, changes: { notes?: string | null; live?: Reading[]; cleared?: { by: string } }): Promise<void> {
  await db
    .updateTable('diagnostic_sessions')
    .set({
      updated_at: new Date(),
      ...(changes.notes !== undefined ? { notes: changes.notes || null } : {}),
      ...(changes.live !== undefined ? { live: JSON.stringify(changes.live) } : {}),
      ...(changes.cleared ? { cleared_at: new Date(), cleared_by: changes.cleared.by } : {}),
    })
    .where('id', '=', id)
    .execute();
}
