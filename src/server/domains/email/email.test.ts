import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, rejection } from '../../../../tests/helpers/factories.ts';
import { decodedMail as decoded, mailHeader as header, startTestInbox, type TestInbox } from '../../../../tests/helpers/smtp.ts';
import type { User } from '../../../shared/auth.ts';
import type { Database } from '../../db/index.ts';
import { registerAppJobs } from '../../jobs.ts';
import { startJobRunner, type JobRunner } from '../../lib/job-runner.ts';
import { notify } from '../../lib/notify.ts';
import { DIGEST_JOB, enqueueWeeklyDigests, isoWeek, sendDigest } from './delivery.ts';

async function storedPreferences(db: Database, userId: string) {
  const row = await db.selectFrom('users').select('preferences').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.preferences;
}

async function named(db: Database, user: User, firstName: string): Promise<User> {
  await db.updateTable('users').set({ first_name: firstName }).where('id', '=', user.id).execute();
  return { ...user, firstName };
}

describeEachDatabase('notification e-mail through a real SMTP server', (getDb) => {
  let app: FastifyInstance;
  let smtp: TestInbox;
  let runner: JobRunner;
  const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

  /** Waits until no e-mail job is waiting or running, so what was going to arrive has. */
  async function settled(db: Database): Promise<void> {
    runner.wake();
    const until = Date.now() + 15_000;
    for (;;) {
      const { n } = await db
        .selectFrom('jobs')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('name', 'like', 'email.%')
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      if (n === 0) return;
      if (Date.now() > until) throw new Error('e-mail jobs did not finish');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    smtp = await startTestInbox();
    app = await buildTestApp(getDb());
    registerAppJobs();
    runner = startJobRunner({ db: getDb(), schedules: false, pollMs: 100, backoffMs: 10 });
  });
  afterAll(async () => {
    await runner?.stop({ timeoutMs: 2000 });
    await app?.close();
    await smtp?.close();
  });

  it('e-mails each event once, as text and HTML with a one-click unsubscribe, to those who chose it', async () => {
    const db = getDb();
    const eachEvent = await named(db, await createUser(db), 'Ada');
    const weekly = await createUser(db);
    const off = await createUser(db);
    await callerFor(db, weekly).auth.updatePreferences({ emailCadence: 'weekly' });
    await callerFor(db, off).auth.updatePreferences({ emailNotifications: false });

    for (const user of [eachEvent, weekly, off]) {
      await notify(db, { userId: user.id, kind: 'inquiry_reply', title: 'Bolt & <Nut> Garage replied', body: 'Your car is ready.', link: '/requests?inquiry=abc' });
    }
    await settled(db);

    expect(mailsTo(weekly.email)).toHaveLength(0);
    expect(mailsTo(off.email)).toHaveLength(0);
    const mails = mailsTo(eachEvent.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const text = decoded(mail.raw);
    expect(header(mail, 'Subject')).toBe('Bolt & <Nut> Garage replied');
    expect(text).toContain('multipart/alternative');
    expect(text).toContain('text/plain');
    expect(text).toContain('text/html');
    expect(text).toContain('Hello Ada,');
    expect(text).toContain('Your car is ready.');
    expect(text).toContain('https://vintech.example/requests?inquiry=abc');
    expect(text).toContain('Bolt &amp; &lt;Nut&gt; Garage replied');
    expect(header(mail, 'List-Unsubscribe')).toMatch(/^<https:\/\/vintech\.example\/api\/email\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const jobs = await db.selectFrom('jobs').select(['state', 'attempts']).where('name', '=', 'email.notification').execute();
    expect(jobs.length).toBeGreaterThanOrEqual(3);
    expect(jobs.every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
  });

  it('sends the weekly digest once with the unread items since the last one', async () => {
    const db = getDb();
    const reader = await named(db, await createUser(db), 'Grace');
    const bystander = await createUser(db);
    await callerFor(db, reader).auth.updatePreferences({ emailCadence: 'weekly' });
    await callerFor(db, bystander).auth.updatePreferences({ emailCadence: 'weekly' });
    const now = new Date();
    await notify(db, { userId: reader.id, kind: 'inquiry_status', title: 'Old news', link: '/requests' });
    await sql`UPDATE notifications SET created_at = ${new Date(now.getTime() - 9 * 86_400_000)} WHERE user_id = ${reader.id}`.execute(db);
    await notify(db, { userId: reader.id, kind: 'inquiry_status', title: 'Already seen', link: '/requests' });
    await sql`UPDATE notifications SET read_at = now() WHERE user_id = ${reader.id} AND title = 'Already seen'`.execute(db);
    await notify(db, { userId: reader.id, kind: 'inquiry_reply', title: 'Shop replied about brakes', body: 'Pads are in stock.', link: '/requests?inquiry=1' });
    await notify(db, { userId: reader.id, kind: 'appointment_status', title: 'Appointment confirmed', link: '/appointments' });
    await settled(db);
    expect(mailsTo(reader.email)).toHaveLength(0);

    const week = isoWeek(now);
    const scanAt = new Date(Date.now() + 1000);
    // The account of the test before chose the digest too.
    expect(await enqueueWeeklyDigests(db, scanAt)).toBeGreaterThanOrEqual(1);
    await settled(db);
    const digests = mailsTo(reader.email);
    expect(digests).toHaveLength(1);
    const text = decoded(digests[0]!.raw);
    expect(header(digests[0]!, 'Subject')).toBe('Your week in VinTech: 2 unread notifications');
    expect(text).toContain('Hello Grace,');
    expect(text).toContain('Shop replied about brakes');
    expect(text).toContain('Pads are in stock.');
    expect(text).toContain('Appointment confirmed');
    expect(text).toContain('https://vintech.example/requests?inquiry=1');
    expect(text).not.toContain('Old news');
    expect(text).not.toContain('Already seen');
    expect(header(digests[0]!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailsTo(bystander.email)).toHaveLength(0);
    expect(await db.selectFrom('email_digests').selectAll().where('user_id', '=', reader.id).execute()).toMatchObject([{ week, item_count: 2 }]);

    // The same week again, by the scan or by the job itself: nothing more.
    expect(await enqueueWeeklyDigests(db, scanAt)).toBe(0);
    expect(await sendDigest(db, { userId: reader.id, week, until: scanAt.toISOString() })).toBe(false);
    await settled(db);
    expect(mailsTo(reader.email)).toHaveLength(1);

    // Next week lists only what came after this digest.
    const nextWeek = new Date(scanAt.getTime() + 7 * 86_400_000);
    expect(await enqueueWeeklyDigests(db, nextWeek)).toBe(0);
    await notify(db, { userId: reader.id, kind: 'inquiry_status', title: 'Request closed', link: '/requests' });
    await sql`UPDATE notifications SET created_at = ${new Date(scanAt.getTime() + 3_600_000)} WHERE user_id = ${reader.id} AND title = 'Request closed'`.execute(db);
    expect(await enqueueWeeklyDigests(db, nextWeek)).toBe(1);
    await settled(db);
    const next = mailsTo(reader.email);
    expect(next).toHaveLength(2);
    expect(header(next[1]!, 'Subject')).toBe('Your week in VinTech: 1 unread notification');
    expect(decoded(next[1]!.raw)).toContain('Request closed');
    expect(decoded(next[1]!.raw)).not.toContain('Shop replied about brakes');
    const jobs = await db.selectFrom('jobs').select('idempotency_key').where('name', '=', DIGEST_JOB).where(sql<boolean>`payload ->> 'userId' = ${reader.id}`).execute();
    expect(jobs.map((job) => job.idempotency_key).sort()).toEqual([`${DIGEST_JOB}:${reader.id}:${week}`, `${DIGEST_JOB}:${reader.id}:${isoWeek(nextWeek)}`].sort());
  });

  it('stops e-mail through the unsubscribe link without signing in', async () => {
    const db = getDb();
    const user = await createUser(db);
    await notify(db, { userId: user.id, kind: 'inquiry_reply', title: 'First reply', link: '/requests' });
    await settled(db);
    const [mail] = mailsTo(user.email);
    const link = new URL(header(mail!, 'List-Unsubscribe')!.slice(1, -1));
    const path = `${link.pathname}${link.search}`;

    // Opening the link only asks.
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop e-mails?');
    expect(page.body).toContain(user.email);
    expect((await storedPreferences(db, user.id)).emailNotifications).not.toBe(false);

    // An altered token does nothing.
    const forged = path.replace(/token=([^&.]+)\./, `token=${(await createUser(db)).id}.`);
    expect((await app.inject({ method: 'GET', url: forged })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: forged, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/email/unsubscribe' })).statusCode).toBe(400);

    // A mail program's one-click POST, no cookie.
    const done = await app.inject({ method: 'POST', url: path, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('E-mails are off');
    expect(await storedPreferences(db, user.id)).toMatchObject({ emailNotifications: false });

    await notify(db, { userId: user.id, kind: 'inquiry_reply', title: 'Second reply', link: '/requests' });
    // Nor a digest, should the account have chosen one.
    await sql`UPDATE users SET preferences = preferences || '{"emailCadence": "weekly"}'::jsonb WHERE id = ${user.id}`.execute(db);
    expect(await enqueueWeeklyDigests(db, new Date(Date.now() + 1000))).toBe(0);
    await settled(db);
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('validates the e-mail choice on the server', async () => {
    const db = getDb();
    const user = await createUser(db);
    const caller = callerFor(db, user);
    expect(await rejection(caller.auth.updatePreferences({ emailCadence: 'hourly' } as never))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await rejection(caller.auth.updatePreferences({ emailNotifications: 'yes' } as never))).toMatchObject({ code: 'BAD_REQUEST' });
    const saved = await caller.auth.updatePreferences({ emailCadence: 'weekly', emailNotifications: true });
    expect(saved.preferences).toMatchObject({ emailCadence: 'weekly', emailNotifications: true });
    expect(await rejection(callerFor(db, null).auth.updatePreferences({ emailCadence: 'weekly' }))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
