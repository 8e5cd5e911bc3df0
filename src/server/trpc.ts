import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY, type TRPC_ERROR_CODE_NUMBER } from '@trpc/server/rpc';
import superjson from 'superjson';
import { z, ZodError } from 'zod';
import type { Context } from './context.ts';
import { databaseInputError, ErrorDetails, firstZodMessage, isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './http/errors.ts';

type DefaultErrorShape = {
  message: string;
  code: TRPC_ERROR_CODE_NUMBER;
  data: { code: TRPC_ERROR_CODE_KEY; httpStatus: number; path?: string };
};

/**
 * The error of a call as clients read it: internals stay in the log (with the request id) and the
 * client gets a plain sentence; a failed input validation reads as its first problem, not as zod's
 * JSON dump. tRPC's handler and the GET query path (http/trpc-queries.ts) both answer with it.
 */
function formatError(shape: DefaultErrorShape, error: TRPCError) {
  const internal = error.code === 'INTERNAL_SERVER_ERROR';
  return {
    ...shape,
    message: internal
      ? 'Something went wrong on our side. Please try again.'
      : error.cause instanceof ZodError
        ? firstZodMessage(error.cause)
        : shape.message,
    data: {
      code: shape.data.code,
      httpStatus: shape.data.httpStatus,
      path: shape.data.path,
      zodError: error.cause instanceof ZodError ? z.flattenError(error.cause) : null,
      // What a refused request did establish (e.g. a partial VIN decode), for the client to act on.
      details: error.cause instanceof ErrorDetails ? error.cause.details : null,
    },
  };
}

/** `formatError` of a call's error, built from tRPC's public error codes as tRPC builds its default shape. */
export function errorShapeOf(error: TRPCError, path: string | undefined): ReturnType<typeof formatError> {
  return formatError(
    { message: error.message, code: TRPC_ERROR_CODES_BY_KEY[error.code], data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path } },
    error,
  );
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter: ({ shape, error }) => formatError(shape, error),
});

export const router = t.router;
/** One path prefix answered by two domains' routers (e.g. `garage.*` and `garage.records.*`). */
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * A lost database connection is a passing fault (503); input the database refused is the
 * client's (400/409). Neither is a 500.
 */
function mapDatabaseFaults<R extends { ok: true } | { ok: false; error: TRPCError }>(result: R): R {
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    if (isDatabaseUnavailable(result.error.cause)) {
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause: result.error.cause });
    }
    const refused = databaseInputError(result.error.cause);
    if (refused) throw new TRPCError({ code: refused.code, message: refused.message, cause: result.error.cause });
  }
  return result;
}

function signedIn(user: Context['user']): NonNullable<Context['user']> {
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'No authenticated session' });
  return user;
}

// One middleware per kind of procedure: every middleware level copies the call's options and
// context, which was a quarter of a cached query's cost when the checks were stacked as three.
export const publicProcedure = t.procedure.use(async ({ next }) => mapDatabaseFaults(await next()));

export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const user = signedIn(ctx.user);
  return mapDatabaseFaults(await next({ ctx: { user } }));
});
