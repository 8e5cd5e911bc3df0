import { sql } from 'kysely';
import { MAX_SHARES_PER_VEHICLE, type ShareRole, type VehicleShare } from '../../../shared/garage.ts';
import type { User } from '../../../shared/auth.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { garageVehicleAccess } from '../../lib/garage-access.ts';
import { notify } from '../../lib/notify.ts';

/**
 * A household (docs/garage.md#sharing): the owner shares a garage vehicle with existing accounts,
 * by their e-mail address, as viewer or editor (decision 107); the owner changes or revokes a
 * share; a member leaves. Every check goes through lib/garage-access.ts.
 */

const shareNotFound = () => domainError('NOT_FOUND', 'This vehicle is not shared with that account');

const displayName = sql<string>`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)`;

async function sharesOf(db: Executor, garageVehicleId: string, userId?: string): Promise<VehicleShare[]> {
  let query = db
    .selectFrom('garage_vehicle_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.user_id', 'u.email', 's.role', 's.created_at', displayName.as('name')])
    .where('s.garage_vehicle_id', '=', garageVehicleId)
    .orderBy('s.created_at')
    .limit(MAX_SHARES_PER_VEHICLE);
  if (userId) query = query.where('s.user_id', '=', userId);
  const rows = await query.execute();
  return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email, role: row.role, createdAt: row.created_at }));
}

/** Who the owner shared the vehicle with (owner only). */
export async function listShares(db: Executor, userId: string, garageVehicleId: string): Promise<VehicleShare[]> {
  await garageVehicleAccess(db, userId, { id: garageVehicleId }, 'own');
  return sharesOf(db, garageVehicleId);
}

/**
 * Shares a vehicle with the account of an e-mail address; the invited user is notified. A person
 * has one entry per stored vehicle in My Garage, so someone who already has this vehicle (their
 * own or shared by another) cannot be given it again (409).
 */
export async function addShare(db: Database, user: User, input: { garageVehicleId: string; email: string; role: ShareRole }): Promise<VehicleShare> {
  return db.transaction().execute(async (trx) => {
    const access = await garageVehicleAccess(trx, user.id, { id: input.garageVehicleId }, 'own');
    // One share at a time per vehicle: the count and the checks below hold until the insert.
    await trx.selectFrom('garage_vehicles').select('id').where('id', '=', access.garageVehicleId).forUpdate().executeTakeFirst();
    const invitee = await trx.selectFrom('users').select(['id']).where('email', '=', input.email).executeTakeFirst();
    if (!invitee) throw domainError('NOT_FOUND', 'No account uses this email address: ask them to sign up first, then share again', { field: 'email' });
    if (invitee.id === user.id) throw domainError('BAD_REQUEST', 'This is your own vehicle', { field: 'email' });
    const existing = await trx.selectFrom('garage_vehicle_shares').select('id').where('garage_vehicle_id', '=', access.garageVehicleId).where('user_id', '=', invitee.id).executeTakeFirst();
    if (existing) throw domainError('CONFLICT', 'Already shared with this account: change their role instead', { field: 'email' });
    const hasVehicle = await trx
      .selectFrom('garage_vehicles as g')
      .select('g.id')
      .where('g.vehicle_id', '=', access.vehicleId)
      .where((eb) =>
        eb.or([eb('g.user_id', '=', invitee.id), eb('g.id', 'in', eb.selectFrom('garage_vehicle_shares').select('garage_vehicle_id').where('user_id', '=', invitee.id))]),
      )
      .executeTakeFirst();
    if (hasVehicle) throw domainError('CONFLICT', 'This account already has this vehicle in its garage', { field: 'email' });
    const { count } = await trx
      .selectFrom('garage_vehicle_shares')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('garage_vehicle_id', '=', access.garageVehicleId)
      .executeTakeFirstOrThrow();
    if (count >= MAX_SHARES_PER_VEHICLE) throw domainError('BAD_REQUEST', `A vehicle is shared with at most ${MAX_SHARES_PER_VEHICLE} accounts`);
    await trx.insertInto('garage_vehicle_shares').values({ garage_vehicle_id: access.garageVehicleId, user_id: invitee.id, role: input.role, invited_by: user.id }).execute();
    const vehicle = await trx.selectFrom('garage_vehicles').select('nickname').where('id', '=', access.garageVehicleId).executeTakeFirstOrThrow();
    const owner = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    await notify(trx, {
      userId: invitee.id,
      kind: 'vehicle_shared',
      title: `${owner} shared ${vehicle.nickname} with you`,
      body: input.role === 'editor' ? 'You can see its history and add records and fuel entries.' : 'You can see its history.',
      link: `/garage?vehicle=${access.garageVehicleId}`,
    });
    const [share] = await sharesOf(trx, access.garageVehicleId, invitee.id);
    if (!share) throw shareNotFound();
    return share;
  });
}

/** The owner makes a member a viewer or an editor. */
export async function changeShare(db: Executor, userId: string, input: { garageVehicleId: string; userId: string; role: ShareRole }): Promise<VehicleShare> {
  await garageVehicleAccess(db, userId, { id: input.garageVehicleId }, 'own');
  const result = await db
    .updateTable('garage_vehicle_shares')
    .set({ role: input.role })
    .where('garage_vehicle_id', '=', input.garageVehicleId)
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw shareNotFound();
  const [share] = await sharesOf(db, input.garageVehicleId, input.userId);
  if (!share) throw shareNotFound();
  return share;
}

/** The owner revokes a member's share. */
export async function revokeShare(db: Executor, userId: string, input: { garageVehicleId: string; userId: string }): Promise<void> {
  await garageVehicleAccess(db, userId, { id: input.garageVehicleId }, 'own');
  const result = await db.deleteFrom('garage_vehicle_shares').where('garage_vehicle_id', '=', input.garageVehicleId).where('user_id', '=', input.userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw shareNotFound();
}

/** A member leaves a vehicle shared with them; the owner cannot (they remove the vehicle). */
export async function leaveShare(db: Executor, userId: string, garageVehicleId: string): Promise<void> {
  const access = await garageVehicleAccess(db, userId, { id: garageVehicleId }, 'read');
  if (access.role === 'owner') throw domainError('FORBIDDEN', 'You own this vehicle: remove it from your garage instead');
  await db.deleteFrom('garage_vehicle_shares').where('garage_vehicle_id', '=', garageVehicleId).where('user_id', '=', userId).execute();
}
