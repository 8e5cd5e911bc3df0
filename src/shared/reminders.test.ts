import { describe, expect, it } from 'vitest';
import { urgencyOf } from './due.ts';
import { createReminderSchema, nextAfterDone, reminderDue, repeatText } from './reminders.ts';

describe('custom reminders', () => {
  it('share the computed items\' urgency: Due within 7 days or 100 miles, Soon within 30 days or 500 miles', () => {
    const on = (dueDate: string | null, dueMileage: number | null) => reminderDue({ dueDate, dueMileage }, '2026-03-01', 10_000).urgency;
    expect([on('2026-02-28', null), on('2026-03-01', null), on('2026-03-08', null), on('2026-03-09', null), on('2026-03-31', null), on('2026-04-01', null)]).toEqual([
      'overdue',
      'due',
      'due',
      'soon',
      'soon',
      'ok',
    ]);
    expect([on(null, 9_999), on(null, 10_100), on(null, 10_101), on(null, 10_500), on(null, 10_501)]).toEqual(['overdue', 'due', 'soon', 'soon', 'ok']);
    // Whichever comes first.
    expect(on('2027-01-01', 10_050)).toBe('due');
    expect(reminderDue({ dueDate: '2026-03-11', dueMileage: 10_400 }, '2026-03-01', 10_000)).toEqual({ daysLeft: 10, milesLeft: 400, urgency: 'soon' });
    expect(urgencyOf(null, null)).toBe('ok');
  });

  it('move a recurring reminder on from the day and reading it was done; a one-time one ends', () => {
    const yearly = { dueDate: '2026-01-31', dueMileage: null, everyMonths: 1, everyMiles: null };
    expect(nextAfterDone(yearly, '2026-01-31', 5_000)).toEqual({ dueDate: '2026-02-28', dueMileage: null });
    const tyres = { dueDate: null, dueMileage: 36_000, everyMonths: null, everyMiles: 6_000 };
    expect(nextAfterDone(tyres, '2026-05-01', 35_800)).toEqual({ dueDate: null, dueMileage: 41_800 });
    const both = { dueDate: '2026-05-01', dueMileage: 36_000, everyMonths: 12, everyMiles: 10_000 };
    expect(nextAfterDone(both, '2026-04-20', 35_500)).toEqual({ dueDate: '2027-04-20', dueMileage: 45_500 });
    expect(nextAfterDone({ dueDate: '2026-05-01', dueMileage: null, everyMonths: null, everyMiles: null }, '2026-05-01', 1)).toBeNull();
    expect([repeatText(both), repeatText(tyres), repeatText({ everyMonths: 1, everyMiles: null }), repeatText({ everyMonths: null, everyMiles: null })]).toEqual([
      'Every 12 months or 10,000 mi',
      'Every 6,000 mi',
      'Every 1 month',
      'Once',
    ]);
  });

  it('need a day or a mileage, and the one a repeat counts from', () => {
    const vehicleId = '6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab';
    const messages = (input: object) => createReminderSchema.safeParse({ vehicleId, title: 'X', ...input }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(messages({})).toEqual(['dueDate: Give the day or the mileage it is due at']);
    expect(messages({ dueMileage: 5, everyMonths: 6 })).toEqual(['dueDate: A reminder repeated by months needs the day it is next due']);
    expect(messages({ dueDate: '2026-01-01', everyMiles: 6000 })).toEqual(['dueMileage: A reminder repeated by miles needs the mileage it is next due at']);
    expect(messages({ dueMileage: '6,000', everyMiles: 6000, notes: '  ' })).toEqual([]);
    expect(createReminderSchema.parse({ vehicleId, title: ' Tyres ', dueMileage: '6,000', notes: '  ' })).toMatchObject({ title: 'Tyres', dueMileage: 6000, notes: null, everyMiles: null });
  });
});
