import { describe, expect, it } from 'vitest';
import { computeEconomy, lifetimeMileage, median, mpgToLitresPer100Km, toCanonicalQuantity, averageEconomy, type EconomyInput } from '../../../shared/fuel-economy.ts';

let n = 0;
const fill = (date: string, odometer: number, quantity: number, extra: Partial<EconomyInput> = {}): EconomyInput => ({
  id: `e${++n}`,
  date,
  odometer,
  kind: 'fuel',
  quantity,
  fullFill: true,
  missedBefore: false,
  ...extra,
});
const economyOf = (entries: EconomyInput[], replacements = [] as { day: string; miles: number }[]) => {
  const result = computeEconomy(entries, replacements);
  return entries.map((e) => result.get(e.id));
};

describe('fuel economy', () => {
  it('knows nothing at the first fill and the miles over the gallons at the next full one', () => {
    const [first, second] = economyOf([fill('2026-01-01', 10_000, 12), fill('2026-01-10', 10_300, 10)]);
    expect(first).toEqual({ economy: null, distance: null, outlier: false, note: 'first' });
    expect(second).toEqual({ economy: 30, distance: 300, outlier: false, note: null });
  });

  it('adds the partial fills between two full ones to the gallons of the second', () => {
    const results = economyOf([fill('2026-01-01', 10_000, 12), fill('2026-01-05', 10_150, 4, { fullFill: false }), fill('2026-01-10', 10_400, 6)]);
    expect(results[1]).toMatchObject({ economy: null, note: 'partial' });
    expect(results[2]).toMatchObject({ economy: 40, distance: 400 });
  });

  it('breaks the chain at a missed fill-up and starts over from the next full fill', () => {
    const results = economyOf([fill('2026-01-01', 10_000, 12), fill('2026-01-10', 10_600, 10, { missedBefore: true }), fill('2026-01-20', 10_900, 10)]);
    expect(results[1]).toMatchObject({ economy: null, note: 'missed' });
    expect(results[2]).toMatchObject({ economy: 30, distance: 300 });
  });

  it('does not count a partial before the first full fill or after a missed one', () => {
    const results = economyOf([fill('2026-01-01', 9_900, 5, { fullFill: false }), fill('2026-01-02', 10_000, 12), fill('2026-01-05', 10_100, 3, { fullFill: false, missedBefore: true }), fill('2026-01-10', 10_400, 10)]);
    expect(results.map((r) => r?.note)).toEqual(['first', 'first', 'missed', 'first']);
    expect(results.every((r) => r?.economy === null)).toBe(true);
  });

  it('orders by day then mileage, whatever order the entries come in', () => {
    const b = fill('2026-01-10', 10_300, 10);
    const a = fill('2026-01-01', 10_000, 12);
    expect(computeEconomy([b, a]).get(b.id)?.economy).toBe(30);
  });

  it('breaks the chain when the odometer goes backwards and reads the next fills against the lower reading', () => {
    const results = economyOf([fill('2026-01-01', 10_000, 12), fill('2026-01-10', 9_000, 10), fill('2026-01-20', 9_300, 10)]);
    expect(results[1]).toMatchObject({ economy: null, note: 'backwards' });
    expect(results[2]).toMatchObject({ economy: 30 });
  });

  it('reads through a replaced odometer: fills from the replacement day on add the old miles', () => {
    // The old odometer showed 120,000 when a new one reading 0 was fitted on 2026-02-01.
    const replacements = [{ day: '2026-02-01', miles: 120_000 }];
    const results = economyOf([fill('2026-01-20', 119_700, 10), fill('2026-02-05', 300, 20)], replacements);
    expect(results[1]).toMatchObject({ economy: 30, distance: 600, note: null });
    expect(lifetimeMileage('2026-01-31', 5, replacements)).toBe(5);
    expect(lifetimeMileage('2026-02-01', 5, replacements)).toBe(120_005);
  });

  it('keeps fuel and charging apart (a plug-in hybrid)', () => {
    const results = economyOf([
      fill('2026-01-01', 1_000, 10),
      fill('2026-01-02', 1_030, 10, { kind: 'charge' }),
      fill('2026-01-03', 1_070, 10, { kind: 'charge' }),
      fill('2026-01-04', 1_300, 10),
    ]);
    expect(results[1]?.note).toBe('first');
    expect(results[2]).toMatchObject({ economy: 4, distance: 40 });
    expect(results[3]).toMatchObject({ economy: 30, distance: 300 });
  });

  it('flags an economy beyond twice or below half the median, from three figures on', () => {
    const entries = [fill('2026-01-01', 0, 10), fill('2026-01-02', 300, 10), fill('2026-01-03', 600, 10), fill('2026-01-04', 900, 10), fill('2026-01-05', 1_900, 10), fill('2026-01-06', 2_000, 10)];
    const results = economyOf(entries);
    expect(results.map((r) => r?.outlier)).toEqual([false, false, false, false, true, true]);
    expect(economyOf([fill('2026-01-01', 0, 10), fill('2026-01-02', 300, 10), fill('2026-01-03', 1_300, 10)]).some((r) => r?.outlier)).toBe(false);
    const economies = computeEconomy(entries);
    expect(averageEconomy(entries, economies, 'fuel')).toBe(30);
  });

  it('converts units: litres to US gallons, mpg to L/100 km', () => {
    expect(toCanonicalQuantity(37.85411784, 'L')).toBeCloseTo(10, 10);
    expect(toCanonicalQuantity(10, 'gal')).toBe(10);
    expect(toCanonicalQuantity(50, 'kWh')).toBe(50);
    expect(mpgToLitresPer100Km(30)).toBeCloseTo(7.84, 2);
    expect(mpgToLitresPer100Km(0)).toBeNull();
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
