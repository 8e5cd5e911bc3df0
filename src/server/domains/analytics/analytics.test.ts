import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsRange, AnalyticsReport } from '../../../shared/analytics.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import type { Database } from '../../db/index.ts';
import { createTestDatabase, databaseKinds, describeEachDatabase } from '../../../../tests/helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie } from '../../../../tests/helpers/factories.ts';
import { reportToCsv } from './service.ts';

type InquiryStatus = 'open' | 'in_progress' | 'resolved' | 'closed';
type Priority = 'low' | 'medium' | 'high' | 'urgent';
type AppointmentStatus = 'scheduled' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';

interface InquirySeed {
  createdAt: string;
  updatedAt?: string;
  completedDate?: string | null;
  status: InquiryStatus;
  priority?: Priority;
}

interface AppointmentSeed {
  at: string;
  status: AppointmentStatus;
  serviceType: string;
  duration: number;
  actualCost?: string | null;
  centerId?: string | null;
}

async function insertInquiries(db: Database, rows: InquirySeed[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('customer_inquiries')
    .values(
      rows.map((row) => ({
        inquiry_type: 'service' as const,
        subject: 'Analytics test inquiry',
        description: 'Inserted by the analytics tests',
        status: row.status,
        priority: row.priority ?? 'medium',
        created_at: row.createdAt,
        updated_at: row.updatedAt ?? row.createdAt,
        completed_date: row.completedDate ? new Date(row.completedDate) : null,
      })),
    )
    .execute();
}

async function insertAppointments(db: Database, rows: AppointmentSeed[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('service_appointments')
    .values(
      rows.map((row) => ({
        appointment_date: row.at,
        status: row.status,
        service_type: row.serviceType,
        duration: row.duration,
        actual_cost: row.actualCost ?? null,
        service_center_id: row.centerId ?? null,
      })),
    )
    .execute();
}

async function insertCenter(db: Database, name: string, city: string): Promise<string> {
  const row = await db
    .insertInto('service_centers')
    .values({ name, address: '1 Test Street', city, state: 'CA' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A minimal RFC 4180 reader, written apart from the server's writer so the two check each other. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += c;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** How user text appears in the CSV: a leading formula character is neutralised with a quote. */
function csvItem(text: string): string {
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

function csvValue(rows: string[][], section: string, item: string, metric: string): string | undefined {
  return rows.find((r) => r[0] === section && r[1] === csvItem(item) && r[2] === metric)?.[3];
}

/** Every figure of a report, checked against its CSV row by row. */
function expectCsvMatches(csv: string, report: AnalyticsReport): void {
  const rows = parseCsv(csv);
  expect(rows[0]).toEqual(['section', 'item', 'metric', 'value']);
  for (const row of rows) expect(row).toHaveLength(4);
  const { overview, services, performance } = report;
  const num = (section: string, item: string, metric: string) => {
    const value = csvValue(rows, section, item, metric);
    return value === undefined || value === '' ? null : Number(value);
  };
  expect(csvValue(rows, 'period', '', 'from')).toBe(overview.range.from);
  expect(csvValue(rows, 'period', '', 'time_zone')).toBe(overview.range.timeZone);
  expect(num('overview', '', 'inquiries_opened')).toBe(overview.inquiriesOpened);
  expect(num('overview', '', 'inquiries_resolved')).toBe(overview.inquiriesResolved);
  expect(num('overview', '', 'appointments')).toBe(overview.appointments);
  expect(num('overview', '', 'appointments_completed')).toBe(overview.completed);
  expect(num('overview', '', 'appointments_no_show')).toBe(overview.noShows);
  expect(num('overview', '', 'appointments_cancelled')).toBe(overview.cancelled);
  const completion = num('overview', '', 'completion_rate');
  if (overview.completionRate === null) expect(completion).toBeNull();
  else expect(completion).toBeCloseTo(overview.completionRate, 4);
  expect(rows.filter((r) => r[0] === 'inquiries_per_week')).toHaveLength(overview.inquiriesPerWeek.length * 2);
  for (const week of overview.inquiriesPerWeek) {
    expect(num('inquiries_per_week', week.weekStart, 'opened')).toBe(week.opened);
    expect(num('inquiries_per_week', week.weekStart, 'resolved')).toBe(week.resolved);
  }
  expect(rows.filter((r) => r[0] === 'appointments_per_day')).toHaveLength(overview.appointmentsPerDay.length * 2);
  for (const day of overview.appointmentsPerDay) {
    expect(num('appointments_per_day', day.date, 'appointments')).toBe(day.appointments);
  }
  expect(num('services', '', 'total_revenue')).toBeCloseTo(services.totalRevenue, 2);
  expect(num('services', '', 'average_duration_minutes')).toBe(services.averageDurationMinutes);
  for (const type of services.byCount) {
    expect(num('top_services_by_count', type.serviceType, 'appointments')).toBe(type.appointments);
    expect(num('top_services_by_count', type.serviceType, 'revenue')).toBeCloseTo(type.revenue, 2);
  }
  for (const type of services.byRevenue) {
    expect(num('top_services_by_revenue', type.serviceType, 'revenue')).toBeCloseTo(type.revenue, 2);
  }
  expect(num('performance', '', 'inquiries_resolved')).toBe(performance.resolved);
  expect(num('performance', '', 'average_resolution_hours')).toBe(performance.averageResolutionHours);
  expect(num('performance', '', 'median_resolution_hours')).toBe(performance.medianResolutionHours);
  for (const priority of performance.resolutionByPriority) {
    expect(num('resolution_by_priority', priority.priority, 'average_hours')).toBe(priority.averageHours);
  }
  for (const center of performance.centers) {
    const label = center.city ? `${center.name} (${center.city})` : center.name;
    expect(num('service_centers', label, 'appointments')).toBe(center.appointments);
    expect(num('service_centers', label, 'revenue')).toBeCloseTo(center.revenue, 2);
  }
}

// ---------------------------------------------------------------------------------------------
// Permissions and validation
// ---------------------------------------------------------------------------------------------

describeEachDatabase('analytics: who may ask, and what', (getDb) => {
  const range: AnalyticsRange = { from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' };

  it('answers UNAUTHORIZED to anonymous callers and FORBIDDEN to owners', async () => {
    const db = getDb();
    const owner = await createUser(db, { role: 'simple' });
    for (const procedure of ['overview', 'services', 'performance', 'report', 'reportCsv'] as const) {
      await expect(callerFor(db, null).analytics[procedure](range)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(callerFor(db, owner).analytics[procedure](range)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const tech = await createUser(db, { role: 'tech' });
    await expect(callerFor(db, tech).analytics.overview(range)).resolves.toMatchObject({ range });
  });

  it('refuses malformed dates, reversed or overlong periods and unknown time zones', async () => {
    const db = getDb();
    const tech = callerFor(db, await createUser(db, { role: 'tech' }));
    const bad: [Record<string, string>, RegExp][] = [
      [{ ...range, from: '2024-02-30' }, /Start date must be a date/],
      [{ ...range, to: 'yesterday' }, /End date must be a date/],
      [{ ...range, from: '2024-04-01' }, /end date must be on or after the start date/],
      [{ ...range, from: '2023-01-01' }, /at most 366 days/],
      [{ ...range, timeZone: 'Mars/Olympus_Mons' }, /IANA name/],
      [{ ...range, timeZone: '' }, /Time zone is required/],
    ];
    for (const [input, message] of bad) {
      const error = await tech.analytics.overview(input as AnalyticsRange).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).message).toMatch(message);
    }
    // A full leap year is allowed.
    await expect(tech.analytics.overview({ ...range, from: '2024-01-01', to: '2024-12-31' })).resolves.toBeTruthy();
  });

  it('answers the REST paths with 401, 403, 400 and a CSV attachment', async () => {
    const db = getDb();
    const app = await buildTestApp(db);
    try {
      const owner = await createUser(db, { role: 'simple' });
      const tech = await createUser(db, { role: 'tech' });
      const url = '/api/analytics/report.csv?from=2024-03-01&to=2024-03-31&tz=America/Los_Angeles';
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const ownerCookie = await signInCookie(app, owner.email);
      const forbidden = await app.inject({ method: 'GET', url, headers: { cookie: ownerCookie } });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });

      const cookie = await signInCookie(app, tech.email);
      const bad = await app.inject({ method: 'GET', url: '/api/analytics/report.csv?from=2024-03-31&to=2024-03-01&tz=UTC', headers: { cookie } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringMatching(/on or after the start date/) });
      const missing = await app.inject({ method: 'GET', url: '/api/analytics/report?from=2024-03-01&to=2024-03-31', headers: { cookie } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Time zone is required/);

      const ok = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^text\/csv/);
      expect(ok.headers['content-disposition']).toBe('attachment; filename="analytics-2024-03-01-to-2024-03-31.csv"');
      expect(parseCsv(ok.body)[0]).toEqual(['section', 'item', 'metric', 'value']);

      const json = await app.inject({ method: 'GET', url: '/api/analytics/report?from=2024-03-01&to=2024-03-31&timeZone=UTC', headers: { cookie } });
      expect(json.statusCode).toBe(200);
      expect(json.json().overview.range).toEqual({ from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' });
    } finally {
      await app.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Exact figures on dedicated databases
// ---------------------------------------------------------------------------------------------

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
      const tech = callerFor(db, await createUser(db, { role: 'tech' }));
      const range: AnalyticsRange = { from: '2024-02-26', to: '2024-03-10', timeZone: 'Asia/Tokyo' };
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

  describe(`analytics: hand-counted figures around local midnight [${kind}]`, () => {
    let handle: DatabaseHandle | undefined;
    let alpha = '';
    let bayside = '';
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
        { at: '2024-03-01T08:00:00Z', status: 'no_show', serviceType: ' Oil Change ', duration: 60 },
        // Feb 29 14:59 / Feb 29 06:59 / Feb 29 23:59: outside everywhere
        { at: '2024-02-29T14:59:00Z', status: 'completed', serviceType: 'Tire Rotation', duration: 45, actualCost: '20.00', centerId: alpha },
        // Feb 29 15:00 / Feb 29 07:00 / Mar 1 00:00
        { at: '2024-02-29T15:00:00Z', status: 'cancelled', serviceType: 'Brake Service', duration: 90, centerId: alpha },
        // Mar 10 23:30 / Mar 10 16:30 (after the DST change) / Mar 11 08:30
        { at: '2024-03-10T23:30:00Z', status: 'completed', serviceType: 'Brake Service', duration: 120, actualCost: '200.00', centerId: alpha },
        // Mar 11 06:30 / Mar 10 23:30 / Mar 11 15:30
        { at: '2024-03-11T06:30:00Z', status: 'completed', serviceType: 'Alignment', duration: 60, actualCost: '80.50', centerId: bayside },
        { at: '2024-03-05T12:00:00Z', status: 'scheduled', serviceType: 'OIL CHANGE', duration: 30, centerId: bayside },
        { at: '2024-03-06T12:00:00Z', status: 'scheduled', serviceType: 'Oil Change', duration: 30, centerId: bayside },
      ]);
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
      ]);
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
        centers: [
          ['Alpha Motors', 2],
          ['Bayside Garage', 2],
          ['No service center', 1],
        ],
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
        centers: [
          ['Bayside Garage', 3],
          ['Alpha Motors', 1],
          ['No service center', 1],
        ],
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
        centers: [
          ['Alpha Motors', 2],
          ['Bayside Garage', 2],
          ['No service center', 1],
        ],
      },
    } as const;

    for (const [timeZone, want] of Object.entries(expected)) {
      it(`counts by local day and week in ${timeZone}`, async () => {
        const db = handle!.db;
        const tech = callerFor(db, await createUser(db, { role: 'tech' }));
        const range = { ...period, timeZone };
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
        { at: '2024-04-02T12:00:00Z', status: 'completed', serviceType: '=HYPERLINK("x"), "quoted"', duration: 15, actualCost: '10.00' },
      ]);
      const app = await buildTestApp(db);
      try {
        const tech = await createUser(db, { role: 'tech' });
        const cookie = await signInCookie(app, tech.email);
        const res = await app.inject({
          method: 'GET',
          url: '/api/analytics/report.csv?from=2024-03-01&to=2024-04-30&tz=America%2FLos_Angeles',
          headers: { cookie },
        });
        expect(res.statusCode).toBe(200);
        const report = await callerFor(db, tech).analytics.report({ from: '2024-03-01', to: '2024-04-30', timeZone: 'America/Los_Angeles' });
        expect(res.body).toBe(reportToCsv(report));
        expectCsvMatches(res.body, report);
        const rows = parseCsv(res.body);
        const formula = rows.find((r) => r[0] === 'top_services_by_count' && r[1]?.includes('HYPERLINK'));
        expect(formula?.[1]).toBe(`'=HYPERLINK("x"), "quoted"`);
        expect(rows.find((r) => r[0] === 'service_centers' && r[1] === 'Alpha Motors (Fresno)')?.[3]).toBe('1');
      } finally {
        await app.close();
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// A generated year of shop history against counts computed here, independently of the SQL
// ---------------------------------------------------------------------------------------------

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function randomSource(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
// Distinct first letters keep tie-breaks by name the same under every collation.
const SERVICE_TYPES = [
  'Alignment',
  'Brake Service',
  'Coolant Flush',
  'Diagnostics',
  'Engine Tune-Up',
  'Fuel Injection Cleaning',
  'Glass Repair',
  'Hybrid Battery Check',
  'Inspection',
  'Jump Start',
  'Key Programming',
  'Lube and Oil Change',
];
const INQUIRY_STATUSES: InquiryStatus[] = ['open', 'in_progress', 'resolved', 'closed'];
const PRIORITIES: Priority[] = ['urgent', 'high', 'medium', 'low'];
const APPOINTMENT_STATUSES: AppointmentStatus[] = ['scheduled', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'];

interface GeneratedInquiry {
  created: number;
  resolvedAt: number | null;
  priority: Priority;
  seed: InquirySeed;
}
interface GeneratedAppointment {
  at: number;
  status: AppointmentStatus;
  key: string;
  duration: number;
  cents: number | null;
  centerId: string | null;
  seed: AppointmentSeed;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function localDate(instant: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return plusDays(date, -((weekday + 6) % 7));
}

function average(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** percentile_cont(0.5): the middle value, or the mean of the two middle values. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

function expectRounded(actual: number | null, raw: number | null): void {
  if (raw === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - raw)).toBeLessThanOrEqual(0.05 + 1e-9);
}

for (const kind of databaseKinds) {
  describe(`analytics: a generated year of history [${kind}]`, () => {
    let handle: DatabaseHandle | undefined;
    const inquiries: GeneratedInquiry[] = [];
    const appointments: GeneratedAppointment[] = [];
    const centers: { id: string; name: string }[] = [];

    beforeAll(async () => {
      handle = await createTestDatabase(kind);
      const db = handle.db;
      for (const [name, city] of [
        ['Northside Auto', 'Portland'],
        ['Eastgate Service', 'Denver'],
        ['Westlake Garage', 'Austin'],
        ['Central Motors', 'Omaha'],
      ] as const) {
        centers.push({ id: await insertCenter(db, name, city), name });
      }
      const random = randomSource(20240310);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const yearStart = Date.parse('2021-01-01T00:00:00Z');
      // A few days either side of the year, so every zone's first and last local day has neighbours.
      const instant = () => yearStart - 2 * 24 * HOUR + Math.floor(random() * 369 * 24 * 60) * 60_000;

      for (let i = 0; i < 500; i++) {
        const created = instant();
        const status = pick(INQUIRY_STATUSES);
        const priority = pick(PRIORITIES);
        const updated = created + Math.floor(random() * 600 * 60) * 60_000;
        // Some completed dates are entered before the creation time: those count as 0 h.
        const completed = random() < 0.5 ? null : created + Math.floor((random() * 400 - 10) * 60) * 60_000;
        const resolved = status === 'resolved' || status === 'closed';
        inquiries.push({
          created,
          resolvedAt: resolved ? (completed ?? updated) : null,
          priority,
          seed: {
            createdAt: new Date(created).toISOString(),
            updatedAt: new Date(updated).toISOString(),
            completedDate: completed === null ? null : new Date(completed).toISOString(),
            status,
            priority,
          },
        });
      }
      for (let i = 0; i < 800; i++) {
        const at = instant();
        const status = pick(APPOINTMENT_STATUSES);
        const canonical = pick(SERVICE_TYPES);
        const variant = random();
        const serviceType = variant < 0.1 ? canonical.toUpperCase() : variant < 0.2 ? `  ${canonical.toLowerCase()} ` : canonical;
        const duration = 15 * (1 + Math.floor(random() * 16));
        const cents = status === 'completed' && random() < 0.9 ? 2_000 + Math.floor(random() * 150_000) : null;
        const center = random() < 0.15 ? null : pick(centers);
        appointments.push({
          at,
          status,
          key: canonical.toLowerCase(),
          duration,
          cents,
          centerId: center?.id ?? null,
          seed: {
            at: new Date(at).toISOString(),
            status,
            serviceType,
            duration,
            actualCost: cents === null ? null : (cents / 100).toFixed(2),
            centerId: center?.id ?? null,
          },
        });
      }
      await insertInquiries(db, inquiries.map((i) => i.seed));
      await insertAppointments(db, appointments.map((a) => a.seed));
    });
    afterAll(async () => {
      await handle?.close();
    });

    const cases: AnalyticsRange[] = [
      { from: '2021-03-01', to: '2021-03-31', timeZone: 'America/Los_Angeles' },
      { from: '2021-03-01', to: '2021-03-31', timeZone: 'Asia/Tokyo' },
      { from: '2021-10-20', to: '2021-11-16', timeZone: 'America/Los_Angeles' },
      { from: '2021-06-01', to: '2021-08-15', timeZone: 'Asia/Kolkata' },
      { from: '2021-01-01', to: '2021-12-31', timeZone: 'UTC' },
      { from: '2021-01-01', to: '2021-01-01', timeZone: 'Pacific/Kiritimati' },
    ];

    for (const range of cases) {
      it(`matches independent counts for ${range.from}..${range.to} in ${range.timeZone}`, async () => {
        const db = handle!.db;
        const tech = callerFor(db, await createUser(db, { role: 'tech' }));
        const report = await tech.analytics.report(range);
        const { overview, services, performance } = report;
        const dayOf = (instant: number) => localDate(instant, range.timeZone);
        const inside = (instant: number) => {
          const day = dayOf(instant);
          return day >= range.from && day <= range.to;
        };

        const opened = inquiries.filter((i) => inside(i.created));
        const resolved = inquiries.filter((i) => i.resolvedAt !== null && inside(i.resolvedAt));
        const inRange = appointments.filter((a) => inside(a.at));
        const count = (status: AppointmentStatus) => inRange.filter((a) => a.status === status).length;
        expect(opened.length + inRange.length).toBeGreaterThan(0);
        expect(overview.inquiriesOpened).toBe(opened.length);
        expect(overview.inquiriesResolved).toBe(resolved.length);
        expect(overview.appointments).toBe(inRange.length);
        expect(overview.completed).toBe(count('completed'));
        expect(overview.noShows).toBe(count('no_show'));
        expect(overview.cancelled).toBe(count('cancelled'));
        const concluded = count('completed') + count('no_show') + count('cancelled');
        expect(overview.completionRate).toBeCloseTo(count('completed') / concluded, 10);
        expect(overview.noShowRate).toBeCloseTo(count('no_show') / concluded, 10);

        const tally = (keys: string[]) => {
          const counts = new Map<string, number>();
          for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
          return counts;
        };
        const openedPerWeek = tally(opened.map((i) => mondayOf(dayOf(i.created))));
        const resolvedPerWeek = tally(resolved.map((i) => mondayOf(dayOf(i.resolvedAt!))));
        const weeks: string[] = [];
        for (let w = mondayOf(range.from); w <= range.to; w = plusDays(w, 7)) weeks.push(w);
        expect(overview.inquiriesPerWeek).toEqual(
          weeks.map((weekStart) => ({
            weekStart,
            opened: openedPerWeek.get(weekStart) ?? 0,
            resolved: resolvedPerWeek.get(weekStart) ?? 0,
          })),
        );
        const perDay = tally(inRange.map((a) => dayOf(a.at)));
        const completedPerDay = tally(inRange.filter((a) => a.status === 'completed').map((a) => dayOf(a.at)));
        const days: string[] = [];
        for (let d = range.from; d <= range.to; d = plusDays(d, 1)) days.push(d);
        expect(overview.appointmentsPerDay).toEqual(
          days.map((date) => ({ date, appointments: perDay.get(date) ?? 0, completed: completedPerDay.get(date) ?? 0 })),
        );

        // Services, grouped by the type's name whatever its case and padding.
        const groups = new Map<string, GeneratedAppointment[]>();
        for (const a of inRange) groups.set(a.key, [...(groups.get(a.key) ?? []), a]);
        const stats = [...groups].map(([key, list]) => {
          const costs = list.flatMap((a) => (a.cents === null ? [] : [a.cents]));
          return {
            key,
            appointments: list.length,
            completed: list.filter((a) => a.status === 'completed').length,
            cents: costs.length === 0 ? null : costs.reduce((x, y) => x + y, 0),
            duration: average(list.map((a) => a.duration))!,
          };
        });
        const byCount = [...stats]
          .sort((x, y) => y.appointments - x.appointments || (y.cents ?? -1) - (x.cents ?? -1) || x.key.localeCompare(y.key))
          .slice(0, 10);
        const byRevenue = stats
          .filter((s) => s.cents !== null)
          .sort((x, y) => y.cents! - x.cents! || y.appointments - x.appointments || x.key.localeCompare(y.key))
          .slice(0, 10);
        for (const [actual, wanted] of [
          [services.byCount, byCount],
          [services.byRevenue, byRevenue],
        ] as const) {
          expect(actual.map((s) => s.serviceType.toLowerCase())).toEqual(wanted.map((s) => s.key));
          actual.forEach((s, index) => {
            const w = wanted[index]!;
            expect(s.appointments).toBe(w.appointments);
            expect(s.completed).toBe(w.completed);
            expect(Math.round(s.revenue * 100)).toBe(w.cents ?? 0);
            expectRounded(s.averageDurationMinutes, w.duration);
          });
        }
        expect(services.serviceTypes).toBe(groups.size);
        const cents = inRange.reduce((sum, a) => sum + (a.cents ?? 0), 0);
        expect(Math.round(services.totalRevenue * 100)).toBe(cents);
        expectRounded(services.averageDurationMinutes, average(inRange.map((a) => a.duration)));

        // Resolution time, overall and per priority.
        const hours = (i: GeneratedInquiry) => Math.max(0, i.resolvedAt! - i.created) / HOUR;
        expect(performance.resolved).toBe(resolved.length);
        expectRounded(performance.averageResolutionHours, average(resolved.map(hours)));
        expectRounded(performance.medianResolutionHours, median(resolved.map(hours)));
        const byPriority = PRIORITIES.flatMap((priority) => {
          const list = resolved.filter((i) => i.priority === priority);
          return list.length === 0 ? [] : [{ priority, resolved: list.length, raw: average(list.map(hours)) }];
        });
        expect(performance.resolutionByPriority.map((p) => [p.priority, p.resolved])).toEqual(
          byPriority.map((p) => [p.priority, p.resolved]),
        );
        performance.resolutionByPriority.forEach((p, index) => expectRounded(p.averageHours, byPriority[index]!.raw));

        // Appointments per service center, busiest first, the center-less ones named as such.
        const perCenter = [...centers.map((c) => ({ id: c.id as string | null, name: c.name })), { id: null, name: 'No service center' }]
          .map((c) => {
            const list = inRange.filter((a) => a.centerId === c.id);
            return {
              name: c.name,
              appointments: list.length,
              completed: list.filter((a) => a.status === 'completed').length,
              noShows: list.filter((a) => a.status === 'no_show').length,
              cents: list.reduce((sum, a) => sum + (a.cents ?? 0), 0),
              isNone: c.id === null,
            };
          })
          .filter((c) => c.appointments > 0)
          .sort((x, y) => y.appointments - x.appointments || Number(x.isNone) - Number(y.isNone) || x.name.localeCompare(y.name));
        expect(
          performance.centers.map((c) => ({ name: c.name, appointments: c.appointments, completed: c.completed, noShows: c.noShows, cents: Math.round(c.revenue * 100) })),
        ).toEqual(perCenter.map(({ name, appointments, completed, noShows, cents }) => ({ name, appointments, completed, noShows, cents })));

        expectCsvMatches((await tech.analytics.reportCsv(range)).csv, report);
      });
    }
  });
}
