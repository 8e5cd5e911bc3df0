import { domainError } from '../http/errors.ts';

/**
 * Runs a query that reads a time zone, answering 400 for a zone PostgreSQL does not know. The zone
 * was already checked against the runtime's zone list, but PostgreSQL keeps its own: a zone only one
 * of them knows must still be the caller's bad input, not a 500.
 */
export async function refusingUnknownTimeZone<T>(timeZone: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === '22023' && /time zone/i.test((error as Error).message)) {
      throw domainError('BAD_REQUEST', `Unknown time zone: ${timeZone}`);
    }
    throw error;
  }
}
