import type { User } from '../../../shared/auth.ts';
import type { StaffMember, StaffRole } from '../../../shared/shops.ts';
import type { Database, Executor } from '../../db/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { domainError } from '../../http/errors.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { deleteMember, listStaff, lockOwners, memberRole, setMemberRole } from './repository.ts';

/**
 * Staff changes (docs/shops.md#who-may-do-what): managers and owners change roles and remove
 * members; only an owner makes or unmakes owners; the last owner can neither leave, be removed nor
 * be demoted. Each change is audited in its own transaction.
 */

export const LAST_OWNER_MESSAGE = 'A shop needs at least one owner: make another member an owner first.';
const OWNERS_ONLY = 'Only an owner can make or change an owner';
const memberNotFound = () => domainError('NOT_FOUND', 'Staff member not found');

export async function staffOf(db: Database, user: User, serviceCenterId: string): Promise<StaffMember[]> {
  await requireShopAccess(db, user, serviceCenterId, 'read');
  return listStaff(db, serviceCenterId);
}

/** Throws when `userId` is the only owner left (owners locked by the caller's transaction). */
async function keepAnOwner(trx: Executor, serviceCenterId: string, userId: string): Promise<void> {
  const owners = await lockOwners(trx, serviceCenterId);
  if (owners.length === 1 && owners[0] === userId) throw domainError('CONFLICT', LAST_OWNER_MESSAGE);
}

export async function setStaffRole(db: Database, user: User, input: { serviceCenterId: string; userId: string; role: StaffRole }): Promise<StaffMember> {
  const { serviceCenterId, userId, role } = input;
  const actor = await requireShopAccess(db, user, serviceCenterId, 'manage');
  await db.transaction().execute(async (trx) => {
    const before = await memberRole(trx, serviceCenterId, userId);
    if (before === null) throw memberNotFound();
    if ((before === 'owner' || role === 'owner') && actor.role !== 'owner') throw domainError('FORBIDDEN', OWNERS_ONLY);
    if (before === role) return;
    if (before === 'owner') await keepAnOwner(trx, serviceCenterId, userId);
    await setMemberRole(trx, serviceCenterId, userId, role);
    await recordAudit(trx, { serviceCenterId, actorId: user.id, entity: 'staff', entityId: userId, action: 'update', before: { role: before }, after: { role } });
  });
  const member = (await listStaff(db, serviceCenterId)).find((m) => m.userId === userId);
  if (!member) throw memberNotFound();
  return member;
}

export async function removeStaff(db: Database, user: User, input: { serviceCenterId: string; userId: string }): Promise<void> {
  const { serviceCenterId, userId } = input;
  const actor = await requireShopAccess(db, user, serviceCenterId, userId === user.id ? 'read' : 'manage');
  await db.transaction().execute(async (trx) => {
    const before = await memberRole(trx, serviceCenterId, userId);
    if (before === null) throw memberNotFound();
    if (before === 'owner' && actor.role !== 'owner') throw domainError('FORBIDDEN', 'Only an owner can remove an owner');
    if (before === 'owner') await keepAnOwner(trx, serviceCenterId, userId);
    await deleteMember(trx, serviceCenterId, userId);
    await recordAudit(trx, { serviceCenterId, actorId: user.id, entity: 'staff', entityId: userId, action: 'delete', before: { role: before }, after: null });
  });
}

/** Any member leaves a shop, except its last owner. */
export async function leaveShop(db: Database, user: User, serviceCenterId: string): Promise<void> {
  const actor = await requireShopAccess(db, user, serviceCenterId, 'read');
  if (actor.role === null) throw domainError('NOT_FOUND', 'Service center not found');
  await removeStaff(db, user, { serviceCenterId, userId: user.id });
}
