import { sql, type Selectable } from 'kysely';
import { avatarStyleSchema, DEFAULT_AVATAR_STYLE, type Avatar, type AvatarStyle, type AvatarUpdate, type AvatarValues } from '../../../shared/avatars.ts';
import type { Executor } from '../../db/index.ts';
import type { AvatarProfilesTable } from '../../db/schema.ts';

const avatarColumns = [
  'id',
  'user_id',
  'display_name',
  'style',
  'personality',
  'voice',
  'tips_level',
  'is_active',
  'created_at',
  'updated_at',
] as const;

type AvatarRow = Pick<Selectable<AvatarProfilesTable>, (typeof avatarColumns)[number]>;

/** A stored style this version cannot read (e.g. edited by hand) shows as the default style. */
function readStyle(stored: unknown): AvatarStyle {
  const parsed = avatarStyleSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_AVATAR_STYLE;
}

function toAvatar(row: AvatarRow): Avatar {
  return {
    id: row.id,
    userId: row.user_id,
    displayName: row.display_name,
    style: readStyle(row.style),
    personality: row.personality,
    voice: row.voice,
    tipsLevel: row.tips_level,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function listAvatars(db: Executor, userId: string): Promise<Avatar[]> {
  const rows = await db
    .selectFrom('avatar_profiles')
    .select(avatarColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(toAvatar);
}

export async function findActiveAvatar(db: Executor, userId: string): Promise<Avatar | null> {
  const row = await db
    .selectFrom('avatar_profiles')
    .select(avatarColumns)
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .executeTakeFirst();
  return row ? toAvatar(row) : null;
}

/** Only the owner's avatar is found: another user's id reads as missing. */
export async function findAvatar(db: Executor, userId: string, id: string): Promise<Avatar | null> {
  const row = await db
    .selectFrom('avatar_profiles')
    .select(avatarColumns)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? toAvatar(row) : null;
}

/**
 * Serialises a user's avatar changes: every writer takes this row lock first, so two requests can
 * never interleave their deactivate/activate steps. NO KEY UPDATE leaves inserts referencing the
 * user (which take KEY SHARE) unblocked.
 */
export async function lockUserAvatars(db: Executor, userId: string): Promise<boolean> {
  const row = await sql<{ id: string }>`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(db);
  return row.rows.length > 0;
}

export async function deactivateAvatars(db: Executor, userId: string): Promise<void> {
  await db
    .updateTable('avatar_profiles')
    .set({ is_active: false })
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .execute();
}

export async function activateAvatar(db: Executor, userId: string, id: string): Promise<Avatar | null> {
  const row = await db
    .updateTable('avatar_profiles')
    .set({ is_active: true })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(avatarColumns)
    .executeTakeFirst();
  return row ? toAvatar(row) : null;
}

export async function insertAvatar(db: Executor, userId: string, values: AvatarValues, isActive: boolean): Promise<Avatar> {
  const row = await db
    .insertInto('avatar_profiles')
    .values({
      user_id: userId,
      display_name: values.displayName,
      style: JSON.stringify(values.style),
      personality: values.personality,
      voice: values.voice,
      tips_level: values.tipsLevel,
      is_active: isActive,
    })
    .returning(avatarColumns)
    .executeTakeFirstOrThrow();
  return toAvatar(row);
}

export async function updateAvatar(db: Executor, userId: string, id: string, changes: AvatarUpdate): Promise<Avatar | null> {
  const row = await db
    .updateTable('avatar_profiles')
    .set({
      display_name: changes.displayName,
      style: changes.style === undefined ? undefined : JSON.stringify(changes.style),
      personality: changes.personality,
      voice: changes.voice,
      tips_level: changes.tipsLevel,
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(avatarColumns)
    .executeTakeFirst();
  return row ? toAvatar(row) : null;
}

export async function deleteAvatar(db: Executor, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('avatar_profiles')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
