import { addMonths, daysBetween } from './dates.ts';
import { DUE_THRESHOLDS, URGENCIES, type DueItem, type Urgency } from './garage.ts';

/** When a service is due and how urgent it is: the same reckoning on the server and in the browser. */

/** The schedule label without its '(generic)' note: what a record's service type is matched on. */
export function serviceName(label: string): string {
  return label.replace(/\s*\(generic\)\s*$/i, '').trim();
}

/** Where a service's count starts: a record, what the owner said when saving, or the day of saving. */
export type DueBasis = 'record' | 'known' | 'tracking';

export interface DueInput {
  /** The interval: whichever comes first. */
  miles: number | null;
  months: number | null;
  /** Latest completed service record (its mileage on the total scale, see odometerOffset), or null. */
  lastDate: string | null;
  lastMileage: number | null;
  /** What the owner said of the last service when saving the vehicle: a day, a mileage or both. */
  known?: { date: string | null; mileage: number | null } | null;
  /** The day the vehicle was saved and its odometer then: the start when nothing else is known. */
  trackingDate: string;
  trackingMileage: number;
  /** The odometer as it reads now. */
  odometer: number;
  /** Miles shown on earlier odometers: total distance = odometer + offset. */
  odometerOffset?: number;
  today: string;
}

export type DueResult = Pick<DueItem, 'dueDate' | 'dueMileage' | 'daysLeft' | 'milesLeft' | 'urgency'> & { basis: DueBasis };

/**
 * When a service is next due and how urgent it is, counted from the last completed record, else
 * from what the owner knew when saving the vehicle, else from the day of saving at the odometer
 * then ("start tracking from today"). Overdue: past the due day or mileage. Due: within 7 days or
 * 100 miles (the due day itself included). Soon: within 30 days or 500 miles.
 */
export function computeDue(input: DueInput): DueResult {
  const offset = input.odometerOffset ?? 0;
  const base: { date: string | null; mileage: number | null; basis: DueBasis } = input.lastDate
    ? { date: input.lastDate, mileage: input.lastMileage, basis: 'record' }
    : input.known && (input.known.date !== null || input.known.mileage !== null)
      ? { date: input.known.date, mileage: input.known.mileage, basis: 'known' }
      : { date: input.trackingDate, mileage: input.trackingMileage, basis: 'tracking' };
  const dueDate = input.months && base.date ? addMonths(base.date, input.months) : null;
  // Mileages on the total scale; the due mileage is shown as the current odometer will read it.
  const dueTotal = input.miles && base.mileage !== null ? base.mileage + input.miles : null;
  const dueMileage = dueTotal !== null ? dueTotal - offset : null;
  const daysLeft = dueDate ? daysBetween(input.today, dueDate) : null;
  const milesLeft = dueTotal !== null ? dueTotal - (input.odometer + offset) : null;
  return { dueDate, dueMileage, daysLeft, milesLeft, urgency: urgencyOf(daysLeft, milesLeft), basis: base.basis };
}

/** The urgency of what is left (null: no limit of that kind), the same for computed and custom items. */
export function urgencyOf(daysLeft: number | null, milesLeft: number | null): Urgency {
  const t = DUE_THRESHOLDS;
  return (daysLeft !== null && daysLeft < 0) || (milesLeft !== null && milesLeft < 0)
    ? 'overdue'
    : (daysLeft !== null && daysLeft <= t.dueDays) || (milesLeft !== null && milesLeft <= t.dueMiles)
      ? 'due'
      : (daysLeft !== null && daysLeft <= t.soonDays) || (milesLeft !== null && milesLeft <= t.soonMiles)
        ? 'soon'
        : 'ok';
}

const plural = (n: number, unit: string) => `${n.toLocaleString('en-US')} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A span of days in the unit a person would use: days up to two months, then months, then years
 * ("3 years", not "1,095 days").
 */
export function spanOfDays(days: number): string {
  if (days < 60) return plural(days, 'day');
  if (days < 365) return plural(Math.floor(days / 30.4375), 'month');
  return plural(Math.floor(days / 365.25) || 1, 'year');
}

/** 'overdue by 3 years · 1,234 mi over' / 'in 12 days · 500 mi left' style phrases. */
export function dueSummary(item: { daysLeft: number | null; milesLeft: number | null; dueDate: string | null; dueMileage: number | null }): string {
  const parts: string[] = [];
  if (item.daysLeft !== null && item.dueDate) {
    parts.push(item.daysLeft < 0 ? `overdue by ${spanOfDays(-item.daysLeft)}` : item.daysLeft === 0 ? 'due today' : `in ${spanOfDays(item.daysLeft)}`);
  }
  if (item.milesLeft !== null && item.dueMileage !== null) {
    parts.push(
      item.milesLeft < 0 ? `${(-item.milesLeft).toLocaleString('en-US')} mi over` : `${item.milesLeft.toLocaleString('en-US')} mi left`,
    );
  }
  return parts.join(' · ') || 'No limit recorded';
}

/** The worst urgency of a list ('ok' when empty). */
export function worstUrgency(urgencies: Iterable<Urgency>): Urgency {
  let worst = URGENCIES.length - 1;
  for (const urgency of urgencies) worst = Math.min(worst, URGENCIES.indexOf(urgency));
  return URGENCIES[worst]!;
}
