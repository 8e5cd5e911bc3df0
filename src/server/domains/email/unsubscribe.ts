import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../../db/index.ts';
import { publicLink } from '../../lib/mail.ts';

/**
 * Unsubscribe links (docs/notifications.md#e-mail): `<user id>.<HMAC of it>`, signed with a random
 * key kept in the database, so every app process checks them alike and no sign-in is needed. A link
 * only ever turns e-mail off for its own account.
 */
const SECRET_KEY = 'email_token_secret';
const secrets = new WeakMap<object, Buffer>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function readSecret(db: Executor): Promise<Buffer | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', SECRET_KEY).executeTakeFirst();
  return row ? Buffer.from(row.value, 'base64url') : null;
}

/** The key, made on first use (the first link sent); checking a link never makes one. */
async function secretOf(db: Executor, create: boolean): Promise<Buffer | null> {
  const known = secrets.get(db);
  if (known) return known;
  if (create) {
    await db
      .insertInto('app_settings')
      .values({ key: SECRET_KEY, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
  const secret = await readSecret(db);
  if (secret) secrets.set(db, secret);
  return secret;
}

function signature(secret: Buffer, userId: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest();
}

export async function unsubscribeToken(db: Executor, userId: string): Promise<string> {
  const secret = await secretOf(db, true);
  if (!secret) throw new Error('The e-mail link key could not be stored');
  return `${userId}.${signature(secret, userId).toString('base64url')}`;
}

/** The user a token names, or null when it is not one of ours. */
export async function userOfToken(db: Executor, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [userId, mac, extra] = token.split('.');
  if (!userId || !mac || extra !== undefined || !UUID.test(userId)) return null;
  const secret = await secretOf(db, false);
  if (!secret) return null;
  const expected = signature(secret, userId);
  const given = Buffer.from(mac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

export async function unsubscribeLink(db: Executor, userId: string): Promise<string> {
  return publicLink(`/api/email/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(db, userId))}`);
}

/** Turns e-mail notifications off; false when the account is gone. */
export async function turnOffEmail(db: Executor, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ preferences: sql<string>`preferences || '{"emailNotifications": false}'::jsonb`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
