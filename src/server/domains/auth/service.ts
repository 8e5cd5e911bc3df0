import { domainError } from '../../http/errors.ts';
import { TRPCError } from '@trpc/server';
import {
  ROLE_GUIDANCE,
  type ChangePasswordInput,
  SIGN_IN_FAILED_MESSAGE,
  type PreferencesUpdate,
  type SignInInput,
  type SignUpInput,
  type User,
} from '../../../shared/auth.ts';
import type { Role } from '../../../shared/constants.ts';
import type { Database } from '../../db/index.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { attemptOnAccount, TOO_MANY_ACCOUNT_ATTEMPTS } from './attempts.ts';
import { revokeAllApiTokens } from './tokens.ts';
import { findCredentialsByEmail, findUserById, insertUser, updatePasswordHash, updateUser } from './repository.ts';

/**
 * The new account, or null when the address already has one: that account is left as it was. The
 * password is hashed and the insert tried either way, so both take the same time.
 */
export async function signUp(db: Database, input: SignUpInput): Promise<User | null> {
  const passwordHash = await hashPassword(input.password);
  return insertUser(db, {
    email: input.email,
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
  });
}

/** One answer for an unknown email and a wrong password, in the same time. */
export async function signIn(db: Database, input: SignInInput): Promise<User> {
  const credentials = await findCredentialsByEmail(db, input.email);
  const hash = credentials?.passwordHash ?? (await dummyPasswordHash());
  const ok = await verifyPassword(input.password, hash);
  const user = ok && credentials ? await findUserById(db, credentials.id) : null;
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_FAILED_MESSAGE });
  return user;
}

export async function setRole(db: Database, user: User, role: Role): Promise<User> {
  const preferences = { ...user.preferences, guidanceLevel: ROLE_GUIDANCE[role] };
  const updated = await updateUser(db, user.id, { role, preferences });
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return updated;
}

/** First and last name, as the profile page edits them. */
export async function updateProfile(db: Database, user: User, changes: { firstName?: string | null; lastName?: string | null }): Promise<User> {
  const updated = await updateUser(db, user.id, changes);
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return updated;
}

export async function updatePreferences(db: Database, user: User, changes: PreferencesUpdate): Promise<User> {
  const updated = await updateUser(db, user.id, { preferences: { ...user.preferences, ...changes } });
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: 'Account not found' });
  return updated;
}

/**
 * A new password ends every other session of the user and revokes their API tokens (a password
 * change is how someone takes an account back); the session that changed it stays signed in.
 */
export async function changePassword(
  db: Database,
  user: User,
  currentSessionId: string | null,
  input: ChangePasswordInput,
): Promise<void> {
  const attempt = await attemptOnAccount(db, user.email, async () => {
    const credentials = await findCredentialsByEmail(db, user.email);
    const ok = credentials?.passwordHash ? await verifyPassword(input.currentPassword, credentials.passwordHash) : false;
    if (!ok) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  });
  if ('limited' in attempt) throw domainError('TOO_MANY_REQUESTS', TOO_MANY_ACCOUNT_ATTEMPTS, { retryAfterSeconds: attempt.limited.retryAfterSeconds });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    let others = trx.deleteFrom('sessions').where('user_id', '=', user.id);
    if (currentSessionId) others = others.where('sid', '!=', currentSessionId);
    await others.execute();
    await revokeAllApiTokens(trx, user.id);
  });
}
