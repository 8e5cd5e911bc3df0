import { preferencesSchema } from '../../shared/auth.ts';
import { DEFAULT_UNITS, type Units } from '../../shared/units.ts';
import type { Executor } from '../db/index.ts';

const unitsSchema = preferencesSchema.pick({ distanceUnit: true, volumeUnit: true, currency: true, locale: true });

/**
 * The units each user reads figures in (docs/fuel.md#units-and-money), for texts the server writes
 * for them (notifications, the calendar feed); the defaults for an unknown id. One query for the lot.
 */
export async function unitsOfUsers(db: Executor, userIds: readonly string[]): Promise<Map<string, Units>> {
  const ids = [...new Set(userIds)];
  const out = new Map<string, Units>(ids.map((id) => [id, DEFAULT_UNITS]));
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('users').select(['id', 'preferences']).where('id', 'in', ids).execute();
  for (const row of rows) {
    const parsed = unitsSchema.safeParse(row.preferences ?? {});
    if (parsed.success) out.set(row.id, parsed.data);
  }
  return out;
}
