import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/helpers/db.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../db/index.ts';
import { startJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner.ts';
import { enqueueJob, JobRegistry, MAX_PAYLOAD_BYTES, periodStart } from './jobs.ts';

/** Small leases and backoff keep these tests quick; the defaults are minutes. */
const quiet = { info: () => {}, error: () => {} };
const FAST = { pollMs: 50, leaseMs: 400, backoffMs: 10, maxBackoffMs: 40, log: quiet } satisfies Partial<JobRunnerOptions>;

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function jobsNamed(db: Database, name: string) {
  return db.selectFrom('jobs').selectAll().where('name', '=', name).orderBy('created_at').execute();
}

let unique = 0;
const jobName = (what: string) => `test.${what}.${++unique}.${Date.now()}`;

describe('periodStart', () => {
  const at = new Date('2026-11-25T03:10:30Z'); // a Wednesday
  it('is the latest run time at or before now, in UTC', () => {
    expect(periodStart({ hourly: 5 }, at).toISOString()).toBe('2026-11-25T03:05:00.000Z');
    expect(periodStart({ hourly: 15 }, at).toISOString()).toBe('2026-11-25T02:15:00.000Z');
    expect(periodStart({ daily: '03:00' }, at).toISOString()).toBe('2026-11-25T03:00:00.000Z');
    expect(periodStart({ daily: '03:30' }, at).toISOString()).toBe('2026-11-24T03:30:00.000Z');
    expect(periodStart({ weekly: 'wed 03:10' }, at).toISOString()).toBe('2026-11-25T03:10:00.000Z');
    expect(periodStart({ weekly: 'wed 04:00' }, at).toISOString()).toBe('2026-11-18T04:00:00.000Z');
    expect(periodStart({ weekly: 'mon 07:00' }, at).toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(periodStart({ weekly: 'thu 00:00' }, at).toISOString()).toBe('2026-11-19T00:00:00.000Z');
  });
  it('refuses a schedule it cannot read', () => {
    const registry = new JobRegistry();
    registry.registerJob('x', async () => {});
    expect(() => registry.registerSchedule('x', { daily: '25:00' })).toThrow(/HH:MM/);
    expect(() => registry.registerSchedule('x', { weekly: 'someday 07:00' })).toThrow(/weekday/);
    expect(() => registry.registerSchedule('y', { daily: '07:00' })).toThrow(/before its schedule/);
    expect(() => registry.registerJob('x', async () => {})).toThrow(/already/);
  });
});

describeEachDatabase('job runner', (getDb, kind) => {
  const runners: JobRunner[] = [];
  const start = (options: Omit<JobRunnerOptions, 'db'> & { db?: Database }) => {
    const runner = startJobRunner({ db: getDb(), ...FAST, ...options });
    runners.push(runner);
    return runner;
  };
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop({ timeoutMs: 1000 })));
  });

  /** Another app process's own connections: a second pool on PostgreSQL; PGlite has one connection. */
  async function secondProcessDb(): Promise<DatabaseHandle | null> {
    if (kind === 'pglite') return null;
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(getDb());
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
  }

  const twoRunners =
    kind === 'postgres'
      ? 'two runners on separate connection pools (as two app processes) run 100 jobs, each exactly once'
      : 'two runners on one embedded database (PGlite: single-process semantics, one connection) run 100 jobs, each exactly once';
  it(twoRunners, async () => {
    const db = getDb();
    const name = jobName('hundred');
    const runs = new Map<number, number>();
    const byRunner = new Map<string, number>();
    const registryFor = (label: string) => {
      const registry = new JobRegistry();
      registry.registerJob<{ n: number }>(name, async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        byRunner.set(label, (byRunner.get(label) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 3));
      });
      return registry;
    };
    const other = await secondProcessDb();
    try {
      for (let n = 0; n < 100; n++) await enqueueJob(db, name, { n });
      start({ registry: registryFor('a'), concurrency: 4 });
      start({ db: other?.db ?? db, registry: registryFor('b'), concurrency: 4 });
      await waitFor(async () => (await jobsNamed(db, name)).every((job) => job.state === 'done'), 'all 100 jobs done');
      expect(runs.size).toBe(100);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      // Both took part, so "once" was contested.
      expect(byRunner.get('a')).toBeGreaterThan(0);
      expect(byRunner.get('b')).toBeGreaterThan(0);
      const rows = await jobsNamed(db, name);
      expect(rows).toHaveLength(100);
      expect(rows.every((job) => job.attempts === 1 && job.finished_at !== null && job.locked_until === null)).toBe(true);
    } finally {
      await Promise.all(runners.splice(0).map((runner) => runner.stop({ timeoutMs: 1000 })));
      await other?.close();
    }
  });

  it('retries a job that fails twice with backoff, then records it done', async () => {
    const db = getDb();
    const name = jobName('flaky');
    let calls = 0;
    const registry = new JobRegistry();
    registry.registerJob(name, async (_payload, { attempt }) => {
      calls++;
      expect(attempt).toBe(calls);
      if (calls <= 2) throw new Error(`not yet (${calls})`);
    });
    const id = await enqueueJob(db, name, { any: 'thing' });
    start({ registry });
    await waitFor(async () => (await jobsNamed(db, name))[0]?.state === 'done', 'the third attempt');
    const [job] = await jobsNamed(db, name);
    expect(job).toMatchObject({ id, state: 'done', attempts: 3, last_error: 'not yet (2)' });
    expect(calls).toBe(3);
  });

  it('shows a job that keeps failing as failed, with its last error, and runs it no more', async () => {
    const db = getDb();
    const name = jobName('broken');
    let calls = 0;
    const registry = new JobRegistry();
    registry.registerJob(name, async () => {
      calls++;
      throw new Error(`broken ${calls}`);
    });
    await enqueueJob(db, name, {}, { maxAttempts: 3 });
    start({ registry });
    await waitFor(async () => (await jobsNamed(db, name))[0]?.state === 'failed', 'the job to fail');
    const [job] = await jobsNamed(db, name);
    expect(job).toMatchObject({ state: 'failed', attempts: 3, max_attempts: 3, last_error: 'broken 3', locked_until: null });
    expect(job!.finished_at).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toBe(3);
  });

  it('gives a job whose runner stopped mid-job to another runner once the lease runs out', async () => {
    const db = getDb();
    const name = jobName('restart');
    const started: string[] = [];
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const registryFor = (label: string, work: () => Promise<void>) => {
      const registry = new JobRegistry();
      registry.registerJob(name, async () => {
        started.push(label);
        await work();
      });
      return registry;
    };
    await enqueueJob(db, name);
    const first = start({ registry: registryFor('first', () => stuck) });
    await waitFor(async () => started.length === 1, 'the first runner to take the job');
    // The process dies holding the lease: no more renewals, no ending recorded.
    first.abandon();
    const [held] = await jobsNamed(db, name);
    expect(held).toMatchObject({ state: 'running', attempts: 1, locked_by: first.workerId });
    const second = start({ registry: registryFor('second', async () => {}) });
    await waitFor(async () => (await jobsNamed(db, name))[0]?.state === 'done', 'the second runner to finish it');
    expect(started).toEqual(['first', 'second']);
    // The first runner's handler ending late changes nothing.
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [job] = await jobsNamed(db, name);
    expect(job).toMatchObject({ state: 'done', attempts: 2, locked_by: second.workerId });
  });

  it('stops cleanly: waits for the job it runs, then claims no more', async () => {
    const db = getDb();
    const name = jobName('stop');
    const started: number[] = [];
    const registry = new JobRegistry();
    registry.registerJob<{ n: number }>(name, async ({ n }) => {
      started.push(n);
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    await enqueueJob(db, name, { n: 1 });
    const runner = startJobRunner({ db, registry, ...FAST, concurrency: 1 });
    await waitFor(async () => started.length === 1, 'the job to start');
    await enqueueJob(db, name, { n: 2 });
    await runner.stop();
    const rows = await jobsNamed(db, name);
    expect(rows.map((job) => job.state)).toEqual(['done', 'queued']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(started).toEqual([1]);
  });

  it('enqueues one job per idempotency key and refuses a payload over the limit', async () => {
    const db = getDb();
    const name = jobName('once');
    const first = await enqueueJob(db, name, { a: 1 }, { idempotencyKey: `${name}:key` });
    const again = await enqueueJob(db, name, { a: 2 }, { idempotencyKey: `${name}:key` });
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBeNull();
    expect(await jobsNamed(db, name)).toHaveLength(1);
    await expect(enqueueJob(db, name, { text: 'x'.repeat(MAX_PAYLOAD_BYTES) })).rejects.toThrow(/at most 16384 bytes/);
    await expect(enqueueJob(db, name, {}, { idempotencyKey: 'k'.repeat(201) })).rejects.toThrow(/1 to 200/);
    expect(await jobsNamed(db, name)).toHaveLength(1);
  });

  it('runs a schedule once per period however many runners keep it', async () => {
    const db = getDb();
    const name = jobName('daily');
    let calls = 0;
    const payloads: unknown[] = [];
    const registryWithSchedule = () => {
      const registry = new JobRegistry();
      registry.registerJob(name, async (payload) => {
        calls++;
        payloads.push(payload);
      });
      registry.registerSchedule(name, { daily: '00:00' });
      return registry;
    };
    const other = await secondProcessDb();
    try {
      start({ registry: registryWithSchedule() });
      start({ db: other?.db ?? db, registry: registryWithSchedule() });
      await waitFor(async () => (await jobsNamed(db, name))[0]?.state === 'done', 'the scheduled job');
      // Several more polls of both runners.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const rows = await jobsNamed(db, name);
      expect(rows).toHaveLength(1);
      const today = periodStart({ daily: '00:00' }, new Date()).toISOString();
      expect(rows[0]!.idempotency_key).toBe(`schedule:${name}:${today}`);
      expect(payloads).toEqual([{ scheduledFor: today }]);
      expect(calls).toBe(1);
    } finally {
      await Promise.all(runners.splice(0).map((runner) => runner.stop({ timeoutMs: 1000 })));
      await other?.close();
    }
  });
});
