import type { AnalyticsRange, CenterFigures } from './analytics.ts';
import { hoursObjectSchema, type HoursDisplay } from './service-centers.ts';

/** How ids, durations and labels read on screen and in files: the same on the client and the server. */

/**
 * 'Customer #' plus the first dash-part of the customer id, or N/A
 * (docs/inquiries.md#the-page-customer-inquiries-tech-mode).
 */
export function customerLabel(customerId: string | null | undefined): string {
  const part = customerId?.split('-')[0];
  return part ? `Customer #${part}` : 'N/A';
}

/** The first dash-part of an id: inquiry and appointment numbers, short ids. */
export function shortId(id: string | null | undefined): string {
  return id?.split('-')[0] ?? '';
}

/** '1h 30m', '2h', '45m' (docs/appointments.md#the-page-service-appointments-tech-mode). */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/**
 * The second dash-separated part of the user id, else a fallback (docs/screens.md#simple-shell,
 * #technician-shell).
 */
export function shortUserId(userId: string | null | undefined, fallback: string): string {
  const part = userId?.split('-')[1];
  return part ? part : fallback;
}

/** Centers are told apart by name and city, as their cards show them. */
export function centerLabel(center: Pick<CenterFigures, 'name' | 'city'>): string {
  return center.city ? `${center.name} (${center.city})` : center.name;
}

export function reportFileName(range: Pick<AnalyticsRange, 'from' | 'to'>): string {
  return `analytics-${range.from}-to-${range.to}.csv`;
}

/** The form's text for stored hours (objects back to pretty JSON). */
export function operatingHoursText(hours: unknown): string {
  if (hours === null || hours === undefined) return '';
  return typeof hours === 'string' ? hours : JSON.stringify(hours, null, 2);
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function weekdayIndex(key: string): number {
  const lower = key.trim().toLowerCase();
  const index = WEEKDAYS.findIndex((day) => lower.startsWith(day.slice(0, 3)));
  return index === -1 ? WEEKDAYS.length : index;
}

/**
 * How stored hours read on the detail view
 * (docs/service-centers.md#the-page-service-centers-tech-mode): day by day in week order (the
 * database keeps object keys in its own order), the text as typed, 'Hours not specified' or
 * 'Invalid hours format'.
 */
export function hoursDisplay(hours: unknown): HoursDisplay {
  if (hours === null || hours === undefined || hours === '') return { kind: 'none' };
  if (typeof hours === 'string') return { kind: 'text', text: hours };
  const parsed = hoursObjectSchema.safeParse(hours);
  if (!parsed.success) return { kind: 'invalid' };
  const days = Object.entries(parsed.data)
    .map(([day, value]) => ({ day, hours: value }))
    .sort((a, b) => weekdayIndex(a.day) - weekdayIndex(b.day));
  return days.length ? { kind: 'days', days } : { kind: 'none' };
}
