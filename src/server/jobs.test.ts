import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../tests/helpers/db.ts';
import { callerFor, createUser } from '../../tests/helpers/factories.ts';
import { F150_VIN, shiftDay } from '../../tests/helpers/garage.ts';
import { registerShop } from '../../tests/helpers/shops.ts';
import type { Database } from './db/index.ts';
import { registerAppJobs } from './jobs.ts';
import { todayIn } from '../shared/dates.ts';
import { jobRegistry, type JobContext } from './lib/jobs.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function runJob(db: Database, name: string): Promise<void> {
  const definition = jobRegistry.jobs.get(name);
  if (!definition) throw new Error(`no job ${name}`);
  const context: JobContext = { db, now: new Date(), attempt: 1, jobId: randomUUID(), signal: new AbortController().signal };
  await definition.handler({ scheduledFor: new Date().toISOString() }, context);
}

describeEachDatabase('the app\u2019s scheduled jobs', (getDb) => {
  it('registers the cleanups and the weekly digest on their schedules', () => {
    registerAppJobs();
    registerAppJobs();
    expect([...jobRegistry.jobs.keys()].sort()).toEqual(expect.arrayContaining(['cleanup.daily', 'cleanup.sessions', 'email.digest', 'email.notification', 'email.weeklyDigests', 'garage.dueCrossings']));
    expect(Object.fromEntries(jobRegistry.schedules)).toMatchObject({
      'cleanup.sessions': { hourly: 7 },
      'cleanup.daily': { daily: '03:20' },
      'email.weeklyDigests': { weekly: 'mon 07:00' },
      'garage.dueCrossings': { daily: '06:00' },
    });
  });

  it('cleans up expired sessions, old unused invitations and old finished jobs, and nothing else', async () => {
    const db = getDb();
    registerAppJobs();
    const owner = await createUser(db);
    const shop = await registerShop(db, owner);
    const invite = (expiresAt: Date, acceptedBy: string | null = null) =>
      db
        .insertInto('shop_invites')
        .values({ service_center_id: shop.id, code_hash: randomUUID(), role: 'technician', expires_at: expiresAt, accepted_by: acceptedBy, accepted_at: acceptedBy ? daysAgo(40) : null })
        .returning('id')
        .executeTakeFirstOrThrow();
    const longExpired = await invite(daysAgo(31));
    const recentlyExpired = await invite(daysAgo(2));
    const acceptedLongAgo = await invite(daysAgo(31), owner.id);
    const open = await invite(new Date(Date.now() + 86_400_000));

    const session = (sid: string, expire: Date) => db.insertInto('sessions').values({ sid, sess: '{}', expire, user_id: owner.id }).execute();
    const expiredSid = `expired-${randomUUID()}`;
    const liveSid = `live-${randomUUID()}`;
    await session(expiredSid, daysAgo(1));
    await session(liveSid, new Date(Date.now() + 86_400_000));

    const job = (name: string, state: 'done' | 'failed' | 'queued', finishedDaysAgo: number | null) =>
      db
        .insertInto('jobs')
        .values({ name, payload: '{}', state, finished_at: finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const tag = randomUUID().slice(0, 8);
    const oldDone = await job(`old-done-${tag}`, 'done', 31);
    const recentDone = await job(`recent-done-${tag}`, 'done', 1);
    const oldFailed = await job(`old-failed-${tag}`, 'failed', 91);
    const recentFailed = await job(`recent-failed-${tag}`, 'failed', 31);
    const waiting = await job(`waiting-${tag}`, 'queued', null);

    await runJob(db, 'cleanup.sessions');
    await runJob(db, 'cleanup.daily');

    const invites = await db.selectFrom('shop_invites').select('id').where('service_center_id', '=', shop.id).execute();
    expect(invites.map((row) => row.id).sort()).toEqual([recentlyExpired.id, acceptedLongAgo.id, open.id].sort());
    expect(invites.map((row) => row.id)).not.toContain(longExpired.id);
    const sessions = await db.selectFrom('sessions').select('sid').where('sid', 'in', [expiredSid, liveSid]).execute();
    expect(sessions.map((row) => row.sid)).toEqual([liveSid]);
    const jobs = await db.selectFrom('jobs').select('id').where(sql<boolean>`name LIKE ${`%-${tag}`}`).execute();
    expect(jobs.map((row) => row.id).sort()).toEqual([recentDone.id, recentFailed.id, waiting.id].sort());
    expect(jobs.map((row) => row.id)).not.toContain(oldDone.id);
    expect(jobs.map((row) => row.id)).not.toContain(oldFailed.id);
  });

  it('announces a reminder that became overdue from the daily due-crossings job, once', async () => {
    const db = getDb();
    registerAppJobs();
    const owner = await createUser(db);
    const caller = callerFor(db, owner);
    const vehicle = await caller.vehicles.decodeVin({ vin: F150_VIN });
    await caller.garage.add({ vehicleId: vehicle.id, nickname: 'Job truck', odometer: 50_000 });
    await caller.garage.reminders.create({ vehicleId: vehicle.id, title: 'Renew registration', dueDate: shiftDay(todayIn('UTC'), -1) });
    const announced = async () =>
      (await db.selectFrom('notifications').select(['title']).where('user_id', '=', owner.id).execute()).filter((n) => n.title.includes('Renew registration'));
    await runJob(db, 'garage.dueCrossings');
    expect(await announced()).toHaveLength(1);
    await runJob(db, 'garage.dueCrossings');
    expect(await announced()).toHaveLength(1);
  });
});
