import { registerJob, registerSchedule } from '../../lib/jobs.ts';
import { DIGEST_JOB, DIGEST_SCAN_JOB, enqueueWeeklyDigests, NOTIFICATION_MAIL_JOB, sendDigest, sendNotificationMail } from './delivery.ts';

/** The e-mail jobs (docs/notifications.md#e-mail): each event's e-mail, and the weekly digests on Monday morning (UTC). */
export function registerEmailJobs(): void {
  registerJob<{ notificationId: string }>(NOTIFICATION_MAIL_JOB, async ({ notificationId }, { db }) => {
    await sendNotificationMail(db, notificationId);
  });
  registerJob(DIGEST_SCAN_JOB, async (_payload, { db, now }) => {
    await enqueueWeeklyDigests(db, now);
  });
  registerSchedule(DIGEST_SCAN_JOB, { weekly: 'mon 07:00' });
  registerJob<{ userId: string; week: string; until: string }>(DIGEST_JOB, async (payload, { db }) => {
    await sendDigest(db, payload);
  });
}
