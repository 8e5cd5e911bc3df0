import { sql } from 'kysely';
import type { Executor } from '../db/index.ts';
import { enqueueJob } from './jobs.ts';
import { mailConfigured } from './mail.ts';

/** An in-app notification for one user (a shop replied, a status changed): docs/notifications.md. */
export interface NewNotification {
  userId: string;
  kind: 'inquiry_reply' | 'inquiry_status' | 'appointment_status' | 'appointment_change' | 'staff_invite' | 'request_received' | 'service_due' | 'vehicle_shared' | 'inspection_shared' | 'repair_order' | 'purchase_order';
  title: string;
  body?: string;
  /** A path inside the app, e.g. `/requests?inquiry=<id>`. */
  link?: string | null;
}

/** The job that e-mails one notification (registered by the e-mail domain: src/server/domains/email/jobs.ts). */
const NOTIFICATION_MAIL_JOB = 'email.notification';

/** A notification's texts as stored: title and body cut to the columns' lengths. */
function stored(notification: Omit<NewNotification, 'userId'>): { title: string; body: string; link: string | null } {
  return { title: notification.title.slice(0, 200), body: (notification.body ?? '').slice(0, 1000), link: notification.link ?? null };
}

/**
 * Writes the notification and, when e-mail is configured, a job that e-mails it to a user who
 * chose "Each event" (docs/notifications.md#e-mail). Inside a transaction both exist once it commits.
 */
export async function notify(db: Executor, notification: NewNotification): Promise<void> {
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      ...stored(notification),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await mailed(db, [row.id]);
}

/** At most this many of a shop's owners and managers hear of one new request. */
const SHOP_LEADS_HEARD = 20;

/**
 * The same notification for each owner and manager of a shop but `except` (the one who acted), in
 * one statement, with its e-mail jobs as `notify` writes them.
 */
export async function notifyShopLeads(
  db: Executor,
  serviceCenterId: string,
  except: string | null,
  notification: Omit<NewNotification, 'userId'>,
): Promise<void> {
  const { title, body, link } = stored(notification);
  let leads = db
    .selectFrom('shop_staff')
    .select([
      'user_id',
      sql<string>`${notification.kind}::text`.as('kind'),
      sql<string>`${title}::text`.as('title'),
      sql<string>`${body}::text`.as('body'),
      sql<string | null>`${link}::text`.as('link'),
    ])
    .where('service_center_id', '=', serviceCenterId)
    .where('role', 'in', ['owner', 'manager'])
    .orderBy('user_id')
    .limit(SHOP_LEADS_HEARD);
  if (except) leads = leads.where('user_id', '<>', except);
  const rows = await db.insertInto('notifications').columns(['user_id', 'kind', 'title', 'body', 'link']).expression(leads).returning('id').execute();
  await mailed(db, rows.map((row) => row.id));
}

async function mailed(db: Executor, notificationIds: string[]): Promise<void> {
  if (!mailConfigured()) return;
  for (const notificationId of notificationIds) {
    await enqueueJob(db, NOTIFICATION_MAIL_JOB, { notificationId }, { idempotencyKey: `${NOTIFICATION_MAIL_JOB}:${notificationId}` });
  }
}
