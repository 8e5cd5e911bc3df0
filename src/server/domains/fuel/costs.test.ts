import { describe, expect, it } from 'vitest';
import { centsText, summarizeCosts, toCents } from '../../../shared/costs.ts';

describe('costs', () => {
  it('sums in cents by month and category, oldest month first', () => {
    const summary = summarizeCosts(
      [
        { date: '2026-02-03', category: 'fuel', amount: '0.1' },
        { date: '2026-02-04', category: 'fuel', amount: '0.2' },
        { date: '2026-01-10', category: 'service', amount: '89.90' },
        { date: '2026-01-15', category: 'insurance', amount: '600' },
      ],
      '2026-03-01',
      [],
    );
    expect(summary.months.map((m) => [m.month, m.totalCents])).toEqual([
      ['2026-01', 68_990],
      ['2026-02', 30],
    ]);
    expect(summary.totals).toMatchObject({ fuel: 30, service: 8990, insurance: 60_000, repair: 0 });
    expect(centsText(summary.totalCents)).toBe('690.20');
  });

  it('counts the year to date of today and leaves out what is dated after today', () => {
    const summary = summarizeCosts(
      [
        { date: '2025-12-31', category: 'tax', amount: '100' },
        { date: '2026-01-01', category: 'registration', amount: '50' },
        { date: '2026-06-01', category: 'parking', amount: '5' },
      ],
      '2026-05-31',
      [],
    );
    expect(summary.yearToDateCents).toBe(5000);
    expect(summary.totalCents).toBe(15_000);
  });

  it('gives a cost per mile only over a span of miles', () => {
    expect(summarizeCosts([{ date: '2026-01-01', category: 'fuel', amount: '100' }], '2026-02-01', [10_000]).centsPerMile).toBeNull();
    const summary = summarizeCosts([{ date: '2026-01-01', category: 'fuel', amount: '100' }], '2026-02-01', [10_500, 10_000, 11_000]);
    expect(summary.miles).toBe(1000);
    expect(summary.centsPerMile).toBe(10);
  });

  it('reads decimal text as cents without floating point', () => {
    expect(toCents('89.9')).toBe(8990);
    expect(toCents('0.07')).toBe(7);
    expect(toCents('12')).toBe(1200);
    expect(centsText(5)).toBe('0.05');
  });
});
