import type { ExpenseCategory } from './fuel.ts';

/**
 * What a vehicle costs, pure (docs/garage.md#costs): service records' costs, fuel and the other
 * expenses, by month and category, the year to date and the cost per mile. Amounts are summed in
 * whole cents so that 0.1 + 0.2 stays 0.30.
 */

export const COST_CATEGORIES = ['service', 'fuel', 'repair', 'registration', 'insurance', 'tax', 'parking', 'other'] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];
export const COST_CATEGORY_LABELS: Readonly<Record<CostCategory, string>> = {
  service: 'Service',
  fuel: 'Fuel',
  repair: 'Repair',
  registration: 'Registration',
  insurance: 'Insurance',
  tax: 'Tax',
  parking: 'Parking',
  other: 'Other',
};

export interface CostItem {
  /** YYYY-MM-DD */
  date: string;
  category: CostCategory | ExpenseCategory;
  /** Decimal text as stored (numeric(10,2)). */
  amount: string;
}

export type CategoryCents = Record<CostCategory, number>;

export interface MonthCosts {
  /** YYYY-MM */
  month: string;
  cents: CategoryCents;
  totalCents: number;
}

export interface CostSummary {
  months: MonthCosts[];
  totals: CategoryCents;
  totalCents: number;
  yearToDate: CategoryCents;
  yearToDateCents: number;
  /** Cents per mile over the miles the readings span, null without two readings apart. */
  centsPerMile: number | null;
  miles: number;
}

/** Decimal text (at most 2 decimals) as whole cents, without floating point. */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
}

export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const zero = (): CategoryCents => Object.fromEntries(COST_CATEGORIES.map((c) => [c, 0])) as CategoryCents;
const sum = (c: CategoryCents) => COST_CATEGORIES.reduce((total, key) => total + c[key], 0);

/**
 * Costs by month (oldest first, months with nothing left out), totals, the year to date of `today`
 * and the cost per mile over `mileages` (lifetime readings: the highest less the lowest).
 */
export function summarizeCosts(items: readonly CostItem[], today: string, mileages: readonly number[]): CostSummary {
  const byMonth = new Map<string, CategoryCents>();
  const totals = zero();
  const yearToDate = zero();
  const year = today.slice(0, 4);
  for (const item of items) {
    if (item.date > today) continue;
    const cents = toCents(item.amount);
    const month = item.date.slice(0, 7);
    const bucket = byMonth.get(month) ?? zero();
    bucket[item.category] += cents;
    byMonth.set(month, bucket);
    totals[item.category] += cents;
    if (item.date.slice(0, 4) === year) yearToDate[item.category] += cents;
  }
  const months = [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, cents]) => ({ month, cents, totalCents: sum(cents) }));
  const miles = mileages.length > 1 ? Math.max(...mileages) - Math.min(...mileages) : 0;
  const totalCents = sum(totals);
  return { months, totals, totalCents, yearToDate, yearToDateCents: sum(yearToDate), centsPerMile: miles > 0 ? totalCents / miles : null, miles };
}
