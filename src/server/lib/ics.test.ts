import { describe, expect, it } from 'vitest';
import { parseIcs } from '../../../tests/helpers/ics.ts';
import { buildCalendar, escapeText, foldLine } from './ics.ts';

const NOW = new Date('2026-11-25T03:04:05.678Z');

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks in TEXT', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}${'x'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes a calendar that reads back: all-day and timed events, DTSTAMP, stable UIDs, CRLF', () => {
    const summary = 'Oil change, filter; and "more": a long title that certainly needs folding ✓ twice over';
    const text = buildCalendar(
      'VinTech',
      [
        { uid: 'due-1@vintech', summary, description: 'line one\nline two', date: '2026-12-31' },
        { uid: 'appointment-2@vintech', summary: 'Brakes', start: new Date('2026-12-01T09:30:00Z'), end: new Date('2026-12-01T10:15:00Z'), status: 'CONFIRMED' },
      ],
      NOW,
    );
    expect(text).not.toMatch(/[^\r]\n/);
    const calendar = parseIcs(text);
    expect(calendar.name).toBe('VCALENDAR');
    expect(calendar.get('VERSION')).toBe('2.0');
    expect(calendar.get('PRODID')).toBeTruthy();
    const [allDay, timed] = calendar.components;
    expect(calendar.components.map((c) => c.name)).toEqual(['VEVENT', 'VEVENT']);
    expect(allDay!.get('UID')).toBe('due-1@vintech');
    expect(allDay!.get('SUMMARY')).toBe(summary);
    expect(allDay!.get('DESCRIPTION')).toBe('line one\nline two');
    expect(allDay!.get('DTSTAMP')).toBe('20261125T030405Z');
    expect(allDay!.param('DTSTART', 'VALUE')).toBe('DATE');
    expect(allDay!.get('DTSTART')).toBe('20261231');
    // The end of an all-day event is exclusive: the next day, across the year end.
    expect(allDay!.get('DTEND')).toBe('20270101');
    expect(timed!.get('DTSTART')).toBe('20261201T093000Z');
    expect(timed!.get('DTEND')).toBe('20261201T101500Z');
    expect(timed!.get('STATUS')).toBe('CONFIRMED');
  });
});
