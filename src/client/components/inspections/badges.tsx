import { Badge, Group, Text, type BadgeProps } from '@mantine/core';
import {
  CONDITION_COLORS,
  CONDITION_LABELS,
  CONDITION_SHORT,
  CONDITIONS,
  INSPECTION_STATUS_LABELS,
  type Condition,
  type Decision,
  type InspectionItem,
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

/** An item's name with its status (or "Not checked"), as the inspection and its report head it. */
export function ItemHeading({ item }: { item: Pick<InspectionItem, 'name' | 'status'> }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {item.name}
      </Text>
      {item.status ? (
        <ConditionBadge condition={item.status} style={{ flexShrink: 0 }} />
      ) : (
        <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
          Not checked
        </Badge>
      )}
    </Group>
  );
}
