import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, z } from 'zod';
import {
  signInSchema,
  signUpSchema,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type UpdateProfileInput,
  type CreateApiTokenInput,
  type User,
} from '../../../shared/auth.ts';
import { userOfRequest } from '../../context.ts';
import { toHttpError } from '../../http/errors.ts';
import { consumeRateLimit, type RateLimitResult, type RateLimitRule } from '../../http/rate-limit.ts';
import { attemptOnAccount, TOO_MANY_ACCOUNT_ATTEMPTS } from './attempts.ts';
import { sendError } from '../../http/rest.ts';
import { sendMailLater } from '../../lib/mail.ts';
import { takenAddressMail } from './mail-texts.ts';
import { renderLoginPage, type LoginMode, type LoginPageState } from './login-page.ts';
import { signIn, signUp } from './service.ts';
import { authenticateApiToken } from './tokens.ts';
import { documentRoute, objectBody, pathId, restRoute, type RestDoc } from '../../http/rest.ts';

/** Where a sign-up sends the browser, and what it answers JSON clients, in both cases. */
const SIGNED_UP_PAGE = '/api/login?signup=done';
export const SIGNED_UP_MESSAGE =
  'If this email address was new, your account is created and you are signed in. If it already had an account, nothing was changed and you are not signed in: sign in with that account\'s password.';
export const ADDRESS_TAKEN_NOTICE = 'If you already had an account with this email address, nothing was changed: sign in with its password.';

export interface AuthRestOptions {
  appName: string;
  signInLimit: RateLimitRule;
  signUpLimit: RateLimitRule;
}

function wantsHtml(req: FastifyRequest): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

function textValue(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value.slice(0, 254) : undefined;
}

function fieldErrorsOf(error: unknown): LoginPageState['fieldErrors'] {
  if (!(error instanceof ZodError)) return undefined;
  const flat = z.flattenError(error).fieldErrors as Record<string, string[] | undefined>;
  return {
    email: flat.email?.[0],
    password: flat.password?.[0],
    firstName: flat.firstName?.[0],
    lastName: flat.lastName?.[0],
  };
}

async function startSession(req: FastifyRequest, reply: FastifyReply, user: User): Promise<void> {
  await req.server.sessions.start(req, reply, user.id);
  req.currentUser = user;
}

/**
 * `Authorization: Bearer <API token>` signs a request in as the token's owner (REST and tRPC alike).
 * Any other bearer value, such as a session a client encoded itself, is refused: identity never comes
 * from what a client claims (docs/accounts.md#api-tokens).
 */
export function registerBearerAuth(app: FastifyInstance, tokenLimit: RateLimitRule): void {
  const authenticate = async (req: FastifyRequest, reply: FastifyReply, header: string): Promise<void> => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
    const result = token ? await authenticateApiToken(app.db, token) : null;
    if (!result) {
      reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'Invalid or revoked API token', code: 'UNAUTHORIZED' });
      return;
    }
    const limit = await consumeRateLimit(app.db, `token:${result.tokenId}`, tokenLimit);
    if (!limit.allowed) {
      const message = 'Too many requests with this API token. Please slow down.';
      reply.code(429).header('retry-after', String(limit.retryAfterSeconds)).send({ message, code: 'TOO_MANY_REQUESTS' });
      return;
    }
    req.currentUser = result.user;
    req.authenticatedBy = 'token';
  };
  // Most requests carry no Authorization header: they pass without a promise.
  app.addHook('preHandler', (req, reply, done) => {
    const header = req.headers.authorization;
    if (header === undefined) {
      done();
      return;
    }
    authenticate(req, reply, header).then(
      () => {
        if (!reply.sent) done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}

export function registerAuthRest(app: FastifyInstance, options: AuthRestOptions): void {
  const page = (reply: FastifyReply, status: number, state: Omit<LoginPageState, 'appName'>) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(
      renderLoginPage({ appName: options.appName, ...state }),
    );

  app.get('/api/auth/user', async (req, reply) => {
    const user = await userOfRequest(app.db, req);
    if (!user) return reply.code(401).send({ message: 'Not signed in', code: 'UNAUTHORIZED' });
    return reply.header('cache-control', 'no-store').send(user);
  });

  app.get('/api/login', async (req, reply) => {
    const query = req.query as { mode?: unknown; signup?: unknown };
    const mode: LoginMode = query.mode === 'signup' ? 'signup' : 'signin';
    if (await userOfRequest(app.db, req)) return reply.redirect('/', 303);
    // Not signed in after a sign-up: the address had an account already (or cookies are off).
    const notice = mode === 'signin' && query.signup === 'done' ? ADDRESS_TAKEN_NOTICE : undefined;
    return page(reply, 200, { mode, notice });
  });

  const handle =
    (mode: LoginMode) =>
    async (req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const html = wantsHtml(req);
      const body = objectBody(req);
      const values = { email: textValue(body, 'email'), firstName: textValue(body, 'firstName'), lastName: textValue(body, 'lastName') };
      const tooMany = (limit: RateLimitResult, message: string) => {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        return html
          ? page(reply, 429, { mode, error: message, values })
          : reply.code(429).send({ message, code: 'TOO_MANY_REQUESTS' });
      };
      const rule = mode === 'signup' ? options.signUpLimit : options.signInLimit;
      const limit = await consumeRateLimit(app.db, `${mode}:${req.ip}`, rule);
      if (!limit.allowed) return tooMany(limit, 'Too many attempts. Please wait a few minutes and try again.');
      try {
        if (mode === 'signup') {
          // One answer whether the address was free or not (decision 053): the cookie of a new
          // session or one naming none, then the sign-in page, which sends the signed-in on to /.
          const input = signUpSchema.parse(body);
          const created = await signUp(app.db, input);
          if (created) await startSession(req, reply, created);
          else {
            await req.server.sessions.startDecoy(req, reply);
            // The owner of the address hears of it by e-mail, sent after the answer's timing is set.
            sendMailLater(takenAddressMail(input.email, options.appName));
          }
          return html ? reply.redirect(SIGNED_UP_PAGE, 303) : reply.code(201).send({ message: SIGNED_UP_MESSAGE });
        }
        const input = signInSchema.parse(body);
        const attempt = await attemptOnAccount(app.db, input.email, () => signIn(app.db, input));
        if ('limited' in attempt) return tooMany(attempt.limited, TOO_MANY_ACCOUNT_ATTEMPTS);
        await startSession(req, reply, attempt.value);
        return html ? reply.redirect('/', 303) : reply.code(200).send(attempt.value);
      } catch (error) {
        if (!html) return sendError(req, reply, error);
        const { status, body: errorBody } = toHttpError(error);
        if (status >= 500) req.log.error({ err: error, reqId: req.id }, 'sign-in failed');
        const fieldErrors = fieldErrorsOf(error);
        return page(reply, status, {
          mode,
          error: fieldErrors ? 'Please correct the highlighted fields.' : errorBody.message,
          fieldErrors,
          values,
        });
      }
    };

  app.post('/api/login', handle('signin'));
  app.post('/api/signup', handle('signup'));

  // Returns nothing on purpose: a FastifyReply is thenable, so awaiting one would wait for itself.
  const logout = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await req.server.sessions.destroy(req);
    req.server.sessions.clearCookie(req, reply);
  };
  app.get('/api/logout', async (req, reply) => {
    await logout(req, reply);
    return reply.redirect('/', 303);
  });
  app.post('/api/logout', async (req, reply) => {
    await logout(req, reply);
    return reply.code(204).send();
  });

  // Bodies go to the procedures as they came: each procedure validates its input with its schema.
  restRoute(
    app,
    { method: 'POST', url: '/api/auth/password', summary: 'Change your password (ends your other sessions)', tag: 'Account', auth: 'user', status: 204, procedure: 'auth.changePassword', inputFrom: 'body' },
    ({ caller, req }) => caller.auth.changePassword(objectBody(req) as ChangePasswordInput),
  );
  restRoute(
    app,
    { method: 'PATCH', url: '/api/auth/user', summary: 'Change your first and last name (null or an empty string clears one)', tag: 'Account', auth: 'user', procedure: 'auth.updateProfile', inputFrom: 'body' },
    ({ caller, req }) => caller.auth.updateProfile(objectBody(req) as UpdateProfileInput),
  );
  restRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/auth/user',
      summary: 'Delete your account and everything that is yours, files included (send your password); signs you out',
      description:
        'Body `{ "password": "..." }`. Refused with 409 while you are the only owner of an active shop with other staff (make another member an owner, or close the shop, first). What a shop keeps of its work for you (requests, messages, records it wrote) stays with the shop without your name. Not with an API token.',
      tag: 'Account',
      auth: 'user',
      status: 204,
      procedure: 'auth.deleteAccount',
      inputFrom: 'body',
    },
    async ({ caller, req, reply }) => {
      await caller.auth.deleteAccount(objectBody(req) as DeleteAccountInput);
      await req.server.sessions.destroy(req);
      req.server.sessions.clearCookie(req, reply);
      return undefined;
    },
  );
  restRoute(
    app,
    { method: 'GET', url: '/api/tokens', summary: 'List your API tokens', tag: 'Account', auth: 'user', procedure: 'auth.tokens.list' },
    ({ caller }) => caller.auth.tokens.list(),
  );
  restRoute(
    app,
    { method: 'POST', url: '/api/tokens', summary: 'Create an API token (the token is in this answer only)', tag: 'Account', auth: 'user', procedure: 'auth.tokens.create', inputFrom: 'body' },
    ({ caller, req }) => caller.auth.tokens.create(objectBody(req) as CreateApiTokenInput),
  );
  restRoute(
    app,
    { method: 'DELETE', url: '/api/tokens/:id', summary: 'Revoke an API token', tag: 'Account', auth: 'user', status: 204, procedure: 'auth.tokens.revoke' },
    ({ caller, req }) => caller.auth.tokens.revoke({ id: pathId(req) }),
  );

  const account = (doc: Omit<RestDoc, 'tag'>) => documentRoute(app, { ...doc, tag: 'Account' });
  account({ method: 'GET', url: '/api/auth/user', summary: 'The signed-in user, or 401', auth: 'user', status: 200 });
  account({ method: 'GET', url: '/api/login', summary: 'The sign-in page (HTML); ?mode=signup shows account creation', auth: 'public', status: 200, produces: 'text/html' });
  account({ method: 'POST', url: '/api/login', summary: 'Sign in with email and password (JSON or form)', auth: 'public', status: 200, bodySchema: signInSchema });
  account({ method: 'POST', url: '/api/signup', summary: 'Create an account and sign in; the same answer when the address already has an account, which is left unchanged (JSON or form)', auth: 'public', status: 201, bodySchema: signUpSchema });
  account({ method: 'GET', url: '/api/logout', summary: 'Sign out and go to the landing page (303 redirect)', auth: 'public', status: 303 });
  account({ method: 'POST', url: '/api/logout', summary: 'Sign out', auth: 'public', status: 204 });
}
