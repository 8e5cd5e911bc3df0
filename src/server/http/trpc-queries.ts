import { callTRPCProcedure, getTRPCErrorFromUnknown, type TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { createContext } from '../context.ts';
import { appRouter } from '../router.ts';
import { errorShapeOf } from '../trpc.ts';
import { encodeOnce, isShared, viewerKey } from './read-cache.ts';

/** Calls one tRPC request may carry; tRPC's own handler is given the same bound. */
export const MAX_BATCH_CALLS = 10;

type SuperJsonInput = Parameters<typeof superjson.deserialize>[0];

interface QueryCall {
  path: string;
  /** The call's input, deserialized from superjson's envelope (undefined when none). */
  input: unknown;
}

/**
 * One successful item of tRPC's HTTP answer, with the data in superjson's envelope, as the UTF-8
 * bytes sent: a held value's item is encoded once (encodeOnce) and every answer built from it copies
 * bytes outside the JavaScript heap, instead of joining and flattening its text again per request
 * (for a 22 KB page, most of what the request allocated).
 */
const resultItem = (data: unknown): Buffer => Buffer.from(JSON.stringify({ result: { data: superjson.serialize(data) } }));

const BATCH_OPEN = Buffer.from('[');
const BATCH_COMMA = Buffer.from(',');
const BATCH_CLOSE = Buffer.from(']');

/** tRPC's batch answer: the items in a JSON array. */
function batchBody(items: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [BATCH_OPEN];
  for (const item of items) parts.push(...(parts.length > 1 ? [BATCH_COMMA, item] : [item]));
  parts.push(BATCH_CLOSE);
  return Buffer.concat(parts);
}

/** A GET that is not asking for a stream: the only kind this path answers. */
function plainGet(req: FastifyRequest): boolean {
  return req.method === 'GET' && req.headers['trpc-accept'] === undefined && !req.headers.accept?.includes('application/jsonl');
}

/**
 * The request's calls with their inputs, or null when the request is not a well-formed GET batch
 * of at most MAX_BATCH_CALLS calls (tRPC then answers it, before any procedure ran).
 */
function queryCalls(req: FastifyRequest): { calls: QueryCall[]; batch: boolean } | null {
  const { path } = req.params as { path?: string };
  const query = req.query as Record<string, unknown>;
  if (typeof path !== 'string') return null;
  const batch = query.batch === '1';
  const paths = batch ? path.split(',') : [path];
  if (paths.length > MAX_BATCH_CALLS) return null;
  const inputText = query.input;
  if (inputText !== undefined && typeof inputText !== 'string') return null;
  try {
    const raw: unknown = inputText ? JSON.parse(inputText) : undefined;
    const deserialize = (envelope: unknown) => (envelope === undefined ? undefined : superjson.deserialize(envelope as SuperJsonInput));
    if (!batch) return { calls: [{ path, input: deserialize(raw) }], batch };
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return null;
    const byIndex = (raw ?? {}) as Record<string, unknown>;
    return { calls: paths.map((p, index) => ({ path: p, input: deserialize(byIndex[index]) })), batch };
  } catch {
    return null;
  }
}

/**
 * The client's queries (`GET /trpc/a,b?batch=1&input=...`) answered without tRPC's Fetch-API
 * adapter, which costs more than a cached query itself. Each call runs once through tRPC's public
 * `callTRPCProcedure` (the procedure's own validation and middlewares; a path that is not a query
 * procedure is refused before anything runs) and the answer has tRPC's shape: results in
 * superjson's envelope, errors formatted by the same `errorShapeOf` as tRPC's handler, 207 for a
 * batch whose calls differ in status. A cached value's text is encoded once, and a viewer who
 * repeats a call while its value is held gets that value without running the procedure again
 * (see ReadCache.call: keyed by viewer, procedure and parsed input, never by the raw URL).
 * Requests this path does not take (POST, streaming, malformed input, too many calls) go on to
 * tRPC's handler untouched.
 */
export async function answerQueries(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!plainGet(req)) return;
  const request = queryCalls(req);
  if (!request) return;
  let ctx: Awaited<ReturnType<typeof createContext>>;
  try {
    ctx = await createContext(req.server.db, req, reply);
  } catch {
    // A database that does not answer: tRPC answers the request its own way (no call ran).
    return;
  }
  const statuses = new Set<number>();
  const readCache = req.server.readCache;
  const viewer = viewerKey(ctx.user, ctx.viaToken);
  // The calls' keys while every answer is a held value; then the batch's joined answer is held too.
  const keys: string[] = [];
  let allHeld = true;
  const items = await Promise.all(
    request.calls.map(({ path, input }, batchIndex) => {
      const call = readCache.call(viewer, path, input);
      if (call.key === undefined) allHeld = false;
      else keys.push(call.key);
      if (call.known !== undefined) {
        statuses.add(200);
        return encodeOnce(call.known, resultItem);
      }
      return callTRPCProcedure({ router: appRouter, path, getRawInput: async () => input, ctx, type: 'query', signal: undefined, batchIndex }).then(
        (data: unknown) => {
          call.remember(data);
          if (!isShared(data)) allHeld = false;
          statuses.add(200);
          return encodeOnce(data, resultItem);
        },
        (cause: unknown) => {
          const error: TRPCError = getTRPCErrorFromUnknown(cause);
          const status = getHTTPStatusCodeFromError(error);
          if (status >= 500) req.log.error({ err: error, reqId: req.id, path }, 'procedure failed');
          statuses.add(status);
          allHeld = false;
          return Buffer.from(JSON.stringify({ error: superjson.serialize(errorShapeOf(error, path)) }));
        },
      );
    }),
  );
  const status = statuses.size === 1 ? (statuses.values().next().value as number) : 207;
  const body = !request.batch ? items[0]! : allHeld ? readCache.joined(keys.join('\u0001'), items, batchBody) : batchBody(items);
  return reply.code(status).header('vary', 'trpc-accept, accept').type('application/json').send(body);
}
