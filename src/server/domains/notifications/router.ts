import { listNotificationsSchema, markReadSchema } from '../../../shared/notifications.ts';
import { domainError } from '../../http/errors.ts';
import { authedProcedure, router } from '../../trpc.ts';
import { listNotifications, markRead, unreadCount } from './repository.ts';

/** The caller's own in-app notifications (docs/notifications.md). */
export const notificationsRouter = router({
  list: authedProcedure.input(listNotificationsSchema).query(({ ctx, input }) => listNotifications(ctx.db, ctx.user.id, input)),
  unreadCount: authedProcedure.query(async ({ ctx }) => ({ count: await unreadCount(ctx.db, ctx.user.id) })),
  markRead: authedProcedure.input(markReadSchema).mutation(async ({ ctx, input }) => {
    const { updated, found } = await markRead(ctx.db, ctx.user.id, input);
    // Another user's notification reads as missing.
    if (!found) throw domainError('NOT_FOUND', 'Notification not found');
    return { updated };
  }),
});
