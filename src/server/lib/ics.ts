/**
 * iCalendar (RFC 5545) text: CRLF line ends, content lines folded at 75 octets (never inside a
 * UTF-8 character), TEXT values escaped. Events are all-day (VALUE=DATE) or timed in UTC.
 */

export interface IcsEvent {
  /** Stable across feeds, so a calendar updates the event instead of adding another. */
  uid: string;
  summary: string;
  description?: string;
  /** An all-day event on this day (YYYY-MM-DD)... */
  date?: string;
  /** ...or a timed one. */
  start?: Date;
  end?: Date;
  url?: string;
  status?: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
}

const encoder = new TextEncoder();

/** Backslash, semicolon, comma and line breaks escaped as RFC 5545 section 3.3.11 says. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // Other control characters are not allowed in TEXT.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** Folds a content line into lines of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation line 74 after its leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDay = (day: string) => day.replace(/-/g, '');
export const icsDateTime = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${stamp}`];
  if (event.date) {
    lines.push(`DTSTART;VALUE=DATE:${compactDay(event.date)}`, `DTEND;VALUE=DATE:${compactDay(nextDay(event.date))}`, 'TRANSP:TRANSPARENT');
  } else if (event.start) {
    lines.push(`DTSTART:${icsDateTime(event.start)}`);
    if (event.end) lines.push(`DTEND:${icsDateTime(event.end)}`);
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.status) lines.push(`STATUS:${event.status}`);
  lines.push('END:VEVENT');
  return lines;
}

/** A whole VCALENDAR; `now` is every event's DTSTAMP (when the feed was made). */
export function buildCalendar(name: string, events: readonly IcsEvent[], now: Date): string {
  const stamp = icsDateTime(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(name)}//Maintenance reminders//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
