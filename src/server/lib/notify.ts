import type { Executor } from '../db/index.ts';

/** An in-app notification for one user (a shop replied, a status changed): docs/notifications.md. */
export interface NewNotification {
  userId: string;
  kind: 'inquiry_reply' | 'inquiry_status' | 'appointment_status' | 'appointment_change' | 'staff_invite' | 'request_received' | 'service_due';
  title: string;
  body?: string;
  /** A path inside the app, e.g. `/requests?inquiry=<id>`. */
  link?: string | null;
}

export async function notify(db: Executor, notification: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      user_id: notification.userId,
      kind: notification.kind,
      title: notification.title.slice(0, 200),
      body: (notification.body ?? '').slice(0, 1000),
      link: notification.link ?? null,
    })
    .execute();
}
