import { sql } from 'kysely';
import type { AppNotification, NotificationPage } from '../../../shared/notifications.ts';
import type { Executor } from '../../db/index.ts';
import { encodeCursor, pageOf, timestampKey, olderThanCursor } from '../../lib/paging.ts';

const columns = ['id', 'kind', 'title', 'body', 'link', 'read_at', 'created_at'] as const;

/** A user's notifications, newest first, a keyset page at a time; no one reads another's. */
export async function listNotifications(db: Executor, userId: string, page: { cursor?: string | null; limit: number }): Promise<NotificationPage> {
  let query = db
    .selectFrom('notifications')
    .select(columns)
    .select(timestampKey('created_at').as('sort_key'))
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.cursor) query = query.where(olderThanCursor(page.cursor, 'created_at', 'id'));
  const rows = await query.execute();
  return pageOf(
    rows,
    page.limit,
    (row): AppNotification => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      readAt: row.read_at,
      createdAt: row.created_at,
    }),
    (row) => encodeCursor(row.sort_key, row.id),
  );
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Marks one of the user's notifications (false when it is not theirs) or all of them read. */
export async function markRead(db: Executor, userId: string, target: { id: string } | { all: true }): Promise<{ updated: number; found: boolean }> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, now())` })
    .where('user_id', '=', userId);
  query = 'id' in target ? query.where('id', '=', target.id) : query.where('read_at', 'is', null);
  const result = await query.executeTakeFirst();
  const updated = Number(result.numUpdatedRows);
  return { updated, found: 'all' in target || updated > 0 };
}
