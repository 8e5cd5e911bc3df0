import { Badge, type BadgeProps } from '@mantine/core';
import { RECORD_STATUS_LABELS, type RecordStatus } from '../../../shared/service-records.ts';
import { URGENCY_LABELS, type Urgency } from '../../../shared/garage.ts';

export const URGENCY_COLOURS: Readonly<Record<Urgency, string>> = { overdue: 'red', due: 'orange', soon: 'yellow', ok: 'green' };

export function UrgencyBadge({ urgency, ...props }: { urgency: Urgency } & BadgeProps) {
  return (
    <Badge variant="light" color={URGENCY_COLOURS[urgency]} {...props}>
      {URGENCY_LABELS[urgency]}
    </Badge>
  );
}

const STATUS_COLOURS: Readonly<Record<RecordStatus, string>> = { completed: 'green', scheduled: 'blue', urgent: 'red' };

export function RecordStatusBadge({ status, ...props }: { status: RecordStatus } & BadgeProps) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} {...props}>
      {RECORD_STATUS_LABELS[status]}
    </Badge>
  );
}

export function formatMiles(miles: number | null): string {
  return miles === null ? '-' : `${miles.toLocaleString('en-US')} mi`;
}

export function formatCost(cost: string | null): string {
  return cost === null ? '-' : `$${Number(cost).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A stored record day (kept at noon UTC) as the day it was entered. */
export function recordDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function formatDay(day: string | null): string {
  return day ? new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' }) : '-';
}
