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
      title: notification.title.slice(0, 200),
      body: (notification.body ?? '').slice(0, 1000),
      link: notification.link ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (mailConfigured()) {
    await enqueueJob(db, NOTIFICATION_MAIL_JOB, { notificationId: row.id }, { idempotencyKey: `${NOTIFICATION_MAIL_JOB}:${row.id}` });
  }
}
