import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween } from '../../../shared/dates.ts';
import { computeDue, dueSummary, spanOfDays, worstUrgency, type DueInput } from '../../../shared/due.ts';
import { shiftDay } from '../../../../tests/helpers/garage.ts';

describe('computeDue', () => {
  // Every 6 months, last done on 2026-01-15: due on 2026-07-15.
  const byTime: DueInput = { miles: null, months: 6, lastDate: '2026-01-15', lastMileage: 10_000, trackingDate: '2020-01-01', trackingMileage: 0, odometer: 10_000, today: '2026-01-15' };
  const due = '2026-07-15';
  const onDay = (daysLeft: number) => computeDue({ ...byTime, today: shiftDay(due, -daysLeft) });

  it('counts the due day itself as due, and the day after as overdue', () => {
    expect(onDay(0)).toMatchObject({ basis: 'record', dueDate: due, dueMileage: null, daysLeft: 0, milesLeft: null, urgency: 'due' });
    expect(onDay(1)).toMatchObject({ daysLeft: 1, urgency: 'due' });
    expect(onDay(-1)).toMatchObject({ daysLeft: -1, urgency: 'overdue' });
    expect(onDay(-400)).toMatchObject({ daysLeft: -400, urgency: 'overdue' });
  });

  it.each([
    [7, 'due'],
    [8, 'soon'],
    [30, 'soon'],
    [31, 'ok'],
    [181, 'ok'],
  ] as const)('%i days before the due day is %s', (daysLeft, urgency) => {
    expect(onDay(daysLeft)).toMatchObject({ basis: 'record', dueDate: due, dueMileage: null, daysLeft, milesLeft: null, urgency });
  });

  // Every 5,000 miles, last done at 10,000: due at 15,000.
  const byDistance: DueInput = { miles: 5000, months: null, lastDate: '2026-01-15', lastMileage: 10_000, trackingDate: '2020-01-01', trackingMileage: 0, odometer: 10_000, today: '2026-03-01' };
  it.each([
    [15_000, 0, 'due'],
    [15_001, -1, 'overdue'],
    [30_000, -15_000, 'overdue'],
    [14_900, 100, 'due'],
    [14_899, 101, 'soon'],
    [14_500, 500, 'soon'],
    [14_499, 501, 'ok'],
    [10_000, 5000, 'ok'],
  ] as const)('at %i miles (due at 15,000): %i miles left, %s', (odometer, milesLeft, urgency) => {
    expect(computeDue({ ...byDistance, odometer })).toMatchObject({ basis: 'record', dueDate: null, dueMileage: 15_000, daysLeft: null, milesLeft, urgency });
  });

  // A 2003 Accord saved today at 152,300 miles, nothing known: oil every 5,000 miles or 6 months.
  const accord: DueInput = { miles: 5000, months: 6, lastDate: null, lastMileage: null, trackingDate: '2026-11-24', trackingMileage: 152_300, odometer: 152_300, today: '2026-11-24' };

  it('starts tracking from the day of saving and its odometer when nothing is known', () => {
    expect(computeDue(accord)).toEqual({ basis: 'tracking', dueDate: '2027-05-24', dueMileage: 157_300, daysLeft: 181, milesLeft: 5000, urgency: 'ok' });
    // Driving on from there: due at 157,300.
    expect(computeDue({ ...accord, odometer: 157_250, today: '2027-01-10' })).toMatchObject({ basis: 'tracking', milesLeft: 50, urgency: 'due' });
    // A known service with neither a day nor a mileage is no knowledge.
    expect(computeDue({ ...accord, known: { date: null, mileage: null } })).toMatchObject({ basis: 'tracking', urgency: 'ok' });
  });

  it('counts from the last service the owner knew of when saving', () => {
    // "Last oil change 3 months ago at 150,000 mi": not overdue.
    const known = computeDue({ ...accord, known: { date: '2026-08-24', mileage: 150_000 } });
    expect(known).toEqual({ basis: 'known', dueDate: '2027-02-24', dueMileage: 155_000, daysLeft: 92, milesLeft: 2700, urgency: 'ok' });
    // Only a day: no due mileage; only a mileage: no due day.
    expect(computeDue({ ...accord, known: { date: '2026-01-02', mileage: null } })).toEqual({ basis: 'known', dueDate: '2026-07-02', dueMileage: null, daysLeft: -145, milesLeft: null, urgency: 'overdue' });
    expect(computeDue({ ...accord, known: { date: null, mileage: 147_500 } })).toEqual({ basis: 'known', dueDate: null, dueMileage: 152_500, daysLeft: null, milesLeft: 200, urgency: 'soon' });
    // A record, once there is one, wins over what was said when saving.
    expect(computeDue({ ...accord, known: { date: '2020-01-01', mileage: 90_000 }, lastDate: '2026-11-20', lastMileage: 152_000 })).toMatchObject({ basis: 'record', dueMileage: 157_000, urgency: 'ok' });
  });

  it('says how long overdue in the unit a person would use: days, then months, then years', () => {
    const longAgo = computeDue({ ...accord, known: { date: '2003-05-01', mileage: null } });
    expect(longAgo).toMatchObject({ daysLeft: -8424, urgency: 'overdue' });
    expect(dueSummary(longAgo)).toBe('overdue by 23 years');
    expect(dueSummary({ daysLeft: -1, milesLeft: null, dueDate: '2026-01-01', dueMileage: null })).toBe('overdue by 1 day');
    expect(dueSummary({ daysLeft: -59, milesLeft: -1200, dueDate: '2026-01-01', dueMileage: 1 })).toBe('overdue by 59 days · 1,200 mi over');
    expect(dueSummary({ daysLeft: -95, milesLeft: null, dueDate: '2026-01-01', dueMileage: null })).toBe('overdue by 3 months');
    expect(dueSummary({ daysLeft: -1096, milesLeft: null, dueDate: '2026-01-01', dueMileage: null })).toBe('overdue by 3 years');
    expect(dueSummary({ daysLeft: 0, milesLeft: 5000, dueDate: '2026-01-01', dueMileage: 1 })).toBe('due today · 5,000 mi left');
    expect(dueSummary({ daysLeft: 181, milesLeft: null, dueDate: '2026-01-01', dueMileage: null })).toBe('in 5 months');
    expect(spanOfDays(364)).toBe('11 months');
    expect(spanOfDays(365)).toBe('1 year');
    expect(spanOfDays(730)).toBe('1 year');
    expect(spanOfDays(731)).toBe('2 years');
  });

  it('keeps counting the miles of a replaced odometer', () => {
    // Oil at 150,000 on the old odometer, which showed 152,300 when a new one (reading 0) was fitted.
    const replaced: DueInput = { ...accord, lastDate: '2026-11-01', lastMileage: 150_000, odometer: 1000, odometerOffset: 152_300 };
    // 153,300 miles driven in all: 1,700 left, due when the new odometer reads 2,700.
    expect(computeDue(replaced)).toMatchObject({ basis: 'record', dueMileage: 2700, milesLeft: 1700, urgency: 'ok' });
    expect(computeDue({ ...replaced, odometer: 2701 })).toMatchObject({ milesLeft: -1, urgency: 'overdue' });
  });

  it('reads an interval by time only and one by distance only', () => {
    const timeOnly = computeDue({ ...byTime, odometer: 9_999_999, today: shiftDay(due, -100) });
    expect(timeOnly).toMatchObject({ basis: 'record', dueDate: due, dueMileage: null, daysLeft: 100, milesLeft: null, urgency: 'ok' });
    const distanceOnly = computeDue({ ...byDistance, today: '2099-01-01' });
    expect(distanceOnly).toMatchObject({ basis: 'record', dueDate: null, dueMileage: 15_000, daysLeft: null, milesLeft: 5000, urgency: 'ok' });
    // Neither: nothing to count, never urgent.
    expect(computeDue({ ...byTime, months: null })).toMatchObject({ basis: 'record', dueDate: null, dueMileage: null, daysLeft: null, milesLeft: null, urgency: 'ok' });
  });

  it('takes whichever of time and distance is worse', () => {
    const both: DueInput = { miles: 5000, months: 6, lastDate: '2026-01-15', lastMileage: 10_000, trackingDate: '2020-01-01', trackingMileage: 0, odometer: 10_000, today: shiftDay(due, -100) };
    expect(computeDue(both)).toMatchObject({ daysLeft: 100, milesLeft: 5000, urgency: 'ok' });
    expect(computeDue({ ...both, odometer: 15_001 })).toMatchObject({ daysLeft: 100, milesLeft: -1, urgency: 'overdue' });
    expect(computeDue({ ...both, odometer: 14_950 })).toMatchObject({ daysLeft: 100, milesLeft: 50, urgency: 'due' });
    expect(computeDue({ ...both, odometer: 14_600 })).toMatchObject({ milesLeft: 400, urgency: 'soon' });
    expect(computeDue({ ...both, today: shiftDay(due, 1) })).toMatchObject({ daysLeft: -1, milesLeft: 5000, urgency: 'overdue' });
    expect(computeDue({ ...both, today: shiftDay(due, -3), odometer: 14_600 })).toMatchObject({ daysLeft: 3, milesLeft: 400, urgency: 'due' });
    expect(computeDue({ ...both, today: shiftDay(due, -20), odometer: 10_001 })).toMatchObject({ daysLeft: 20, urgency: 'soon' });
  });

  it('keeps a month-end date within the shorter month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-03-31', 1)).toBe('2025-04-30');
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-12-15', 1)).toBe('2026-01-15');
    expect(addMonths('2025-01-15', 60)).toBe('2030-01-15');
    const monthly = computeDue({ miles: null, months: 1, lastDate: '2025-01-31', lastMileage: null, trackingDate: '2020-01-01', trackingMileage: 0, odometer: 0, today: '2025-02-28' });
    expect(monthly).toMatchObject({ dueDate: '2025-02-28', daysLeft: 0, urgency: 'due' });
    expect(computeDue({ miles: null, months: 1, lastDate: '2025-01-31', lastMileage: null, trackingDate: '2020-01-01', trackingMileage: 0, odometer: 0, today: '2025-03-01' })).toMatchObject({
      daysLeft: -1,
      urgency: 'overdue',
    });
  });

  it('counts whole days across month ends, leap days and clock changes', () => {
    expect(daysBetween('2025-01-31', '2025-02-28')).toBe(28);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-11-23', '2026-11-16')).toBe(-7);
  });

  it('reports the worst urgency of a list', () => {
    expect(worstUrgency([])).toBe('ok');
    expect(worstUrgency(['ok', 'soon', 'due'])).toBe('due');
    expect(worstUrgency(['soon', 'overdue', 'ok'])).toBe('overdue');
  });
});
