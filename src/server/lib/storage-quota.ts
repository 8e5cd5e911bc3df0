import { sql } from 'kysely';
import { formatBytes } from '../../shared/files.ts';
import type { Executor } from '../db/index.ts';
import { domainError } from '../http/errors.ts';

/**
 * What a person may keep stored (docs/files.md#rules, docs/scans.md#storage): files and scan
 * photos each have their own quota, checked the same way, behind the person's row lock so that two
 * uploads at once cannot both squeeze in, and refused with 409 saying how much is used and what to do.
 */

/**
 * Serialises one person's uploads. NO KEY UPDATE leaves rows that only reference the person (a new
 * file, a new scan session) free to be written meanwhile. False when the account is gone.
 */
export async function lockUploader(db: Executor, userId: string): Promise<boolean> {
  const row = await sql<{ id: string }>`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`.execute(db);
  return row.rows.length > 0;
}

export interface QuotaCheck {
  /** Bytes already stored. */
  used: number;
  /** Bytes this upload adds. */
  adding: number;
  quota: number;
  /** What is counted, as the sentence names it ("files", "scan photos") and one of them ("file", "photo"). */
  kept: string;
  one: string;
  /** What to do instead, a whole sentence. */
  advice: string;
}

/** Refuses an upload that would pass the quota (409). */
export function requireRoom(check: QuotaCheck): void {
  if (check.used + check.adding <= check.quota) return;
  throw domainError(
    'CONFLICT',
    `Your ${check.kept} already use ${formatBytes(check.used)} of your ${formatBytes(check.quota)}: this ${formatBytes(check.adding)} ${check.one} does not fit. ${check.advice}`,
  );
}
