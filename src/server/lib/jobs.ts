import { sql } from 'kysely';
import type { Database, Executor } from '../db/index.ts';
import type { JsonObject } from '../db/schema.ts';

/**
 * Background jobs in one table (docs/jobs.md, decision 093). A runner claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds a lease on each while it runs it, so two app processes never
 * run the same job, and a crashed process's job is claimed again once its lease ran out. A failure
 * is retried with exponential backoff; after the last attempt the job stays 'failed' with its error.
 * Schedules enqueue one job per period under a key unique to the period, whoever enqueues it first.
 *
 * Registering work (before the runner starts, e.g. in src/server/jobs.ts):
 *   registerJob('garage.dueCrossings', async (_payload, { db, now }) => scanDueCrossings(db, now));
 *   registerSchedule('garage.dueCrossings', { daily: '06:00' });
 * and enqueuing a one-off job from any request or transaction:
 *   await enqueueJob(trx, 'email.notification', { notificationId }, { idempotencyKey: `email.notification:${id}` });
 * The runner that claims and runs them is in lib/job-runner.ts.
 */

/** A payload is at most this many bytes of JSON (the table refuses more too). */
export const MAX_PAYLOAD_BYTES = 16_384;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Finished jobs are kept this long (longer than any schedule's period, whose key they hold). */
const DONE_RETENTION_DAYS = 30;
const FAILED_RETENTION_DAYS = 90;

export interface JobContext {
  db: Database;
  /** When this attempt started. */
  now: Date;
  /** 1 on the first attempt. */
  attempt: number;
  jobId: string;
  /** Aborted when the runner stops without waiting any longer: the job is tried again later. */
  signal: AbortSignal;
}

export type JobHandler<P extends JsonObject = JsonObject> = (payload: P, context: JobContext) => Promise<void>;

export interface JobDefinition {
  handler: JobHandler;
  maxAttempts: number;
}

/**
 * When a schedule runs, in UTC: `{ hourly: 15 }` at a quarter past every hour, `{ daily: '03:30' }`,
 * `{ weekly: 'mon 07:00' }`. A period whose time passed while no process ran is run at the next start.
 */
export type ScheduleWhen = { hourly: number } | { daily: string } | { weekly: string };

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

function parseTime(text: string): { hour: number; minute: number } {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new Error(`A schedule's time is HH:MM in UTC, not "${text}"`);
  return { hour, minute };
}

function checkWhen(when: ScheduleWhen): void {
  if ('hourly' in when) {
    if (!Number.isInteger(when.hourly) || when.hourly < 0 || when.hourly > 59) throw new Error('hourly is the minute past the hour, 0 to 59');
  } else if ('daily' in when) {
    parseTime(when.daily);
  } else {
    const [day, time] = when.weekly.trim().toLowerCase().split(/\s+/);
    if (!WEEKDAYS.includes(day as (typeof WEEKDAYS)[number]) || !time) throw new Error(`weekly is "mon 07:00" (a weekday and HH:MM in UTC), not "${when.weekly}"`);
    parseTime(time);
  }
}

/** The start of the schedule's period that `now` lies in: its latest run time at or before `now`. */
export function periodStart(when: ScheduleWhen, now: Date): Date {
  const start = new Date(now);
  start.setUTCSeconds(0, 0);
  if ('hourly' in when) {
    start.setUTCMinutes(when.hourly);
    if (start > now) start.setUTCHours(start.getUTCHours() - 1);
    return start;
  }
  if ('daily' in when) {
    const { hour, minute } = parseTime(when.daily);
    start.setUTCHours(hour, minute);
    if (start > now) start.setUTCDate(start.getUTCDate() - 1);
    return start;
  }
  const [day, time] = when.weekly.trim().toLowerCase().split(/\s+/);
  const { hour, minute } = parseTime(time!);
  const weekday = WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
  start.setUTCHours(hour, minute);
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() - weekday + 7) % 7));
  if (start > now) start.setUTCDate(start.getUTCDate() - 7);
  return start;
}

/** The jobs a runner knows and the schedules it keeps. The app's own is `jobRegistry`. */
export class JobRegistry {
  readonly jobs = new Map<string, JobDefinition>();
  readonly schedules = new Map<string, ScheduleWhen>();

  /** A job by name; its handler must be safe to run again after a failure (it is retried). */
  registerJob<P extends JsonObject>(name: string, handler: JobHandler<P>, options: { maxAttempts?: number } = {}): void {
    if (!name || name.length > 100) throw new Error('A job name is 1 to 100 characters');
    if (this.jobs.has(name)) throw new Error(`The job "${name}" is registered already`);
    this.jobs.set(name, { handler: handler as unknown as JobHandler, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
  }

  /** Runs the registered job `name` once per period; its payload is `{ scheduledFor: ISO time }`. */
  registerSchedule(name: string, when: ScheduleWhen): void {
    if (!this.jobs.has(name)) throw new Error(`Register the job "${name}" before its schedule`);
    if (this.schedules.has(name)) throw new Error(`The job "${name}" has a schedule already`);
    checkWhen(when);
    this.schedules.set(name, when);
  }
}

export const jobRegistry = new JobRegistry();

export function registerJob<P extends JsonObject>(name: string, handler: JobHandler<P>, options?: { maxAttempts?: number }): void {
  jobRegistry.registerJob(name, handler, options);
}

export function registerSchedule(name: string, when: ScheduleWhen): void {
  jobRegistry.registerSchedule(name, when);
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** Enqueuing again with the same key adds nothing while the first job is kept (30 days once done). */
  idempotencyKey?: string;
  /** Default: the registered job's, else 5. */
  maxAttempts?: number;
}

/** Runners of this process, woken when a job is enqueued here. */
export const localRunners = new Set<{ wake(): void }>();

/**
 * Adds a job; inside a transaction it exists once that commits. Answers its id, or null when a
 * job with the same idempotency key exists already.
 */
export async function enqueueJob(db: Executor, name: string, payload: JsonObject = {}, options: EnqueueOptions = {}): Promise<string | null> {
  const json = JSON.stringify(payload);
  if (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES) throw new Error(`A job's payload is at most ${MAX_PAYLOAD_BYTES} bytes of JSON`);
  if (options.idempotencyKey !== undefined && (options.idempotencyKey.length === 0 || options.idempotencyKey.length > 200)) {
    throw new Error('An idempotency key is 1 to 200 characters');
  }
  const row = await db
    .insertInto('jobs')
    .values({
      name,
      payload: json,
      run_at: options.runAt ?? sql<Date>`now()`,
      max_attempts: options.maxAttempts ?? jobRegistry.jobs.get(name)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      idempotency_key: options.idempotencyKey ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) for (const runner of localRunners) runner.wake();
  return row?.id ?? null;
}

/** Deletes finished jobs past their keeping time (a scheduled cleanup does this daily). */
export async function pruneFinishedJobs(db: Executor): Promise<void> {
  await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'done'), eb('finished_at', '<', sql<Date>`now() - make_interval(days => ${DONE_RETENTION_DAYS})`)]),
        eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', sql<Date>`now() - make_interval(days => ${FAILED_RETENTION_DAYS})`)]),
      ]),
    )
    .execute();
}
