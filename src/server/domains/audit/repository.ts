import type { AuditEntity, AuditJson, AuditPage } from '../../../shared/audit.ts';
import type { Executor } from '../../db/index.ts';
import { encodeCursor, pageOf, timestampKey, olderThanCursor } from '../../lib/paging.ts';

/** The shop's log, newest first, a keyset page at a time, with the name and address of whoever acted. */
export async function listAuditPage(
  db: Executor,
  serviceCenterId: string,
  entity: AuditEntity | undefined,
  page: { cursor?: string | null; limit: number },
): Promise<AuditPage> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.entity', 'a.entity_id', 'a.action', 'a.before', 'a.after', 'a.created_at', 'a.actor_id', 'u.email', 'u.first_name', 'u.last_name'])
    .select(timestampKey('a.created_at').as('sort_key'))
    .where('a.service_center_id', '=', serviceCenterId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(page.limit + 1);
  if (entity) query = query.where('a.entity', '=', entity);
  if (page.cursor) query = query.where(olderThanCursor(page.cursor, 'a.created_at', 'a.id'));
  const rows = await query.execute();
  return pageOf(
    rows,
    page.limit,
    (row) => ({
      id: row.id,
      entity: row.entity,
      entityId: row.entity_id,
      action: row.action,
      actor:
        row.actor_id && row.email
          ? { id: row.actor_id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || null, email: row.email }
          : null,
      before: (row.before ?? null) as AuditJson | null,
      after: (row.after ?? null) as AuditJson | null,
      createdAt: row.created_at,
    }),
    (row) => encodeCursor(row.sort_key, row.id),
  );
}
