import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import { createContext, type Context } from '../context.ts';
import { createCaller, type Caller } from '../router.ts';
import { domainError, retryAfterOf, toHttpError, type ErrorBody } from './errors.ts';
import { encodeOnce, isShared, toJson, viewerKey } from './read-cache.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface RestArgs {
  caller: Caller;
  req: FastifyRequest;
  reply: FastifyReply;
}

export function sendError(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body } = toHttpError(error);
  if (status >= 500) {
    req.log.error({ err: error, reqId: req.id }, 'request failed');
    const withId: ErrorBody = { ...body, requestId: req.id };
    return reply.code(status).send(withId);
  }
  if (status === 503) reply.header('retry-after', '1');
  const wait = retryAfterOf(error);
  if (wait !== undefined) reply.header('retry-after', String(wait));
  return reply.code(status).send(body);
}

/**
 * The caller of a GET: a call the same viewer (and the same kind of sign-in) repeats while its
 * answer is a value the read cache still holds gets that value without running the procedure's
 * machinery again, as on the tRPC query path (http/trpc-queries.ts); any other call goes to the
 * procedure through tRPC's caller, and a held value it answers is remembered for the next.
 */
function recallingCaller(ctx: Context): Caller {
  const caller = createCaller(ctx);
  const viewer = viewerKey(ctx.user, ctx.viaToken);
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      // Not a promise: `then` is no procedure, so awaiting a router level does not call one.
      get: (_target, name) => (typeof name === 'string' && name !== 'then' ? at([...path, name]) : undefined),
      apply: async (_target, _this, args: unknown[]) => {
        const call = ctx.readCache.call(viewer, path.join('.'), args[0]);
        if (call.known !== undefined) return call.known;
        const procedure = path.reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], caller) as (input: unknown) => Promise<unknown>;
        const data = await procedure(args[0]);
        call.remember(data);
        return data;
      },
    });
  return at([]) as Caller;
}

/**
 * A REST adapter: builds the same context as tRPC, calls the procedure through a caller (same
 * validation, same permissions) and maps errors to the error JSON of docs/api.md#errors.
 * `undefined` answers 204. A cached list is serialized once for everyone who reads it within its
 * second, and a GET repeated by the same viewer while its list is held skips the procedure.
 */
export function rest(handler: (args: RestArgs) => Promise<unknown>, options: { status?: number } = {}): RouteHandlerMethod {
  const status = options.status ?? 200;
  return async function restHandler(req, reply) {
    try {
      const ctx = await createContext(req.server.db, req, reply);
      const caller = req.method === 'GET' ? recallingCaller(ctx) : createCaller(ctx);
      const result = await handler({ caller, req, reply });
      if (reply.sent) return reply;
      if (result === undefined) return reply.code(204).send();
      reply.code(status);
      if (!isShared(result)) return reply.send(result);
      return reply.type(JSON_TYPE).send(encodeOnce(result, toJson));
    } catch (error) {
      return sendError(req, reply, error);
    }
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * Who may call a path: anyone; any signed-in user (their own rows); staff of the shop the path
 * names (403 for a role too small, 404 for everyone else); administrators.
 */
export type RestAuth = 'public' | 'user' | 'staff' | 'admin' | 'tech';

/** What the API reference says about one REST path; the schemas are the ones the procedure uses. */
export interface RestDoc {
  method: HttpMethod;
  /** Fastify syntax (`/api/avatars/:id`). */
  url: string;
  summary: string;
  tag: string;
  auth: RestAuth;
  /** Status of a successful answer (204 when it has no body). */
  status: number;
  /** The tRPC procedure behind the path (dotted), whose zod input documents the request. */
  procedure?: string;
  /** Where the procedure's input comes from in the HTTP request. */
  inputFrom?: 'body' | 'query';
  /** For paths not backed by a procedure: the request body's schema. */
  bodySchema?: z.ZodType;
  /** Content type of a non-JSON answer (e.g. text/csv, text/html). */
  produces?: string;
  /** A multipart upload: the form's file part, by name (documented as binary). */
  multipartFile?: string;
  description?: string;
  /** A larger request body than the app's default, for this path only (a CSV import). */
  bodyLimit?: number;
  /** The body may also be the input's one text field itself, sent with this content type (a CSV file). */
  textBody?: { contentType: string; field: string };
  /** Query switches of a path whose input is its body: name → what `true` does. */
  queryFlags?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    restDocs: RestDoc[];
  }
}

/** Registers a REST path and its documentation together, so the reference cannot miss one. */
export function restRoute(
  app: FastifyInstance,
  doc: Omit<RestDoc, 'status'> & { status?: number },
  handler: (args: RestArgs) => Promise<unknown>,
): void {
  const status = doc.status ?? (doc.method === 'POST' ? 201 : 200);
  app.restDocs.push({ ...doc, status });
  app.route({ method: doc.method, url: doc.url, handler: rest(handler, { status }), ...(doc.bodyLimit ? { bodyLimit: doc.bodyLimit } : {}) });
}

/** Documents a path registered by hand (sign-in pages, redirects). */
export function documentRoute(app: FastifyInstance, doc: RestDoc): void {
  app.restDocs.push(doc);
}

/** A JSON object body (none reads as {}); an array or text is refused before it reaches a procedure. */
export function objectBody(req: FastifyRequest): Record<string, unknown> {
  const body = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  throw domainError('BAD_REQUEST', 'Send a JSON object as the request body');
}

/** A query parameter; an empty one (`?status=`) means no filter, as a blank form field would. */
export function queryParam(req: FastifyRequest, key: string): string | undefined {
  const value = (req.query as Record<string, string | string[] | undefined>)[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first;
}

/** The `:id` of the path; the procedure validates it. */
export function pathId(req: FastifyRequest): string {
  return (req.params as { id: string }).id;
}
