import { sql } from 'kysely';
import { preferencesSchema, type Preferences, type User } from '../../../shared/auth.ts';
import type { Executor } from '../../db/index.ts';
import type { UserRow } from '../../db/schema.ts';
import { isAdminAccount } from '../../lib/admins.ts';

const userColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'profile_image_url',
  'role',
  'preferences',
  'created_at',
  'updated_at',
  'is_admin',
  'current_shop_id',
] as const;

type UserColumns = Pick<UserRow, (typeof userColumns)[number]>;

export function readPreferences(stored: unknown): Preferences {
  const parsed = preferencesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : preferencesSchema.parse({});
}

function toUser(row: UserColumns): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    role: row.role,
    preferences: readPreferences(row.preferences),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isAdmin: isAdminAccount(row.email, row.is_admin),
    currentShopId: row.current_shop_id,
  };
}

export async function findUserById(db: Executor, id: string): Promise<User | null> {
  const row = await db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findCredentialsByEmail(
  db: Executor,
  email: string,
): Promise<{ id: string; passwordHash: string | null } | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  return row ? { id: row.id, passwordHash: row.password_hash } : null;
}

export async function insertUser(
  db: Executor,
  values: { email: string; passwordHash: string; firstName?: string; lastName?: string },
): Promise<User | null> {
  const row = await db
    .insertInto('users')
    .values({
      email: values.email,
      password_hash: values.passwordHash,
      first_name: values.firstName ?? null,
      last_name: values.lastName ?? null,
      preferences: JSON.stringify(preferencesSchema.parse({})),
      // The first account of a fresh install administers it (docs/shops.md#admins).
      is_admin: sql<boolean>`NOT EXISTS (SELECT 1 FROM users WHERE password_hash IS NOT NULL)`,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: { role?: User['role']; preferences?: Preferences; firstName?: string | null; lastName?: string | null },
): Promise<User | null> {
  const row = await db
    .updateTable('users')
    .set({
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.firstName !== undefined ? { first_name: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { last_name: changes.lastName } : {}),
      ...(changes.preferences ? { preferences: JSON.stringify(changes.preferences) } : {}),
    })
    .where('id', '=', id)
    .returning(userColumns)
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function updatePasswordHash(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}
