import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../../shared/auth.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import { createTestDatabase, databaseKinds } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { reportToCsv } from './service.ts';
import { expectCsvMatches, insertAppointments, insertCenter, insertInquiries, parseCsv } from './test-support.ts';

// Exact figures of one shop (Alpha Motors) on a dedicated database, counted by hand; another
// shop's rows in the same period must not move any of them.

for (const kind of databaseKinds) {
  describe(`analytics: hand-counted figures around local midnight [${kind}]`, () => {
    let handle: DatabaseHandle | undefined;
    let alpha = '';
    let bayside = '';
    let alphaStaff: User | undefined;
    beforeAll(async () => {
      handle = await createTestDatabase(kind);
      const db = handle.db;
      alpha = await insertCenter(db, 'Alpha Motors', 'Fresno');
      bayside = await insertCenter(db, 'Bayside Garage', 'Oakland');
      // Comments give each instant as UTC / Los Angeles / Tokyo local time.
      await insertAppointments(db, [
        // Mar 1 07:59 / Feb 29 23:59 / Mar 1 16:59
        { at: '2024-03-01T07:59:00Z', status: 'completed', serviceType: 'Oil Change', duration: 30, actualCost: '50.00', centerId: alpha },
        // Mar 1 08:00 / Mar 1 00:00 / Mar 1 17:00
        { at: '2024-03-01T08:00:00Z', status: 'no_show', serviceType: ' Oil Change ', duration: 60, centerId: alpha },
        // Feb 29 14:59 / Feb 29 06:59 / Feb 29 23:59: outside everywhere
        { at: '2024-02-29T14:59:00Z', status: 'completed', serviceType: 'Tire Rotation', duration: 45, actualCost: '20.00', centerId: alpha },
        // Feb 29 15:00 / Feb 29 07:00 / Mar 1 00:00
        { at: '2024-02-29T15:00:00Z', status: 'cancelled', serviceType: 'Brake Service', duration: 90, centerId: alpha },
        // Mar 10 23:30 / Mar 10 16:30 (after the DST change) / Mar 11 08:30
        { at: '2024-03-10T23:30:00Z', status: 'completed', serviceType: 'Brake Service', duration: 120, actualCost: '200.00', centerId: alpha },
        // Mar 11 06:30 / Mar 10 23:30 / Mar 11 15:30
        { at: '2024-03-11T06:30:00Z', status: 'completed', serviceType: 'Alignment', duration: 60, actualCost: '80.50', centerId: alpha },
        { at: '2024-03-05T12:00:00Z', status: 'scheduled', serviceType: 'OIL CHANGE', duration: 30, centerId: alpha },
        { at: '2024-03-06T12:00:00Z', status: 'scheduled', serviceType: 'Oil Change', duration: 30, centerId: alpha },
      ]);
      // Another shop's rows in the same period: never counted in Alpha's figures.
      await insertAppointments(db, [
        { at: '2024-03-05T12:00:00Z', status: 'completed', serviceType: 'Oil Change', duration: 30, actualCost: '999.00', centerId: bayside },
        { at: '2024-03-06T12:00:00Z', status: 'no_show', serviceType: 'Transmission', duration: 240, centerId: bayside },
      ]);
      await insertInquiries(db, [{ createdAt: '2024-03-04T07:30:00Z', updatedAt: '2024-03-04T08:30:00Z', status: 'resolved', priority: 'urgent' }], bayside);
      await insertInquiries(db, [
        // Created Mon Mar 4 07:30 / Sun Mar 3 23:30 / Mon Mar 4 16:30; resolved 2 h later.
        { createdAt: '2024-03-04T07:30:00Z', updatedAt: '2024-03-04T09:30:00Z', status: 'resolved', priority: 'high' },
        // Created Sun Mar 3 15:30 / Sun Mar 3 07:30 / Mon Mar 4 00:30; the completed date (36 h) wins over updated_at.
        {
          createdAt: '2024-03-03T15:30:00Z',
          completedDate: '2024-03-05T03:30:00Z',
          updatedAt: '2024-03-20T00:00:00Z',
          status: 'closed',
          priority: 'high',
        },
        { createdAt: '2024-02-10T12:00:00Z', status: 'open' },
        // Opened before the period, resolved inside it after 360 h.
        { createdAt: '2024-02-20T00:00:00Z', updatedAt: '2024-03-06T00:00:00Z', status: 'resolved', priority: 'low' },
        // Opened inside, resolved after the period.
        { createdAt: '2024-03-02T12:00:00Z', updatedAt: '2024-03-15T00:00:00Z', status: 'resolved', priority: 'medium' },
        // Mar 1 07:30 / Feb 29 23:30 / Mar 1 16:30
        { createdAt: '2024-03-01T07:30:00Z', status: 'in_progress', priority: 'urgent' },
      ], alpha);
      const staff = await createUser(db, { role: 'simple' });
      await db.insertInto('shop_staff').values({ service_center_id: alpha, user_id: staff.id, role: 'technician' }).execute();
      alphaStaff = staff;
    });
    afterAll(async () => {
      await handle?.close();
    });

    const period = { from: '2024-03-01', to: '2024-03-10' };
    const expected = {
      UTC: {
        opened: 4,
        weeks: [
          { weekStart: '2024-02-26', opened: 3, resolved: 0 },
          { weekStart: '2024-03-04', opened: 1, resolved: 3 },
        ],
        appointments: 5,
        completed: 2,
        noShows: 1,
        cancelled: 0,
        days: { '2024-03-01': 2, '2024-03-05': 1, '2024-03-06': 1, '2024-03-10': 1 },
        byCount: [
          { serviceType: 'Oil Change', appointments: 4, completed: 1, revenue: 50, averageDurationMinutes: 37.5 },
          { serviceType: 'Brake Service', appointments: 1, completed: 1, revenue: 200, averageDurationMinutes: 120 },
        ],
        byRevenue: ['Brake Service', 'Oil Change'],
        totalRevenue: 250,
        averageDuration: 54,
        centers: [['Alpha Motors', 5]],
      },
      'America/Los_Angeles': {
        opened: 3,
        weeks: [
          { weekStart: '2024-02-26', opened: 3, resolved: 0 },
          { weekStart: '2024-03-04', opened: 0, resolved: 3 },
        ],
        appointments: 5,
        completed: 2,
        noShows: 1,
        cancelled: 0,
        days: { '2024-03-01': 1, '2024-03-05': 1, '2024-03-06': 1, '2024-03-10': 2 },
        byCount: [
          { serviceType: 'Oil Change', appointments: 3, completed: 0, revenue: 0, averageDurationMinutes: 40 },
          { serviceType: 'Brake Service', appointments: 1, completed: 1, revenue: 200, averageDurationMinutes: 120 },
          { serviceType: 'Alignment', appointments: 1, completed: 1, revenue: 80.5, averageDurationMinutes: 60 },
        ],
        byRevenue: ['Brake Service', 'Alignment'],
        totalRevenue: 280.5,
        averageDuration: 60,
        centers: [['Alpha Motors', 5]],
      },
      'Asia/Tokyo': {
        opened: 4,
        weeks: [
          { weekStart: '2024-02-26', opened: 2, resolved: 0 },
          { weekStart: '2024-03-04', opened: 2, resolved: 3 },
        ],
        appointments: 5,
        completed: 1,
        noShows: 1,
        cancelled: 1,
        days: { '2024-03-01': 3, '2024-03-05': 1, '2024-03-06': 1 },
        byCount: [
          { serviceType: 'Oil Change', appointments: 4, completed: 1, revenue: 50, averageDurationMinutes: 37.5 },
          { serviceType: 'Brake Service', appointments: 1, completed: 0, revenue: 0, averageDurationMinutes: 90 },
        ],
        byRevenue: ['Oil Change'],
        totalRevenue: 50,
        averageDuration: 48,
        centers: [['Alpha Motors', 5]],
      },
    } as const;

    for (const [timeZone, want] of Object.entries(expected)) {
      it(`counts by local day and week in ${timeZone}`, async () => {
        const db = handle!.db;
        const tech = callerFor(db, alphaStaff!);
        const range = { ...period, timeZone, serviceCenterId: alpha };
        const report = await tech.analytics.report(range);
        const { overview, services, performance } = report;

        expect(overview.inquiriesOpened).toBe(want.opened);
        expect(overview.inquiriesResolved).toBe(3);
        expect(overview.inquiriesPerWeek).toEqual(want.weeks);
        expect(overview).toMatchObject({
          appointments: want.appointments,
          completed: want.completed,
          noShows: want.noShows,
          cancelled: want.cancelled,
        });
        const concluded = want.completed + want.noShows + want.cancelled;
        expect(overview.completionRate).toBeCloseTo(want.completed / concluded, 10);
        expect(overview.noShowRate).toBeCloseTo(want.noShows / concluded, 10);
        expect(overview.appointmentsPerDay).toHaveLength(10);
        expect(overview.appointmentsPerDay[0]?.date).toBe('2024-03-01');
        expect(overview.appointmentsPerDay[9]?.date).toBe('2024-03-10');
        const days: Record<string, number> = want.days;
        for (const day of overview.appointmentsPerDay) expect(day.appointments).toBe(days[day.date] ?? 0);

        expect(services.byCount).toEqual(want.byCount);
        expect(services.byRevenue.map((s) => s.serviceType)).toEqual(want.byRevenue);
        expect(services.totalRevenue).toBe(want.totalRevenue);
        expect(services.averageDurationMinutes).toBe(want.averageDuration);
        expect(services.serviceTypes).toBe(want.byCount.length);

        expect(performance.resolved).toBe(3);
        // (2 + 36 + 360) / 3
        expect(performance.averageResolutionHours).toBe(132.7);
        expect(performance.medianResolutionHours).toBe(36);
        expect(performance.resolutionByPriority).toEqual([
          { priority: 'high', resolved: 2, averageHours: 19 },
          { priority: 'low', resolved: 1, averageHours: 360 },
        ]);
        expect(performance.centers.map((c) => [c.name, c.appointments])).toEqual(want.centers);

        expectCsvMatches((await tech.analytics.reportCsv(range)).csv, report);
      });
    }

    it('serves the same CSV over REST as the procedure, with user text made spreadsheet-safe', async () => {
      const db = handle!.db;
      await insertAppointments(db, [
        { at: '2024-04-02T12:00:00Z', status: 'completed', serviceType: '=HYPERLINK("x"), "quoted"', duration: 15, actualCost: '10.00', centerId: alpha },
      ]);
      const app = await buildTestApp(db);
      try {
        const tech = alphaStaff!;
        const cookie = await signInCookie(app, tech.email);
        const res = await app.inject({
          method: 'GET',
          url: `/api/analytics/report.csv?serviceCenterId=${alpha}&from=2024-03-01&to=2024-04-30&tz=America%2FLos_Angeles`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(200);
        const range = { serviceCenterId: alpha, from: '2024-03-01', to: '2024-04-30', timeZone: 'America/Los_Angeles' };
        const report = await callerFor(db, tech).analytics.report(range);
        expect(res.body).toBe(reportToCsv(report, await callerFor(db, tech).analytics.repairOrders(range)));
        expectCsvMatches(res.body, report);
        const rows = parseCsv(res.body);
        const formula = rows.find((r) => r[0] === 'top_services_by_count' && r[1]?.includes('HYPERLINK'));
        expect(formula?.[1]).toBe(`'=HYPERLINK("x"), "quoted"`);
        expect(rows.find((r) => r[0] === 'service_centers' && r[1] === 'Alpha Motors (Fresno)')?.[3]).toBe('6');
      } finally {
        await app.close();
      }
    });
  });
}
