import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { JsonObject } from '../db/schema.ts';
import { enqueueJob, jobRegistry, localRunners, periodStart, type JobRegistry } from './jobs.ts';

/** The runner of background jobs (docs/jobs.md, decision 093): claims due rows, runs, retries, keeps schedules. */

const MAX_ERROR_LENGTH = 2000;

export interface JobRunnerOptions {
  db: Database;
  /** Default: the app's `jobRegistry`. A runner claims only the jobs its registry names. */
  registry?: JobRegistry;
  /** Jobs run at once by this runner (default 2). */
  concurrency?: number;
  /** How often an idle runner looks for due jobs (default 5 s); an enqueue in this process wakes it at once. */
  pollMs?: number;
  /** How long a claim holds a job; renewed while it runs. A crashed process's job is retried after it (default 60 s). */
  leaseMs?: number;
  /** The wait before the first retry; doubled on each attempt after (default 10 s), up to maxBackoffMs (1 h). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Enqueue the registry's schedules (default true). */
  schedules?: boolean;
  log?: { info(message: string): void; error(message: string): void };
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: JsonObject;
  attempts: number;
  max_attempts: number;
}

export interface JobRunner {
  readonly workerId: string;
  /** Looks for due jobs now. */
  wake(): void;
  /**
   * Stops claiming and waits up to `timeoutMs` (default 10 s) for the jobs it runs; any still
   * running then are left to their lease and retried by a runner later.
   */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops at once as a killed process would: running jobs are neither finished nor renewed. */
  abandon(): void;
}

const WAKE_DELAY_MS = 20;

/** Starts a runner in this process; `npm start` runs one per app process (src/server/main.ts). */
export function startJobRunner(options: JobRunnerOptions): JobRunner {
  const db = options.db;
  const registry = options.registry ?? jobRegistry;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 10_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000;
  const log = options.log ?? { info: () => {}, error: (message: string) => console.error(`[vintech] ${message}`) };
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = leaseMs / 1000;

  const running = new Map<string, { attempt: number; controller: AbortController; done: Promise<void> }>();
  const lastPeriod = new Map<string, string>();
  let stopped = false;
  let abandoned = false;
  let polling = false;
  let pollAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;

  /** Polls after `delayMs`, unless a poll is planned sooner already. */
  function plan(delayMs: number): void {
    if (stopped) return;
    const at = Date.now() + delayMs;
    if (timer && at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      void poll();
    }, delayMs);
    timer.unref();
  }

  async function enqueueSchedules(now: Date): Promise<void> {
    for (const [name, when] of registry.schedules) {
      const start = periodStart(when, now).toISOString();
      if (lastPeriod.get(name) === start) continue;
      await enqueueJob(db, name, { scheduledFor: start }, { idempotencyKey: `schedule:${name}:${start}`, maxAttempts: registry.jobs.get(name)?.maxAttempts });
      lastPeriod.set(name, start);
    }
  }

  async function claim(limit: number): Promise<ClaimedJob[]> {
    const names = [...registry.jobs.keys()];
    if (names.length === 0) return [];
    // The CTE locks the rows it picks (skipping rows another runner holds), and the UPDATE takes them.
    return db
      .with('next', (qb) =>
        qb
          .selectFrom('jobs')
          .select('id')
          .where('name', 'in', names)
          .where((eb) =>
            eb.or([
              eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', sql<Date>`now()`)]),
              eb.and([eb('state', '=', 'running'), eb('locked_until', '<', sql<Date>`now()`)]),
            ]),
          )
          .orderBy('run_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable('jobs')
      .from('next')
      .set({
        state: 'running',
        attempts: sql<number>`jobs.attempts + 1`,
        locked_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
        locked_by: workerId,
      })
      .whereRef('jobs.id', '=', 'next.id')
      .returning(['jobs.id', 'jobs.name', 'jobs.payload', 'jobs.attempts', 'jobs.max_attempts'])
      .execute();
  }

  /** The row is still this runner's claim of this attempt (not since taken over after its lease). */
  const ownClaim = (job: ClaimedJob) => (qb: ReturnType<typeof updateJob>) =>
    qb.where('id', '=', job.id).where('state', '=', 'running').where('locked_by', '=', workerId).where('attempts', '=', job.attempts);
  const updateJob = () => db.updateTable('jobs');

  async function finish(job: ClaimedJob, error: unknown): Promise<void> {
    if (error === undefined) {
      await ownClaim(job)(updateJob().set({ state: 'done', locked_until: null, finished_at: sql<Date>`now()` })).execute();
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH) || 'Failed';
    if (job.attempts >= job.max_attempts) {
      await ownClaim(job)(updateJob().set({ state: 'failed', locked_until: null, last_error: message, finished_at: sql<Date>`now()` })).execute();
      log.error(`job ${job.name} (${job.id}) failed after ${job.attempts} attempts: ${message}`);
      return;
    }
    const delay = Math.min(backoffMs * 2 ** (job.attempts - 1), maxBackoffMs) / 1000;
    await ownClaim(job)(
      updateJob().set({ state: 'queued', locked_until: null, last_error: message, run_at: sql<Date>`now() + make_interval(secs => ${delay})` }),
    ).execute();
  }

  async function release(jobs: ClaimedJob[]): Promise<void> {
    for (const job of jobs) {
      await ownClaim(job)(updateJob().set({ state: 'queued', attempts: job.attempts - 1, locked_until: null, locked_by: null })).execute();
    }
  }

  async function run(job: ClaimedJob, controller: AbortController): Promise<void> {
    let error: unknown;
    try {
      const definition = registry.jobs.get(job.name);
      if (!definition) throw new Error(`No handler for the job "${job.name}"`);
      // A job claimed again after its lease ran out once too often (its process died each time).
      if (job.attempts > job.max_attempts) throw new Error('The job did not finish within its lease (the process running it stopped)');
      await definition.handler(job.payload, { db, now: new Date(), attempt: job.attempts, jobId: job.id, signal: controller.signal });
    } catch (caught) {
      error = caught ?? new Error('Failed');
    }
    if (abandoned) return;
    try {
      await finish(job, error);
    } catch (caught) {
      log.error(`could not record the end of job ${job.name} (${job.id}): ${caught instanceof Error ? caught.message : String(caught)}`);
    }
  }

  async function poll(): Promise<void> {
    if (stopped) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = true;
    pollAgain = false;
    try {
      if (options.schedules !== false) await enqueueSchedules(new Date());
      const free = concurrency - running.size;
      if (free > 0 && !stopped) {
        const jobs = await claim(free);
        // Claimed as the runner was stopping: handed back untouched rather than left to the lease.
        // (A runner that was abandoned, as a killed process, leaves them to their lease.)
        if (stopped && !abandoned && jobs.length > 0) await release(jobs);
        for (const job of stopped ? [] : jobs) {
          const controller = new AbortController();
          const entry = { attempt: job.attempts, controller, done: Promise.resolve() };
          running.set(job.id, entry);
          entry.done = run(job, controller).finally(() => {
            running.delete(job.id);
            // A free slot: look for more at once.
            plan(0);
          });
        }
      }
    } catch (error) {
      log.error(`job runner: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      polling = false;
    }
    plan(pollAgain ? 0 : pollMs);
  }

  // While jobs run their leases are renewed, so only a stopped process's jobs are taken over.
  const renewal = setInterval(
    () => {
      if (stopped || running.size === 0) return;
      db.updateTable('jobs')
        .set({ locked_until: sql<Date>`now() + make_interval(secs => ${leaseSeconds})` })
        .where('id', 'in', [...running.keys()])
        .where('state', '=', 'running')
        .where('locked_by', '=', workerId)
        .execute()
        .catch((error: unknown) => log.error(`job runner: renewing leases failed: ${error instanceof Error ? error.message : String(error)}`));
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  renewal.unref();

  const runner: JobRunner = {
    workerId,
    wake() {
      if (polling) pollAgain = true;
      plan(WAKE_DELAY_MS);
    },
    async stop(stopOptions = {}) {
      if (stopped) return;
      stopped = true;
      localRunners.delete(runner);
      clearTimeout(timer);
      // A poll under way ends first (one statement, and handing back what it claimed).
      while (polling) await new Promise((resolve) => setTimeout(resolve, 5));
      const inFlight = [...running.values()];
      if (inFlight.length > 0) {
        let waited: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => {
          waited = setTimeout(resolve, stopOptions.timeoutMs ?? 10_000);
        });
        await Promise.race([Promise.all(inFlight.map((entry) => entry.done)), timeout]);
        clearTimeout(waited);
        // Whatever still runs is left to its lease: its end is not recorded by this runner.
        abandoned = running.size > 0;
        for (const entry of running.values()) entry.controller.abort();
      }
      clearInterval(renewal);
    },
    abandon() {
      stopped = true;
      abandoned = true;
      localRunners.delete(runner);
      clearTimeout(timer);
      clearInterval(renewal);
      for (const entry of running.values()) entry.controller.abort();
    },
  };
  localRunners.add(runner);
  plan(0);
  log.info(`job runner started (${registry.jobs.size} kinds of job, ${registry.schedules.size} schedules)`);
  return runner;
}
