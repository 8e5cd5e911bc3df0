import type { Executor } from '../../db/index.ts';
import { consumeRateLimit, refundRateLimit, type RateLimitResult, type RateLimitRule } from '../../http/rate-limit.ts';

/**
 * Password guesses against one account, from any number of addresses: sign-in and the current
 * password check of a password change draw on the same allowance, since they test the same secret.
 */
export const ACCOUNT_ATTEMPTS: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

export const TOO_MANY_ACCOUNT_ATTEMPTS = 'Too many failed password attempts for this account. Please wait 15 minutes and try again.';

/** Keyed by the address typed, account or not, so the limit itself tells no one which exist. */
function accountKey(email: string): string {
  return `account:${email}`;
}

/**
 * Counts an attempt before the password is checked (so parallel guesses cannot slip past the
 * limit) and gives it back when the password was right: only failures stay counted.
 */
export async function attemptOnAccount<T>(
  db: Executor,
  email: string,
  check: () => Promise<T>,
): Promise<{ limited: RateLimitResult } | { value: T }> {
  const key = accountKey(email);
  const limit = await consumeRateLimit(db, key, ACCOUNT_ATTEMPTS);
  if (!limit.allowed) return { limited: limit };
  const value = await check();
  await refundRateLimit(db, key);
  return { value };
}
