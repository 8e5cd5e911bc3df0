/**
 * A repair order's money, in whole cents (docs/repair-orders.md#money). The server prices every
 * order with these functions; the screens show what the server computed. Halves round up (amounts
 * are never negative here), in integer arithmetic only.
 */

export type LineKind = 'labor' | 'part' | 'fee' | 'discount';

/** What pricing needs of a line. */
export interface PricedLine {
  kind: LineKind;
  /** labour: hours in hundredths (1.5 h is 150) */
  hoursHundredths?: number | null;
  rateCents?: number | null;
  /** parts */
  quantity?: number | null;
  unitPriceCents?: number | null;
  /** fees and discounts (a discount's amount is positive and comes off) */
  amountCents?: number | null;
  taxable: boolean;
  /** A declined line costs nothing. */
  decision?: 'approved' | 'declined' | null;
}

export interface OrderTotals {
  laborCents: number;
  partsCents: number;
  feesCents: number;
  discountCents: number;
  /** labour + parts + fees − discounts */
  subtotalCents: number;
  /** the taxable lines' sum (discounts marked taxable reduce it), never below zero */
  taxableCents: number;
  taxCents: number;
  totalCents: number;
}

/** a × b / d rounded half up, for non-negative integers. */
export function mulDivRound(a: number, b: number, d: number): number {
  return Math.floor((a * b * 2 + d) / (2 * d));
}

/** A line's signed amount: a discount is negative, a declined line 0. */
export function lineAmountCents(line: PricedLine): number {
  if (line.decision === 'declined') return 0;
  switch (line.kind) {
    case 'labor':
      return mulDivRound(line.hoursHundredths ?? 0, line.rateCents ?? 0, 100);
    case 'part':
      return (line.quantity ?? 0) * (line.unitPriceCents ?? 0);
    case 'fee':
      return line.amountCents ?? 0;
    case 'discount':
      return -(line.amountCents ?? 0);
  }
}

/** Tax on an amount at a rate in basis points (825 = 8.25 %). */
export function taxOf(taxableCents: number, taxRateBp: number): number {
  return mulDivRound(Math.max(0, taxableCents), taxRateBp, 10_000);
}

export function orderTotals(lines: readonly PricedLine[], taxRateBp: number): OrderTotals {
  let laborCents = 0;
  let partsCents = 0;
  let feesCents = 0;
  let discountCents = 0;
  let taxable = 0;
  for (const line of lines) {
    const amount = lineAmountCents(line);
    if (line.kind === 'labor') laborCents += amount;
    else if (line.kind === 'part') partsCents += amount;
    else if (line.kind === 'fee') feesCents += amount;
    else discountCents -= amount;
    if (line.taxable) taxable += amount;
  }
  const subtotalCents = laborCents + partsCents + feesCents - discountCents;
  const taxableCents = Math.max(0, taxable);
  const taxCents = taxOf(taxableCents, taxRateBp);
  return { laborCents, partsCents, feesCents, discountCents, subtotalCents, taxableCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** '1.5' or '1.50' hours as hundredths (150); null when it is not a number with at most 2 decimals. */
export function hoursToHundredths(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 150 → '1.5', 125 → '1.25', 200 → '2'. */
export function formatHours(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const rest = hundredths % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A rate in basis points as the percentage a form shows: 825 → '8.25'. */
export function formatRateBp(bp: number): string {
  return formatHours(bp);
}
