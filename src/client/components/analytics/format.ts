/** How analytics figures read on screen; the CSV keeps raw numbers. */

import { formatHours as formatHoursNumber } from '../../../shared/repair-order-totals.ts';

const whole = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
// Calendar dates carry no time zone: format them as UTC so no offset can move them a day.
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export const NO_VALUE = '—';

export function formatCount(value: number): string {
  return whole.format(value);
}

export function formatMoney(value: number): string {
  return money.format(value);
}

export function formatRate(value: number | null): string {
  return value === null ? NO_VALUE : percent.format(value);
}

export function formatMinutes(value: number | null): string {
  if (value === null) return NO_VALUE;
  const minutes = Math.round(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Hours as '45m', '5.5 h' or '3d 4h': resolution times range from minutes to weeks. */
export function formatHours(value: number | null): string {
  if (value === null) return NO_VALUE;
  if (value < 1) return `${Math.round(value * 60)}m`;
  if (value < 48) return `${Math.round(value * 10) / 10} h`;
  const days = Math.floor(value / 24);
  const hours = Math.round(value - days * 24);
  return hours === 0 ? `${days}d` : `${days}d ${hours}h`;
}

export function formatDay(date: string): string {
  return shortDay.format(new Date(`${date}T00:00:00Z`));
}

export function formatLongDay(date: string): string {
  return longDay.format(new Date(`${date}T00:00:00Z`));
}

/** Whole cents as dollars: 33153 → '$331.53'. */
export function formatCents(cents: number | null): string {
  return cents === null ? NO_VALUE : money.format(cents / 100);
}

const compactMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** An axis tick in dollars: '$950', '$1.2K'. */
export function formatCompactMoney(dollars: number): string {
  return compactMoney.format(dollars);
}

/** Hours in hundredths as '4.5 h' (1.5 h is 150). */
export function formatHundredths(hundredths: number): string {
  return `${formatHoursNumber(hundredths)} h`;
}
