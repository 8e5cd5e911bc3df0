import { calendarFeedSchema, type CreatedCalendarFeed } from '../../../shared/reminders.ts';
import { refusingUnknownTimeZone } from '../../lib/time-zone.ts';
import { authedProcedure, publicProcedure, router } from '../../trpc.ts';
import { feedStatus, replaceFeed, revokeFeed } from './repository.ts';
import { feedEvents } from './service.ts';

/** The caller's private calendar feed (docs/reminders.md#calendar-feed). */
export const calendarRouter = router({
  status: authedProcedure.query(({ ctx }) => feedStatus(ctx.db, ctx.user.id)),
  /** A new address; the previous one stops working. Only this answer carries the token. */
  create: authedProcedure.mutation(async ({ ctx }): Promise<CreatedCalendarFeed> => {
    const { token, createdAt } = await replaceFeed(ctx.db, ctx.user.id);
    return { token, path: `/api/calendar/${token}.ics`, createdAt };
  }),
  revoke: authedProcedure.mutation(async ({ ctx }) => ({ revoked: await revokeFeed(ctx.db, ctx.user.id) })),
  /** No session: the token is the credential. Unknown or revoked: NOT_FOUND. */
  feed: publicProcedure
    .input(calendarFeedSchema)
    .query(({ ctx, input }) => refusingUnknownTimeZone(input.timeZone, async () => ({ events: await feedEvents(ctx.db, input.token, input.timeZone, new Date()) }))),
});
