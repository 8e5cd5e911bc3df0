import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { z, ZodError } from 'zod';

/** Extra JSON a client may act on (e.g. what a partial VIN decode did find), carried as a TRPCError cause. */
export class ErrorDetails extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ErrorDetails';
  }
}

export function domainError(
  code: TRPCError['code'],
  message: string,
  details?: Record<string, unknown>,
): TRPCError {
  return new TRPCError({ code, message, cause: details ? new ErrorDetails(message, details) : undefined });
}

export interface ErrorBody {
  message: string;
  code: string;
  issues?: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> };
  details?: Record<string, unknown>;
  requestId?: string;
}

const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

/** True for errors that mean the database went away (killed connection, server restart). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(current.message)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * Input the database refused (bad UUID text, a CHECK or foreign key, a duplicate): a client error
 * that a schema should have caught first. The safety net answers 4xx instead of 500.
 */
export function databaseInputError(error: unknown): { code: 'BAD_REQUEST' | 'CONFLICT'; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) {
      if (code === '23505') return { code: 'CONFLICT', message: 'This conflicts with data that already exists' };
      if (code === '23503') return { code: 'BAD_REQUEST', message: 'A referenced record does not exist' };
      return { code: 'BAD_REQUEST', message: 'Invalid input' };
    }
    current = current.cause;
  }
  return null;
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again.';

export function firstZodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  return field && !issue.message.toLowerCase().includes(field.toLowerCase())
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** One mapping from any thrown error to the REST error JSON (docs/api.md#errors). */
/** How long a refused client should wait (a 429 that knows it), for the Retry-After header. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCError) || error.code !== 'TOO_MANY_REQUESTS' || !(error.cause instanceof ErrorDetails)) return undefined;
  const seconds = error.cause.details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export function toHttpError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) {
    if (error.cause instanceof ZodError) {
      return {
        status: 400,
        body: { message: firstZodMessage(error.cause), code: 'BAD_REQUEST', issues: z.flattenError(error.cause) },
      };
    }
    if (isDatabaseUnavailable(error.cause)) {
      return { status: 503, body: { message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' } };
    }
    const refused = error.code === 'INTERNAL_SERVER_ERROR' ? databaseInputError(error.cause) : null;
    if (refused) return { status: refused.code === 'CONFLICT' ? 409 : 400, body: refused };
    const status = getHTTPStatusCodeFromError(error);
    // A deliberate 503 (a dependency still loading) carries a message meant for the user.
    if (error.code === 'SERVICE_UNAVAILABLE') return { status, body: { message: error.message, code: error.code } };
    if (status >= 500) return { status: 500, body: { message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' } };
    const details = error.cause instanceof ErrorDetails ? error.cause.details : undefined;
    return { status, body: { message: error.message, code: error.code, ...(details ? { details } : {}) } };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { message: firstZodMessage(error), code: 'BAD_REQUEST', issues: z.flattenError(error) } };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' } };
  }
  const refused = databaseInputError(error);
  if (refused) return { status: refused.code === 'CONFLICT' ? 409 : 400, body: refused };
  const fastifyStatus = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof fastifyStatus === 'number' && fastifyStatus >= 400 && fastifyStatus < 500) {
    return { status: fastifyStatus, body: fastifyClientError(fastifyStatus, error) };
  }
  return { status: 500, body: { message: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' } };
}

function fastifyClientError(status: number, error: unknown): ErrorBody {
  switch (status) {
    case 413:
      return { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
    case 415:
      return { message: 'Unsupported content type: send JSON', code: 'UNSUPPORTED_MEDIA_TYPE' };
    case 429:
      return { message: 'Too many requests. Please wait a moment and try again.', code: 'TOO_MANY_REQUESTS' };
    case 404:
      return { message: 'Not found', code: 'NOT_FOUND' };
    default: {
      const message = error instanceof Error && error.message ? error.message : 'Bad request';
      // Fastify's own messages (malformed JSON, bad content length) are safe to show.
      return { message, code: 'BAD_REQUEST' };
    }
  }
}
