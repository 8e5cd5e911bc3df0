import type { FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { createContext } from '../context.ts';
import { appRouter, createCaller, type Caller } from '../router.ts';
import { encodeOnce } from './read-cache.ts';
import { viewerOfGet } from './rest.ts';

/** Every query procedure's dotted path; GET may call these and nothing else. */
export const QUERY_PATHS: ReadonlySet<string> = new Set(
  Object.entries(appRouter._def.procedures as Record<string, { _def?: { type?: unknown } }>)
    .filter(([, procedure]) => procedure._def?.type === 'query')
    .map(([path]) => path),
);

type Query = (input: unknown) => Promise<unknown>;
type SuperJsonInput = Parameters<typeof superjson.deserialize>[0];

/** How many GET requests this path answered (how many of them wholly or partly from memory), and how many it left to tRPC. */
export const plainQueryCounts = { answered: 0, remembered: 0, declined: 0 };

function queryAt(caller: Caller, path: string): Query {
  // The caller is a proxy: every dotted path resolves to a callable that runs that procedure with
  // its input validation and middlewares.
  let node: unknown = caller;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return node as Query;
}

/** One successful item of tRPC's HTTP answer, with the data in superjson's envelope. */
const resultItem = (data: unknown): string => JSON.stringify({ result: { data: superjson.serialize(data) } });

interface PlainCall {
  path: string;
  /** The call's input as sent (superjson's envelope), undefined when none. */
  raw: unknown;
}

/** A GET that is not asking for a stream: the only kind this path may answer. */
function plainGet(req: FastifyRequest): boolean {
  return req.method === 'GET' && req.headers['trpc-accept'] === undefined && !req.headers.accept?.includes('application/jsonl');
}

/** The request's calls, or null when the request is not a plain GET of known queries. */
function plainCalls(req: FastifyRequest): { calls: PlainCall[]; batch: boolean } | null {
  const { path } = req.params as { path?: string };
  const query = req.query as Record<string, unknown>;
  if (typeof path !== 'string') return null;
  const batch = query.batch === '1';
  const paths = batch ? path.split(',') : [path];
  if (!paths.every((p) => QUERY_PATHS.has(p))) return null;
  const inputText = query.input;
  if (inputText !== undefined && typeof inputText !== 'string') return null;
  let raw: unknown;
  try {
    raw = inputText ? JSON.parse(inputText) : undefined;
  } catch {
    return null;
  }
  if (!batch) return { calls: [{ path, raw }], batch };
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return null;
  const byIndex = (raw ?? {}) as Record<string, unknown>;
  return { calls: paths.map((p, index) => ({ path: p, raw: byIndex[index] })), batch };
}

/**
 * The client's queries (`GET /trpc/a,b?batch=1&input=...`) answered without tRPC's Fetch-API
 * adapter, which costs more than a cached query itself: the same caller runs each procedure (same
 * validation, same permissions) and the answer has tRPC's exact shape. A cached answer is
 * serialized once and remembered per viewer while the cache holds it (see ReadCache). Anything
 * else, and any call that fails, is left to tRPC's own handler, which then answers the whole
 * request, errors included, in its standard way.
 */
export async function answerPlainQueries(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!plainGet(req)) {
    plainQueryCounts.declined += 1;
    return;
  }
  const readCache = req.server.readCache;
  let body: string;
  try {
    const { viewer, answerKey: requestKey } = await viewerOfGet(req);
    // The same request by the same viewer while everything it answered is still held: same text.
    const known = readCache.answerFor(requestKey);
    if (known !== undefined) {
      plainQueryCounts.answered += 1;
      plainQueryCounts.remembered += 1;
      return send(reply, known);
    }
    const request = plainCalls(req);
    if (!request) {
      plainQueryCounts.declined += 1;
      return;
    }
    const keys = request.calls.map(({ path, raw }) => `${viewer}|trpc ${path}|${raw === undefined ? '' : JSON.stringify(raw)}`);
    const items = keys.map((key) => readCache.answerFor(key));
    const values: unknown[] = [];
    const missing = items.flatMap((item, index) => (item === undefined ? [index] : []));
    if (missing.length < items.length) plainQueryCounts.remembered += 1;
    if (missing.length > 0) {
      const caller = createCaller(await createContext(req.server.db, req, reply));
      const results = await Promise.all(
        missing.map((index) => {
          const { path, raw } = request.calls[index] as PlainCall;
          return queryAt(caller, path)(raw === undefined ? undefined : superjson.deserialize(raw as SuperJsonInput));
        }),
      );
      results.forEach((data, i) => {
        const index = missing[i] as number;
        const item = encodeOnce(data, resultItem);
        items[index] = item;
        values.push(data);
        readCache.remember(keys[index] as string, [data], item);
      });
    }
    body = request.batch ? `[${items.join(',')}]` : (items[0] as string);
    // Remembered whole only when every call ran now and answered a held value.
    if (missing.length === items.length) readCache.remember(requestKey, values, body);
  } catch {
    // A failed call, input superjson cannot read, or a database that does not answer: tRPC
    // answers the request its own way.
    plainQueryCounts.declined += 1;
    return;
  }
  plainQueryCounts.answered += 1;
  return send(reply, body);
}

function send(reply: FastifyReply, body: string): FastifyReply {
  return reply.code(200).header('vary', 'trpc-accept, accept').type('application/json').send(body);
}
