import { expect } from 'vitest';
import type { AnalyticsReport } from '../../../shared/analytics.ts';
import type { Database } from '../../db/index.ts';

/** Rows, CSV reading and independent arithmetic shared by the analytics tests. */

export type InquiryStatus = 'open' | 'in_progress' | 'resolved' | 'closed';
export type Priority = 'low' | 'medium' | 'high' | 'urgent';
export type AppointmentStatus = 'scheduled' | 'confirmed' | 'in_progress' | 'completed' | 'cancelled' | 'no_show';

export interface InquirySeed {
  createdAt: string;
  updatedAt?: string;
  completedDate?: string | null;
  status: InquiryStatus;
  priority?: Priority;
  centerId?: string | null;
}

export interface AppointmentSeed {
  at: string;
  status: AppointmentStatus;
  serviceType: string;
  duration: number;
  actualCost?: string | null;
  centerId?: string | null;
}

export async function insertInquiries(db: Database, rows: InquirySeed[], centerId: string | null = null): Promise<void> {
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
        service_center_id: row.centerId ?? centerId,
      })),
    )
    .execute();
}

export async function insertAppointments(db: Database, rows: AppointmentSeed[]): Promise<void> {
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

export async function insertCenter(db: Database, name: string, city: string): Promise<string> {
  const row = await db
    .insertInto('service_centers')
    .values({ name, address: '1 Test Street', city, state: 'CA' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A minimal RFC 4180 reader, written apart from the server's writer so the two check each other. */
export function parseCsv(text: string): string[][] {
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
export function csvItem(text: string): string {
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

export function csvValue(rows: string[][], section: string, item: string, metric: string): string | undefined {
  return rows.find((r) => r[0] === section && r[1] === csvItem(item) && r[2] === metric)?.[3];
}

/** Every figure of a report, checked against its CSV row by row. */
export function expectCsvMatches(csv: string, report: AnalyticsReport): void {
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

export const formatters = new Map<string, Intl.DateTimeFormat>();
export function localDate(instant: number, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(instant));
}

export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return plusDays(date, -((weekday + 6) % 7));
}

export function average(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** percentile_cont(0.5): the middle value, or the mean of the two middle values. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

export function expectRounded(actual: number | null, raw: number | null): void {
  if (raw === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - raw)).toBeLessThanOrEqual(0.05 + 1e-9);
}
