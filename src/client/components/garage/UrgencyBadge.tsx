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

/** A stored record day (kept at noon UTC) as the day it was entered. */
export function recordDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
