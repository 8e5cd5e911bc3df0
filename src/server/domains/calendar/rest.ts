import type { FastifyInstance } from 'fastify';
import { queryParam, restRoute } from '../../http/rest.ts';
import { buildCalendar } from '../../lib/ics.ts';

export function registerCalendarRest(app: FastifyInstance): void {
  const tag = 'Calendar';
  restRoute(app, { method: 'GET', url: '/api/calendar', summary: "Whether the caller's private calendar feed is active, and since when", tag, auth: 'user', procedure: 'calendar.status' }, ({ caller }) =>
    caller.calendar.status(),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/calendar',
      summary: 'Make a new private calendar feed address (the previous one stops working)',
      description: 'The answer carries the token and the feed path once; only a hash of the token is kept.',
      tag,
      auth: 'user',
      procedure: 'calendar.create',
    },
    ({ caller }) => caller.calendar.create(),
  );
  restRoute(app, { method: 'DELETE', url: '/api/calendar', summary: 'Revoke the calendar feed (its address answers 404 from now on)', tag, auth: 'user', procedure: 'calendar.revoke' }, ({ caller }) =>
    caller.calendar.revoke(),
  );
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/calendar/:token.ics',
      summary: 'The private calendar feed (iCalendar) for phone and desktop calendars',
      description:
        'No session: the token is the credential. All-day events on the due day of every due item with a day (computed services and custom reminders) and timed events for the owner\u2019s appointments; `timeZone` (default UTC) says which day is today. At most 1,000 events. An unknown or revoked token answers 404.',
      tag,
      auth: 'public',
      procedure: 'calendar.feed',
      inputFrom: 'query',
      produces: 'text/calendar',
    },
    async ({ caller, req, reply }) => {
      const { events } = await caller.calendar.feed({ token: (req.params as { token: string }).token, timeZone: queryParam(req, 'timeZone') });
      reply.type('text/calendar; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', 'inline; filename="maintenance.ics"');
      return buildCalendar(req.server.appName, events, new Date());
    },
  );
}
