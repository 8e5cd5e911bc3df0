import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CalendarFeedStatus } from '../../../shared/reminders.ts';
import type { Executor } from '../../db/index.ts';
import { linkedCustomerIds } from '../../lib/shop-access.ts';

/** Feed tokens are kept as SHA-256 hashes: the address is shown once, when made. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function feedStatus(db: Executor, userId: string): Promise<CalendarFeedStatus> {
  const row = await db.selectFrom('calendar_feeds').select(['created_at', 'last_used_at']).where('user_id', '=', userId).executeTakeFirst();
  return { active: row !== undefined, createdAt: row?.created_at ?? null, lastUsedAt: row?.last_used_at ?? null };
}

/** A new token for the user; an earlier one stops working at once. */
export async function replaceFeed(db: Executor, userId: string): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const row = await db
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token_hash: hashToken(token) })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: hashToken(token), created_at: sql<Date>`now()`, last_used_at: null }))
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { token, createdAt: row.created_at };
}

export async function revokeFeed(db: Executor, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The user a live token belongs to (noting the use), or null. */
export async function feedOwner(db: Executor, token: string): Promise<string | null> {
  const row = await db
    .updateTable('calendar_feeds')
    .set({ last_used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export interface FeedAppointment {
  id: string;
  serviceType: string;
  description: string | null;
  start: Date;
  duration: number;
  status: string;
  shopName: string | null;
}

/**
 * The owner's own appointments (as the account or a linked shop customer), from 30 days back on,
 * at most `limit`, soonest first; cancelled and missed ones are left out.
 */
export async function ownAppointments(db: Executor, userId: string, now: Date, limit: number): Promise<FeedAppointment[]> {
  const rows = await db
    .selectFrom('service_appointments as a')
    .leftJoin('service_centers as c', 'c.id', 'a.service_center_id')
    .select(['a.id', 'a.service_type', 'a.description', 'a.appointment_date', 'a.duration', 'a.status', 'c.name as shop_name'])
    .where((eb) => eb.or([eb('a.customer_id', '=', userId), eb('a.shop_customer_id', 'in', linkedCustomerIds(db, userId))]))
    .where('a.status', 'not in', ['cancelled', 'no_show'])
    .where('a.appointment_date', '>=', new Date(now.getTime() - 30 * 86_400_000))
    .orderBy('a.appointment_date')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    serviceType: row.service_type,
    description: row.description,
    start: row.appointment_date,
    duration: row.duration,
    status: row.status,
    shopName: row.shop_name,
  }));
}
