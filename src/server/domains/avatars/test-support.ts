import { AVATAR_PRESETS, type AvatarInput } from '../../../shared/avatars.ts';
import type { Database } from '../../db/index.ts';

/** A valid avatar body with the given name (the third preset's look). */
export function avatarBody(displayName: string, overrides: Partial<AvatarInput> = {}): AvatarInput {
  return {
    displayName,
    style: { ...AVATAR_PRESETS[2]!.style },
    personality: 'expert',
    voice: 'text',
    tipsLevel: 'advanced',
    ...overrides,
  };
}

/** The ids of a user's active avatars, read straight from the table. */
export async function activeIds(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('avatar_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_active', '=', true)
    .execute();
  return rows.map((r) => r.id);
}
