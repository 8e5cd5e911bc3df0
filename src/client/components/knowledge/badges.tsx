import { Badge, type BadgeProps } from '@mantine/core';
import { AUDIENCE_LABELS, type Audience, type Priority } from '../../../shared/knowledge.ts';

export const PRIORITY_COLOURS: Readonly<Record<Priority, string>> = { critical: 'red', high: 'orange', medium: 'blue', low: 'gray' };

export function PriorityBadge({ priority, ...props }: { priority: Priority } & BadgeProps) {
  return (
    <Badge variant="light" color={PRIORITY_COLOURS[priority]} {...props}>
      {priority}
    </Badge>
  );
}

const AUDIENCE_COLOURS: Readonly<Record<Audience, string>> = { simple: 'teal', tech: 'grape', both: 'gray' };

export function AudienceBadge({ audience, ...props }: { audience: Audience } & BadgeProps) {
  return (
    <Badge variant="outline" color={AUDIENCE_COLOURS[audience]} tt="none" {...props}>
      {AUDIENCE_LABELS[audience]}
    </Badge>
  );
}
