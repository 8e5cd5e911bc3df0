import { z } from 'zod';

/**
 * A non-negative amount of money with at most two decimals, typed as text or a number and kept as
 * the decimal text PostgreSQL's numeric stores; `wholeDigits` is what the column holds before the point.
 */
export function amountSchema(label: string, wholeDigits: number) {
  const message = `${label} must be a non-negative amount like 89.90 (at most 2 decimals)`;
  return z
    .union([z.string().trim(), z.number()], { error: message })
    .transform((value) => String(value))
    .pipe(z.string().regex(new RegExp(`^\\d{1,${wholeDigits}}(\\.\\d{1,2})?$`), message));
}

/**
 * Costs are decimal strings; shown with a dollar sign
 * (docs/appointments.md#the-page-service-appointments-tech-mode).
 */
export function formatCost(cost: string | null | undefined): string | null {
  if (cost === null || cost === undefined || cost === '') return null;
  const value = Number(cost);
  if (!Number.isFinite(value)) return `$${cost}`;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * Amounts computed on the server are whole cents (docs/parts.md#money): '$1,234.50' for 123450, the
 * same look as formatCost; a negative amount reads '-$5.00'.
 */
export function formatCents(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${whole.toLocaleString('en-US')}.${rest}`;
}

/** Cents as the amount a form field shows: 123450 → '1234.50'. */
export function centsToAmount(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A typed amount ('12.5', '$1,234.50', '7') as whole cents, computed on its digits (no floating
 * point); null when it is not a non-negative amount with at most 2 decimals and `wholeDigits` before the point.
 */
export function amountToCents(text: string, wholeDigits = 7): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = new RegExp(`^(\\d{1,${wholeDigits}})(?:\\.(\\d{1,2}))?$`).exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
