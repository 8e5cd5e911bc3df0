import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { createContext } from '../context.ts';
import { createCaller, type Caller } from '../router.ts';
import { toHttpError, type ErrorBody } from './errors.ts';

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
  return reply.code(status).send(body);
}

/**
 * A REST adapter: builds the same context as tRPC, calls the procedure through a caller (same
 * validation, same permissions) and maps errors to PRODUCT.md's JSON. `undefined` answers 204.
 */
export function rest(handler: (args: RestArgs) => Promise<unknown>, options: { status?: number } = {}): RouteHandlerMethod {
  return async function restHandler(req, reply) {
    try {
      const caller = createCaller(await createContext(req.server.db, req, reply));
      const result = await handler({ caller, req, reply });
      if (reply.sent) return reply;
      if (result === undefined) return reply.code(204).send();
      return reply.code(options.status ?? 200).send(result);
    } catch (error) {
      return sendError(req, reply, error);
    }
  };
}
