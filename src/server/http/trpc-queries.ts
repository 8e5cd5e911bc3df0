import type { FastifyReply, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { createContext } from '../context.ts';
import { appRouter, createCaller, type Caller } from '../router.ts';
import { encodeOnce } from './read-cache.ts';

/** Every query procedure's dotted path; GET may call these and nothing else. */
export const QUERY_PATHS: ReadonlySet<string> = new Set(
  Object.entries(appRouter._def.procedures as Record<string, { _def?: { type?: unknown } }>)
    .filter(([, procedure]) => procedure._def?.type === 'query')
    .map(([path]) => path),
);

type Query = (input: unknown) => Promise<unknown>;

/** How many GET requests this path answered and how many it left to tRPC's handler. */
export const plainQueryCounts = { answered: 0, declined: 0 };

function queryAt(caller: Caller, path: string): Query {
  // The caller is a proxy: every dotted path resolves to a callable that runs that procedure with
  // its input validation and middlewares.
  let node: unknown = caller;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return node as Query;
}

/** One successful item of tRPC's HTTP answer, with the data in superjson's envelope. */
const resultItem = (data: unknown): string => JSON.stringify({ result: { data: superjson.serialize(data) } });

/** The request's calls, or null when the request is not a plain GET of known queries. */
function plainQueries(req: FastifyRequest): { paths: string[]; inputs: unknown[]; batch: boolean } | null {
  if (req.method !== 'GET' || req.headers['trpc-accept'] !== undefined) return null;
  if (req.headers.accept?.includes('application/jsonl')) return null;
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
  const inputs: unknown[] = [];
  if (!batch) {
    inputs.push(raw === undefined ? undefined : superjson.deserialize(raw as Parameters<typeof superjson.deserialize>[0]));
  } else {
    if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return null;
    const byIndex = (raw ?? {}) as Record<string, unknown>;
    for (const index of paths.keys()) {
      const input = byIndex[index];
      inputs.push(input === undefined ? undefined : superjson.deserialize(input as Parameters<typeof superjson.deserialize>[0]));
    }
  }
  return { paths, inputs, batch };
}

/**
 * The client's queries (`GET /trpc/a,b?batch=1&input=...`) answered without tRPC's Fetch-API
 * adapter, which costs more than a cached query itself: the same caller runs each procedure (same
 * validation, same permissions) and the answer has tRPC's exact shape. A cached answer is
 * serialized once (see ReadCache). Anything else, and any call that fails, is left to tRPC's own
 * handler, which then answers the whole request, errors included, in its standard way.
 */
export async function answerPlainQueries(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  let calls: ReturnType<typeof plainQueries>;
  try {
    calls = plainQueries(req);
  } catch {
    plainQueryCounts.declined += 1;
    return; // malformed superjson input: tRPC reports it
  }
  if (!calls) {
    plainQueryCounts.declined += 1;
    return;
  }
  const caller = createCaller(await createContext(req.server.db, req, reply));
  let items: string[];
  try {
    const results = await Promise.all(calls.paths.map((path, i) => queryAt(caller, path)(calls.inputs[i])));
    items = results.map((data) => encodeOnce(data, resultItem));
  } catch {
    plainQueryCounts.declined += 1;
    return;
  }
  plainQueryCounts.answered += 1;
  return reply
    .code(200)
    .header('vary', 'trpc-accept, accept')
    .type('application/json')
    .send(calls.batch ? `[${items.join(',')}]` : items[0]);
}
