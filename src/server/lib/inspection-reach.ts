import { sql, type SqlBool } from 'kysely';
import { sharedHistoryOf } from './garage-access.ts';

/**
 * Who may read an inspection (docs/inspections.md#who-sees-what), as a condition on an
 * `inspections` row aliased `i`: staff of the shop that made it, at every stage; the owner of the
 * vehicle their own self-check, and a shop's once the shop shared it; household members the owner
 * shared the vehicle with see what the owner sees (lib/garage-access.ts). Other domains (files: the
 * photos of an inspection) follow this rule through here.
 */
export function inspectionVisibleTo(userId: string, alias = 'i') {
  const me = sql`${userId}::uuid`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<SqlBool>`(${column('service_center_id')} IN (SELECT service_center_id FROM shop_staff WHERE user_id = ${me})
    OR ((${column('service_center_id')} IS NULL OR ${column('status')} = 'shared')
      AND (${column('user_id')} = ${me} OR (${column('user_id')} IS NOT NULL AND ${sharedHistoryOf(userId, alias)}))))`;
}
