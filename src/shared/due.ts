import { addMonths, daysBetween } from './dates.ts';
import { DUE_THRESHOLDS, URGENCIES, type DueItem, type Urgency } from './garage.ts';

/** When a service is due and how urgent it is: the same reckoning on the server and in the browser. */

/** The schedule label without its '(generic)' note: what a record's service type is matched on. */
export function serviceName(label: string): string {
  return label.replace(/\s*\(generic\)\s*$/i, '').trim();
}

export interface DueInput {
  /** The interval: whichever comes first. */
  miles: number | null;
  months: number | null;
  /** Latest completed service, or null: then counted from the model year's start at 0 miles. */
  lastDate: string | null;
  lastMileage: number | null;
  modelYear: number;
  odometer: number;
  today: string;
}

/**
 * When a service is next due and how urgent it is. Overdue: past the due day or mileage. Due: within
 * 7 days or 100 miles (the due day itself included). Soon: within 30 days or 500 miles.
 */
export function computeDue(input: DueInput): Pick<DueItem, 'dueDate' | 'dueMileage' | 'daysLeft' | 'milesLeft' | 'urgency'> {
  const baseDate = input.lastDate ?? `${input.modelYear}-01-01`;
  const baseMileage = input.lastDate ? input.lastMileage : 0;
  const dueDate = input.months ? addMonths(baseDate, input.months) : null;
  const dueMileage = input.miles && baseMileage !== null ? baseMileage + input.miles : null;
  const daysLeft = dueDate ? daysBetween(input.today, dueDate) : null;
  const milesLeft = dueMileage !== null ? dueMileage - input.odometer : null;
  const t = DUE_THRESHOLDS;
  const urgency: Urgency =
    (daysLeft !== null && daysLeft < 0) || (milesLeft !== null && milesLeft < 0)
      ? 'overdue'
      : (daysLeft !== null && daysLeft <= t.dueDays) || (milesLeft !== null && milesLeft <= t.dueMiles)
        ? 'due'
        : (daysLeft !== null && daysLeft <= t.soonDays) || (milesLeft !== null && milesLeft <= t.soonMiles)
          ? 'soon'
          : 'ok';
  return { dueDate, dueMileage, daysLeft, milesLeft, urgency };
}

/** '1,234 mi' / '12 days' style phrases for what is left (or how far past). */
export function dueSummary(item: { daysLeft: number | null; milesLeft: number | null; dueDate: string | null; dueMileage: number | null }): string {
  const parts: string[] = [];
  if (item.daysLeft !== null && item.dueDate) {
    parts.push(
      item.daysLeft < 0
        ? `${-item.daysLeft} day${item.daysLeft === -1 ? '' : 's'} overdue`
        : item.daysLeft === 0
          ? 'due today'
          : `in ${item.daysLeft} day${item.daysLeft === 1 ? '' : 's'}`,
    );
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
