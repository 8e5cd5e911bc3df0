import type { FastifyInstance, FastifyReply } from 'fastify';
import { documentRoute, queryParam } from '../../http/rest.ts';
import { confirmPage, donePage, invalidLinkPage } from './texts.ts';
import { turnOffEmail, userOfToken } from './unsubscribe.ts';

/**
 * The unsubscribe link of every notification e-mail (docs/notifications.md#e-mail): no sign-in, the
 * signed token is the permission. GET asks, POST does it (the page's button, or a mail program's
 * one-click unsubscribe of RFC 8058). Both answer a small HTML page.
 */
export function registerEmailRest(app: FastifyInstance): void {
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex').send(html);

  app.get('/api/email/unsubscribe', async (req, reply) => {
    const token = queryParam(req, 'token');
    const userId = await userOfToken(app.db, token);
    const user = userId ? await app.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst() : undefined;
    if (!user || !token) return send(reply, 400, invalidLinkPage(app.appName));
    return send(reply, 200, confirmPage(app.appName, user.email, token));
  });

  app.post('/api/email/unsubscribe', async (req, reply) => {
    const userId = await userOfToken(app.db, queryParam(req, 'token'));
    if (!userId || !(await turnOffEmail(app.db, userId))) return send(reply, 400, invalidLinkPage(app.appName));
    // The account's cached copy would show the old choice in Settings for a moment.
    app.authCache.forgetUser(userId);
    return send(reply, 200, donePage(app.appName));
  });

  const tag = 'E-mail';
  documentRoute(app, {
    method: 'GET',
    url: '/api/email/unsubscribe',
    summary: 'The unsubscribe page of a notification e-mail (HTML): asks before turning e-mail off',
    description: '`token` is the one in the e-mail\'s link; no sign-in. An unknown or altered token answers 400 with a page saying so.',
    tag,
    auth: 'public',
    status: 200,
    produces: 'text/html',
  });
  documentRoute(app, {
    method: 'POST',
    url: '/api/email/unsubscribe',
    summary: 'Turn notification e-mails off for the account the token names (RFC 8058 one-click; the page\'s button)',
    description: '`token` in the query as in the link; the body (`List-Unsubscribe=One-Click`) is ignored. Answers an HTML page; 400 for an unknown token.',
    tag,
    auth: 'public',
    status: 200,
    produces: 'text/html',
  });
}
