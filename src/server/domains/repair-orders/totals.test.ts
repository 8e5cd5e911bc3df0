import fc from 'fast-check';
import { expect, it } from 'vitest';
import { formatHours, hoursToHundredths, orderTotals, type PricedLine } from '../../../shared/repair-order-totals.ts';

/**
 * The order's money against an independent computation: exact rationals (BigInt numerator over a
 * power of ten) rounded half up only at the two places the rules round (a labour line, the tax).
 */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (2n * denominator);
}

function reference(lines: readonly PricedLine[], taxRateBp: number): { subtotal: bigint; tax: bigint; total: bigint } {
  let subtotal = 0n;
  let taxable = 0n;
  for (const line of lines) {
    if (line.decision === 'declined') continue;
    let amount: bigint;
    if (line.kind === 'labor') amount = roundHalfUp(BigInt(line.hoursHundredths!) * BigInt(line.rateCents!), 100n);
    else if (line.kind === 'part') amount = BigInt(line.quantity!) * BigInt(line.unitPriceCents!);
    else if (line.kind === 'fee') amount = BigInt(line.amountCents!);
    else amount = -BigInt(line.amountCents!);
    subtotal += amount;
    if (line.taxable) taxable += amount;
  }
  const tax = taxable > 0n ? roundHalfUp(taxable * BigInt(taxRateBp), 10_000n) : 0n;
  return { subtotal, tax, total: subtotal + tax };
}

const decision = fc.constantFrom(null, 'approved' as const, 'declined' as const);
const line: fc.Arbitrary<PricedLine> = fc.oneof(
  fc.record({ kind: fc.constant('labor' as const), hoursHundredths: fc.integer({ min: 1, max: 100_000 }), rateCents: fc.integer({ min: 0, max: 10_000_000 }), taxable: fc.boolean(), decision }),
  fc.record({ kind: fc.constant('part' as const), quantity: fc.integer({ min: 1, max: 10_000 }), unitPriceCents: fc.integer({ min: 0, max: 100_000_000 }), taxable: fc.boolean(), decision }),
  fc.record({ kind: fc.constantFrom('fee' as const, 'discount' as const), amountCents: fc.integer({ min: 1, max: 100_000_000 }), taxable: fc.boolean(), decision }),
);

it('prices every order exactly to the cent, as an independent computation in exact integers does', () => {
  fc.assert(
    fc.property(fc.array(line, { maxLength: 200 }), fc.integer({ min: 0, max: 3000 }), (lines, rate) => {
      const totals = orderTotals(lines, rate);
      const expected = reference(lines, rate);
      expect(BigInt(totals.subtotalCents)).toBe(expected.subtotal);
      expect(BigInt(totals.taxCents)).toBe(expected.tax);
      expect(BigInt(totals.totalCents)).toBe(expected.total);
      expect(totals.laborCents + totals.partsCents + totals.feesCents - totals.discountCents).toBe(totals.subtotalCents);
      for (const value of Object.values(totals)) expect(Number.isSafeInteger(value)).toBe(true);
    }),
    { numRuns: 400 },
  );
});

it('rounds halves up where the rules round, and reads hours as hundredths', () => {
  // 1.5 h at $120.00; 0.33 h at $100.01 = 3300.33 → 3300; 0.5 h at $0.01 = 0.5 → 1.
  expect(orderTotals([{ kind: 'labor', hoursHundredths: 150, rateCents: 12_000, taxable: false }], 0).totalCents).toBe(18_000);
  expect(orderTotals([{ kind: 'labor', hoursHundredths: 33, rateCents: 10_001, taxable: false }], 0).totalCents).toBe(3_300);
  expect(orderTotals([{ kind: 'labor', hoursHundredths: 50, rateCents: 1, taxable: false }], 0).totalCents).toBe(1);
  // $69.99 of pads at 8.25 % = 5.774175 → $5.77; a discount on taxable parts lowers the tax.
  const pads: PricedLine = { kind: 'part', quantity: 1, unitPriceCents: 6_999, taxable: true };
  expect(orderTotals([pads], 825)).toMatchObject({ taxCents: 577, totalCents: 7_576 });
  expect(orderTotals([pads, { kind: 'discount', amountCents: 999, taxable: true }], 825)).toMatchObject({ taxableCents: 6_000, taxCents: 495, totalCents: 6_495 });
  expect(orderTotals([{ ...pads, decision: 'declined' }], 825).totalCents).toBe(0);
  expect([hoursToHundredths('1.5'), hoursToHundredths('0.25'), hoursToHundredths('2'), hoursToHundredths('1.255'), hoursToHundredths('-1'), hoursToHundredths('x')]).toEqual([150, 25, 200, null, null, null]);
  expect([formatHours(150), formatHours(125), formatHours(200), formatHours(5)]).toEqual(['1.5', '1.25', '2', '0.05']);
});
