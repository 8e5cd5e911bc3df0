import { registerEmailJobs } from './domains/email/jobs.ts';
import { registerScanJobs } from './domains/scans/job.ts';
import { pruneExpiredInvites } from './domains/shops/invites.ts';
import { pruneRateLimits } from './http/rate-limit.ts';
import { pruneExpiredSessions } from './http/sessions.ts';
import { scanDueCrossings } from './lib/due-crossings.ts';
import { enqueueJob, pruneFinishedJobs, registerJob, registerSchedule } from './lib/jobs.ts';

/**
 * Every background job and schedule of the app (docs/jobs.md), registered once before the runner
 * starts, as src/server/router.ts gathers the procedures. Times are UTC.
 */
let registered = false;

export function registerAppJobs(): void {
  if (registered) return;
  registered = true;

  registerJob('cleanup.sessions', async (_payload, { db }) => {
    await pruneExpiredSessions(db);
    await pruneRateLimits(db);
  });
  registerSchedule('cleanup.sessions', { hourly: 7 });

  registerJob('cleanup.daily', async (_payload, { db }) => {
    await pruneExpiredInvites(db);
    await pruneFinishedJobs(db);
  });
  registerSchedule('cleanup.daily', { daily: '03:20' });

  // Due and overdue services and reminders, announced once per crossing (docs/reminders.md). One
  // job scans a bounded batch of vehicles and queues the next batch under its own key.
  registerJob<{ scheduledFor?: string; after?: string }>('garage.dueCrossings', async (payload, { db, now }) => {
    const { next } = await scanDueCrossings(db, now, { after: payload.after ?? null });
    if (next) {
      const round = payload.scheduledFor ?? now.toISOString().slice(0, 10);
      await enqueueJob(db, 'garage.dueCrossings', { scheduledFor: round, after: next }, { idempotencyKey: `garage.dueCrossings:${round}:${next}` });
    }
  });
  registerSchedule('garage.dueCrossings', { daily: '06:00' });

  registerEmailJobs();
  registerScanJobs();
}
