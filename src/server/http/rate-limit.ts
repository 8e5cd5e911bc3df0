import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `key` in a fixed window kept in PostgreSQL, so every app process shares the
 * count. One atomic upsert: no read-then-write race between concurrent requests.
 */
export async function consumeRateLimit(db: Executor, key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const result = await sql<{ count: number; reset_at: Date }>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowMs / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, reset_at`.execute(db);
  const row = result.rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.reset_at).getTime() - Date.now()) / 1000));
  return { allowed: row.count <= rule.limit, retryAfterSeconds };
}

/**
 * Takes back one hit of the current window (an attempt that turned out to be legitimate). It
 * removes that hit only, never the others' count: a success does not wipe out anyone's failures.
 */
export async function refundRateLimit(db: Executor, key: string): Promise<void> {
  await sql`UPDATE rate_limits SET count = count - 1 WHERE key = ${key} AND count > 0 AND reset_at > now()`.execute(db);
}

export async function pruneRateLimits(db: Executor): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<', new Date()).execute();
}
