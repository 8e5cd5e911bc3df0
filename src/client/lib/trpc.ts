import { createTRPCReact, type inferReactQueryProcedureOptions } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/router.ts';
import { OFFLINE_MESSAGE } from './connection.ts';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type ReactQueryOptions = inferReactQueryProcedureOptions<AppRouter>;

/**
 * The server's message of a failed call, or the screen's fallback text for that action
 * (docs/api.md#on-the-screens).
 */
/** A call that never got an answer (the network or the server is gone), as fetch reports it. */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const cause = (error as { cause?: unknown }).cause;
  const data = (error as { data?: unknown }).data;
  return data === undefined && (cause instanceof TypeError || /failed to fetch|networkerror|load failed|network request failed/i.test(error.message));
}

export function errorMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return OFFLINE_MESSAGE;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    return error.message;
  }
  return fallback;
}

/** Field errors from the server's flattened zod error, for a form's setErrors. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { zodError?: { fieldErrors?: Record<string, string[] | undefined> } | null } } | null)?.data;
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(data?.zodError?.fieldErrors ?? {})) {
    if (messages?.[0]) out[key] = messages[0];
  }
  return out;
}
