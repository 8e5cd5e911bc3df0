import { isValidTimeZone } from '../../shared/dates.ts';

/**
 * The browser's IANA zone, in which the server counts days (date filters, due dates, reports);
 * UTC where the browser names none the shared schema accepts.
 */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : 'UTC';
}
