import type { Avatar, AvatarUpdate, AvatarValues } from '../../../shared/avatars.ts';
import type { Database } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import {
  activateAvatar,
  deactivateAvatars,
  deleteAvatar,
  findAvatar,
  insertAvatar,
  lockUserAvatars,
  updateAvatar,
} from './repository.ts';

// Invariant (docs/avatars.md#rules-the-server-enforces): a user with avatars has exactly one
// active. The partial unique index refuses two; every change below runs in one transaction behind
// the user's row lock, so no interleaving of requests can leave none either.

const notFound = () => domainError('NOT_FOUND', 'Avatar not found');

/** A new avatar becomes the active one. */
export async function createAvatar(db: Database, userId: string, values: AvatarValues): Promise<Avatar> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockUserAvatars(trx, userId))) throw domainError('UNAUTHORIZED', 'No authenticated session');
    await deactivateAvatars(trx, userId);
    return insertAvatar(trx, userId, values, true);
  });
}

export async function changeAvatar(db: Database, userId: string, id: string, changes: AvatarUpdate): Promise<Avatar> {
  const hasChanges = Object.values(changes).some((value) => value !== undefined);
  const avatar = hasChanges ? await updateAvatar(db, userId, id, changes) : await findAvatar(db, userId, id);
  if (!avatar) throw notFound();
  return avatar;
}

export async function setActiveAvatar(db: Database, userId: string, id: string): Promise<Avatar> {
  return db.transaction().execute(async (trx) => {
    await lockUserAvatars(trx, userId);
    const target = await findAvatar(trx, userId, id);
    if (!target) throw notFound();
    if (target.isActive) return target;
    // Two statements: a unique index is checked row by row, so one UPDATE flipping both rows
    // could meet the new active row before the old one is cleared.
    await deactivateAvatars(trx, userId);
    const activated = await activateAvatar(trx, userId, id);
    if (!activated) throw notFound();
    return activated;
  });
}

/** The active avatar stays: deleting it would leave the user without a guide (409). */
export async function removeAvatar(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUserAvatars(trx, userId);
    const target = await findAvatar(trx, userId, id);
    if (!target) throw notFound();
    if (target.isActive) {
      throw domainError('CONFLICT', 'The active avatar cannot be deleted. Set another avatar active first.');
    }
    await deleteAvatar(trx, userId, id);
  });
}
