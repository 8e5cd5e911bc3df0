import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notify } from '../../lib/notify.ts';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection } from '../../../../tests/helpers/factories.ts';

describeEachDatabase('notifications', (getDb) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(getDb());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists, counts and marks read only the caller\u2019s own, newest first, a page at a time', async () => {
    const db = getDb();
    const me = await createUser(db);
    const someoneElse = await createUser(db);
    for (let i = 0; i < 5; i++) await notify(db, { userId: me.id, kind: 'inquiry_reply', title: `Reply ${i}`, link: '/requests' });
    // Five inserts can share a clock tick: give each its own second, as real notifications have.
    for (let i = 0; i < 5; i++) {
      await sql`UPDATE notifications SET created_at = ${new Date(Date.UTC(2026, 0, 1, 12, 0, i))} WHERE user_id = ${me.id} AND title = ${`Reply ${i}`}`.execute(db);
    }
    await notify(db, { userId: someoneElse.id, kind: 'inquiry_status', title: 'Not yours' });

    const mine = callerFor(db, me);
    const first = await mine.notifications.list({ limit: 3 });
    expect(first.items.map((n) => n.title)).toEqual(['Reply 4', 'Reply 3', 'Reply 2']);
    const second = await mine.notifications.list({ limit: 3, cursor: first.nextCursor });
    expect(second.items.map((n) => n.title)).toEqual(['Reply 1', 'Reply 0']);
    expect(second.nextCursor).toBeNull();
    expect(await mine.notifications.unreadCount()).toEqual({ count: 5 });

    const theirs = (await callerFor(db, someoneElse).notifications.list({})).items[0]!;
    expect(await rejection(mine.notifications.markRead({ id: theirs.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await callerFor(db, someoneElse).notifications.unreadCount()).toEqual({ count: 1 });

    await mine.notifications.markRead({ id: first.items[0]!.id });
    expect(await mine.notifications.unreadCount()).toEqual({ count: 4 });
    expect(await mine.notifications.markRead({ all: true })).toEqual({ updated: 4 });
    expect(await mine.notifications.unreadCount()).toEqual({ count: 0 });
    expect((await mine.notifications.list({})).items.every((n) => n.readAt instanceof Date)).toBe(true);

    expect(await rejection(callerFor(db, null).notifications.unreadCount())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await rejection(mine.notifications.markRead({ all: false } as never))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rejection(mine.notifications.list({ limit: 101 }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rejection(mine.notifications.list({ cursor: 'garbage' }))).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
