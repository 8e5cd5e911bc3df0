import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsRange } from '../../../shared/analytics.ts';
import type { DatabaseHandle } from '../../db/index.ts';
import { createTestDatabase, databaseKinds } from '../../../../tests/helpers/db.ts';
import { callerFor, createUser } from '../../../../tests/helpers/factories.ts';
import {
  average,
  expectCsvMatches,
  expectRounded,
  insertAppointments,
  insertCenter,
  insertInquiries,
  localDate,
  median,
  mondayOf,
  plusDays,
  type AppointmentSeed,
  type AppointmentStatus,
  type InquirySeed,
  type InquiryStatus,
  type Priority,
} from './test-support.ts';

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
  centerId: string | null;
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
        const inquiryCenter = random() < 0.6 ? centers[0]! : random() < 0.15 ? null : pick(centers);
        inquiries.push({
          centerId: inquiryCenter?.id ?? null,
          created,
          resolvedAt: resolved ? (completed ?? updated) : null,
          priority,
          seed: {
            createdAt: new Date(created).toISOString(),
            updatedAt: new Date(updated).toISOString(),
            completedDate: completed === null ? null : new Date(completed).toISOString(),
            status,
            priority,
            centerId: inquiryCenter?.id ?? null,
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
        // Most rows are the first shop's (the one reported on); the others' rows must not count.
        const center = random() < 0.6 ? centers[0]! : random() < 0.15 ? null : pick(centers);
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
        const shop = centers[0]!.id;
        const staff = await createUser(db, { role: 'simple' });
        await db.insertInto('shop_staff').values({ service_center_id: shop, user_id: staff.id, role: 'technician' }).execute();
        const tech = callerFor(db, staff);
        const input = { ...range, serviceCenterId: shop };
        const report = await tech.analytics.report(input);
        const { overview, services, performance } = report;
        const dayOf = (instant: number) => localDate(instant, range.timeZone);
        const inside = (instant: number) => {
          const day = dayOf(instant);
          return day >= range.from && day <= range.to;
        };

        const opened = inquiries.filter((i) => i.centerId === shop && inside(i.created));
        const resolved = inquiries.filter((i) => i.centerId === shop && i.resolvedAt !== null && inside(i.resolvedAt));
        const inRange = appointments.filter((a) => a.centerId === shop && inside(a.at));
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

        // The shop's own row only: other shops' and center-less appointments are not its figures.
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

        expectCsvMatches((await tech.analytics.reportCsv(input)).csv, report);
      });
    }
  });
}