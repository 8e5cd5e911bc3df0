import { describe, expect, it } from 'vitest';
import { addMonths, daysBetween } from '../../../shared/dates.ts';
import { computeDue, worstUrgency, type DueInput } from '../../../shared/due.ts';
import { shiftDay } from '../../../../tests/helpers/garage.ts';

describe('computeDue', () => {
  // Every 6 months, last done on 2026-01-15: due on 2026-07-15.
  const byTime: DueInput = { miles: null, months: 6, lastDate: '2026-01-15', lastMileage: 10_000, modelYear: 2020, odometer: 10_000, today: '2026-01-15' };
  const due = '2026-07-15';
  const onDay = (daysLeft: number) => computeDue({ ...byTime, today: shiftDay(due, -daysLeft) });

  it('counts the due day itself as due, and the day after as overdue', () => {
    expect(onDay(0)).toEqual({ dueDate: due, dueMileage: null, daysLeft: 0, milesLeft: null, urgency: 'due' });
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
    expect(onDay(daysLeft)).toEqual({ dueDate: due, dueMileage: null, daysLeft, milesLeft: null, urgency });
  });

  // Every 5,000 miles, last done at 10,000: due at 15,000.
  const byDistance: DueInput = { miles: 5000, months: null, lastDate: '2026-01-15', lastMileage: 10_000, modelYear: 2020, odometer: 10_000, today: '2026-03-01' };
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
    expect(computeDue({ ...byDistance, odometer })).toEqual({ dueDate: null, dueMileage: 15_000, daysLeft: null, milesLeft, urgency });
  });

  it('counts from January 1 of the model year at 0 miles when nothing was done yet', () => {
    const first: DueInput = { miles: 5000, months: 6, lastDate: null, lastMileage: null, modelYear: 2024, odometer: 4600, today: '2024-06-24' };
    expect(computeDue(first)).toEqual({ dueDate: '2024-07-01', dueMileage: 5000, daysLeft: 7, milesLeft: 400, urgency: 'due' });
    // A mileage without a date is no service: still counted from the model year at 0 miles.
    expect(computeDue({ ...first, lastMileage: 4000, odometer: 100, today: '2024-01-02' })).toEqual({
      dueDate: '2024-07-01',
      dueMileage: 5000,
      daysLeft: 181,
      milesLeft: 4900,
      urgency: 'ok',
    });
    // An old car that never had one is long overdue.
    expect(computeDue({ ...first, modelYear: 2011, odometer: 41_250, today: '2026-11-23' })).toMatchObject({
      dueDate: '2011-07-01',
      dueMileage: 5000,
      milesLeft: -36_250,
      urgency: 'overdue',
    });
  });

  it('reads an interval by time only and one by distance only', () => {
    const timeOnly = computeDue({ ...byTime, odometer: 9_999_999, today: shiftDay(due, -100) });
    expect(timeOnly).toEqual({ dueDate: due, dueMileage: null, daysLeft: 100, milesLeft: null, urgency: 'ok' });
    const distanceOnly = computeDue({ ...byDistance, today: '2099-01-01' });
    expect(distanceOnly).toEqual({ dueDate: null, dueMileage: 15_000, daysLeft: null, milesLeft: 5000, urgency: 'ok' });
    // Neither: nothing to count, never urgent.
    expect(computeDue({ ...byTime, months: null })).toEqual({ dueDate: null, dueMileage: null, daysLeft: null, milesLeft: null, urgency: 'ok' });
  });

  it('takes whichever of time and distance is worse', () => {
    const both: DueInput = { miles: 5000, months: 6, lastDate: '2026-01-15', lastMileage: 10_000, modelYear: 2020, odometer: 10_000, today: shiftDay(due, -100) };
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
    const monthly = computeDue({ miles: null, months: 1, lastDate: '2025-01-31', lastMileage: null, modelYear: 2020, odometer: 0, today: '2025-02-28' });
    expect(monthly).toMatchObject({ dueDate: '2025-02-28', daysLeft: 0, urgency: 'due' });
    expect(computeDue({ miles: null, months: 1, lastDate: '2025-01-31', lastMileage: null, modelYear: 2020, odometer: 0, today: '2025-03-01' })).toMatchObject({
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
