import { Badge, Group, type BadgeProps } from '@mantine/core';
import {
  CONDITION_COLORS,
  CONDITION_LABELS,
  CONDITION_SHORT,
  CONDITIONS,
  INSPECTION_STATUS_LABELS,
  type Condition,
  type Decision,
  type InspectionStatus,
} from '../../../shared/inspections.ts';

const STATUS_COLORS: Readonly<Record<InspectionStatus, string>> = { draft: 'gray', completed: 'blue', shared: 'teal' };

/** "3 Good" reads well, "2 Attention" does not: counts take the longer words where they differ. */
const COUNT_WORDS: Readonly<Record<Condition, string>> = { good: CONDITION_SHORT.good, attention: CONDITION_LABELS.attention, urgent: CONDITION_LABELS.urgent };

export function InspectionStatusBadge({ status, ...props }: { status: InspectionStatus } & BadgeProps) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} {...props}>
      {INSPECTION_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ConditionBadge({ condition, ...props }: { condition: Condition } & BadgeProps) {
  return (
    <Badge variant="light" color={CONDITION_COLORS[condition]} {...props}>
      {CONDITION_LABELS[condition]}
    </Badge>
  );
}

/** Good, Needs Attention and Urgent counts; a zero count stays grey so the others stand out. */
export function ConditionCounts({ counts, size = 'sm' }: { counts: Record<Condition, number>; size?: BadgeProps['size'] }) {
  return (
    <Group gap={6} wrap="wrap">
      {CONDITIONS.map((condition) => (
        <Badge key={condition} size={size} variant="light" color={counts[condition] > 0 ? CONDITION_COLORS[condition] : 'gray'}>
          {counts[condition]} {COUNT_WORDS[condition]}
        </Badge>
      ))}
    </Group>
  );
}

export function DecisionBadge({ decision, ...props }: { decision: Decision } & BadgeProps) {
  return decision === 'approved' ? (
    <Badge variant="light" color="green" style={{ whiteSpace: 'normal', height: 'auto' }} {...props}>
      Approved — request sent to the shop
    </Badge>
  ) : (
    <Badge variant="light" color="gray" {...props}>
      Declined
    </Badge>
  );
}
