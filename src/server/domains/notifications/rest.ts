import type { FastifyInstance } from 'fastify';
import type { MarkReadInput } from '../../../shared/notifications.ts';
import { objectBody, queryParam, restRoute } from '../../http/rest.ts';

export function registerNotificationsRest(app: FastifyInstance): void {
  const tag = 'Notifications';
  restRoute(
    app,
    {
      method: 'GET',
      url: '/api/notifications',
      summary: 'Your notifications, newest first, a page at a time',
      description: '`limit` 1 to 100 (default 20); pass `nextCursor` back as `cursor` for the next page.',
      tag,
      auth: 'user',
      procedure: 'notifications.list',
      inputFrom: 'query',
    },
    ({ caller, req }) => {
      const limit = queryParam(req, 'limit');
      return caller.notifications.list({ cursor: queryParam(req, 'cursor'), limit: limit === undefined ? undefined : Number(limit) });
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/notifications/unread-count', summary: 'How many of your notifications are unread', tag, auth: 'user', procedure: 'notifications.unreadCount' },
    ({ caller }) => caller.notifications.unreadCount(),
  );
  restRoute(
    app,
    {
      method: 'POST',
      url: '/api/notifications/read',
      summary: 'Mark one of your notifications (`{ id }`) or all of them (`{ all: true }`) read',
      tag,
      auth: 'user',
      status: 200,
      procedure: 'notifications.markRead',
      inputFrom: 'body',
    },
    ({ caller, req }) => caller.notifications.markRead(objectBody(req) as MarkReadInput),
  );
}
