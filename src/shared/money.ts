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
