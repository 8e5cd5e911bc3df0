import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsInput } from '../../../shared/analytics.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import { createTestDatabase, databaseKinds, describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { addStaff, createCenter, twoShops } from '../../../../tests/helpers/appointments.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { csvValue, expectCsvMatches, parseCsv } from './test-support.ts';

// ---------------------------------------------------------------------------------------------
// Permissions and validation
// ---------------------------------------------------------------------------------------------

describeEachDatabase('analytics: who may ask, and what', (getDb) => {
  const period = { from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' };
  let shops: Awaited<ReturnType<typeof twoShops>>;
  let range: AnalyticsInput;
  beforeAll(async () => {
    shops = await twoShops(getDb());
    range = { ...period, serviceCenterId: shops.a };
  });

  it('answers staff of the shop (and admins); anyone else gets 404, a role switch grants nothing', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'simple' });
    const switched = await createUser(db, { role: 'tech' });
    for (const procedure of ['overview', 'services', 'performance', 'repairOrders', 'report', 'reportCsv'] as const) {
      await expect(callerFor(db, null).analytics[procedure](range)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      for (const outsider of [owner, switched, shops.techB, shops.ownerB]) {
        await expect(callerFor(db, outsider).analytics[procedure](range)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
    }
    for (const staff of [shops.techA, shops.managerA, shops.ownerA, { ...owner, isAdmin: true }]) {
      await expect(callerFor(db, staff).analytics.overview(range)).resolves.toMatchObject({ range: period });
    }
    await expect(callerFor(db, shops.techA).analytics.overview(period as AnalyticsInput)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses malformed dates, reversed or overlong periods and unknown time zones', async () => {
    const db = getDb();
    const tech = callerFor(db, shops.techA);
    const bad: [Record<string, string>, RegExp][] = [
      [{ ...range, from: '2024-02-30' }, /Start date must be a date/],
      [{ ...range, to: 'yesterday' }, /End date must be a date/],
      [{ ...range, from: '2024-04-01' }, /end date must be on or after the start date/],
      [{ ...range, from: '2023-01-01' }, /at most 366 days/],
      [{ ...range, timeZone: 'Mars/Olympus_Mons' }, /IANA name/],
      [{ ...range, timeZone: '' }, /Time zone is required/],
    ];
    for (const [input, message] of bad) {
      const error = await tech.analytics.overview(input as AnalyticsInput).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).message).toMatch(message);
    }
    // A full leap year is allowed.
    await expect(tech.analytics.overview({ ...range, from: '2024-01-01', to: '2024-12-31' })).resolves.toBeTruthy();
  });

  it('answers the REST paths with 401, 404, 400 and a CSV attachment', async () => {
    const db = getDb();
    const app = await buildTestApp(db);
    try {
      const owner = await createUser(db, { role: 'simple' });
      const tech = shops.techA;
      const url = `/api/analytics/report.csv?serviceCenterId=${shops.a}&from=2024-03-01&to=2024-03-31&tz=America/Los_Angeles`;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const ownerCookie = await signInCookie(app, owner.email);
      const hidden = await app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: 'NOT_FOUND' });

      const cookie = await signInCookie(app, tech.email);
      const bad = await app.inject({ method: 'GET', url: `/api/analytics/report.csv?serviceCenterId=${shops.a}&from=2024-03-31&to=2024-03-01&tz=UTC`, headers: { cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/on or after the start date/) });
      const missing = await app.inject({ method: 'GET', url: `/api/analytics/report?serviceCenterId=${shops.a}&from=2024-03-01&to=2024-03-31`, headers: { cookie } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Time zone is required/);

      const ok = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/csv/);
      expect(ok.headers['content-disposition']).toBe('attachment; filename="analytics-2024-03-01-to-2024-03-31.csv"');
      expect(parseCsv(ok.body)[0]).toEqual(['section', 'item', 'metric', 'value']);

      const json = await app.inject({ method: 'GET', url: `/api/analytics/report?serviceCenterId=${shops.a}&from=2024-03-01&to=2024-03-31&timeZone=UTC`, headers: { cookie } });
      expect(json.statusCode).toBe(200);
      expect(json.json().overview.range).toEqual({ from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' });
    } finally {
      await app.close();
    }
  });
});

// An empty database answers zeros.

for (const kind of databaseKinds) {
  describe(`analytics: an empty database [${kind}]`, () => {
    let handle: DatabaseHandle | undefined;
    beforeAll(async () => {
      handle = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it('answers zeros, no rates, full zero series and a CSV that says so', async () => {
      const db = handle!.db;
      const center = await createCenter(db);
      const tech = callerFor(db, await addStaff(db, center, 'technician'));
      const range: AnalyticsInput = { from: '2024-02-26', to: '2024-03-10', timeZone: 'Asia/Tokyo', serviceCenterId: center };
      const report = await tech.analytics.report(range);
      expect(report.overview).toMatchObject({
        inquiriesOpened: 0,
        inquiriesResolved: 0,
        appointments: 0,
        completed: 0,
        noShows: 0,
        cancelled: 0,
        completionRate: null,
        noShowRate: null,
      });
      expect(report.overview.inquiriesPerWeek).toEqual([
        { weekStart: '2024-02-26', opened: 0, resolved: 0 },
        { weekStart: '2024-03-04', opened: 0, resolved: 0 },
      ]);
      expect(report.overview.appointmentsPerDay).toHaveLength(14);
      expect(report.overview.appointmentsPerDay.every((d) => d.appointments === 0 && d.completed === 0)).toBe(true);
      expect(report.services).toMatchObject({ serviceTypes: 0, totalRevenue: 0, averageDurationMinutes: null, byCount: [], byRevenue: [] });
      expect(report.performance).toMatchObject({
        resolved: 0,
        averageResolutionHours: null,
        medianResolutionHours: null,
        resolutionByPriority: [],
        centers: [],
      });
      const file = await tech.analytics.reportCsv(range);
      expectCsvMatches(file.csv, report);
      expect(csvValue(parseCsv(file.csv), 'overview', '', 'completion_rate')).toBe('');
    });
  });
}
