import { sql } from 'kysely';
import { preferencesSchema, type Preferences } from '../../../shared/auth.ts';
import type { Executor } from '../../db/index.ts';
import { deliverMail, mailAppName, mailConfigured } from '../../lib/mail.ts';
import { digestMail, eventMail, type MailItem } from './texts.ts';
import { unsubscribeLink } from './unsubscribe.ts';

/**
 * Notification e-mails (docs/notifications.md#e-mail, decision 097), sent by jobs so a mail server's
 * trouble is retried: one e-mail per notification for "Each event", or one digest a week of what is
 * unread for "Weekly digest". The choice is read when the e-mail is sent, so a change applies at once.
 */

export const NOTIFICATION_MAIL_JOB = 'email.notification';
export const DIGEST_SCAN_JOB = 'email.weeklyDigests';
export const DIGEST_JOB = 'email.digest';
/** A digest lists at most this many notifications, newest first, and counts the rest. */
export const DIGEST_ITEM_LIMIT = 30;
const FIRST_DIGEST_DAYS = 7;

function preferencesOf(stored: unknown): Preferences {
  const parsed = preferencesSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : preferencesSchema.parse({});
}

/** The ISO week `date` lies in, e.g. 2026-W48 (weeks start on Monday, UTC). */
export function isoWeek(date: Date): string {
  const thursday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  thursday.setUTCDate(thursday.getUTCDate() + 4 - (thursday.getUTCDay() || 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** E-mails one notification to its user when they chose "Each event"; false when nothing was sent. */
export async function sendNotificationMail(db: Executor, notificationId: string): Promise<boolean> {
  if (!mailConfigured()) return false;
  const row = await db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.title', 'n.body', 'n.link', 'n.created_at', 'u.id as user_id', 'u.email', 'u.first_name', 'u.preferences'])
    .where('n.id', '=', notificationId)
    .executeTakeFirst();
  if (!row) return false;
  const preferences = preferencesOf(row.preferences);
  if (!preferences.emailNotifications || preferences.emailCadence !== 'each') return false;
  const item: MailItem = { title: row.title, body: row.body, link: row.link, createdAt: row.created_at };
  // Throws when the mail server refuses: the job is tried again later.
  return deliverMail(eventMail({ email: row.email, firstName: row.first_name }, item, mailAppName(), await unsubscribeLink(db, row.user_id)));
}

/**
 * Enqueues this week's digest for every user who chose it and has unread notifications since
 * their last digest; one job per user and week, however often this runs. Answers how many.
 */
export async function enqueueWeeklyDigests(db: Executor, now: Date): Promise<number> {
  if (!mailConfigured()) return 0;
  const week = isoWeek(now);
  const until = now.toISOString();
  const result = await sql`INSERT INTO jobs (name, payload, idempotency_key)
      SELECT ${DIGEST_JOB}::text, jsonb_build_object('userId', u.id, 'week', ${week}::text, 'until', ${until}::text),
             ${`${DIGEST_JOB}:`}::text || u.id::text || ':' || ${week}::text
      FROM users u
      WHERE u.preferences -> 'emailNotifications' IS DISTINCT FROM 'false'::jsonb
        AND u.preferences ->> 'emailCadence' = 'weekly'
        AND NOT EXISTS (SELECT 1 FROM email_digests d WHERE d.user_id = u.id AND d.week = ${week}::text)
        AND EXISTS (
          SELECT 1 FROM notifications n
          WHERE n.user_id = u.id AND n.read_at IS NULL AND n.created_at <= ${until}::timestamptz
            AND n.created_at > coalesce(
              (SELECT max(d.items_until) FROM email_digests d WHERE d.user_id = u.id),
              ${until}::timestamptz - make_interval(days => ${FIRST_DIGEST_DAYS})))
      ON CONFLICT (idempotency_key) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface DigestJob {
  userId: string;
  week: string;
  /** ISO time: the digest lists notifications up to here. */
  until: string;
}

/** Sends one user's digest of one week, once; false when there was nothing to send. */
export async function sendDigest(db: Executor, job: DigestJob): Promise<boolean> {
  if (!mailConfigured()) return false;
  const sent = await db.selectFrom('email_digests').select('week').where('user_id', '=', job.userId).where('week', '=', job.week).executeTakeFirst();
  if (sent) return false;
  const user = await db.selectFrom('users').select(['email', 'first_name', 'preferences']).where('id', '=', job.userId).executeTakeFirst();
  if (!user) return false;
  const preferences = preferencesOf(user.preferences);
  if (!preferences.emailNotifications || preferences.emailCadence !== 'weekly') return false;

  const until = new Date(job.until);
  const last = await db
    .selectFrom('email_digests')
    .select(sql<Date | null>`max(items_until)`.as('until'))
    .where('user_id', '=', job.userId)
    .executeTakeFirst();
  const since = last?.until ?? new Date(until.getTime() - FIRST_DIGEST_DAYS * 86_400_000);
  const unread = db
    .selectFrom('notifications')
    .where('user_id', '=', job.userId)
    .where('read_at', 'is', null)
    .where('created_at', '>', since)
    .where('created_at', '<=', until);
  const [{ total }, rows] = await Promise.all([
    unread.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    unread.select(['title', 'body', 'link', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(DIGEST_ITEM_LIMIT).execute(),
  ]);
  if (total === 0) return false;
  const items = rows.map((row): MailItem => ({ title: row.title, body: row.body, link: row.link, createdAt: row.created_at }));
  await deliverMail(digestMail({ email: user.email, firstName: user.first_name }, items, total, mailAppName(), await unsubscribeLink(db, job.userId)));
  // Recorded once sent: should recording fail, the retry sends again rather than never.
  await db
    .insertInto('email_digests')
    .values({ user_id: job.userId, week: job.week, items_until: until, item_count: total })
    .onConflict((oc) => oc.columns(['user_id', 'week']).doNothing())
    .execute();
  return true;
}
