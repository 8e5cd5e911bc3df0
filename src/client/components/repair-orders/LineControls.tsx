import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconClockPause, IconClockPlay, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { RepairOrderLine } from '../../../shared/repair-order-views.ts';

/** Edit and remove, while the order is an estimate its staff may change. */
export function EditControls({ line, onEdit, onRemove }: { line: RepairOrderLine; onEdit: () => void; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit line">
        <ActionIcon variant="subtle" aria-label={`Edit ${line.description}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Remove line">
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${line.description}`} onClick={onRemove}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The caller's clock on a labour line while the work is in progress. */
export function ClockControl({ line, busy, onClock }: { line: RepairOrderLine; busy: boolean; onClock: (direction: 'in' | 'out') => void }) {
  if (line.kind !== 'labor' || line.decision === 'declined') return null;
  return line.clockRunning ? (
    <Button size="xs" leftSection={<IconClockPause size={14} />} loading={busy} onClick={() => onClock('out')} aria-label={`Clock out of ${line.description}`}>
      Clock out
    </Button>
  ) : (
    <Button size="xs" variant="light" leftSection={<IconClockPlay size={14} />} loading={busy} onClick={() => onClock('in')} aria-label={`Clock in on ${line.description}`}>
      Clock in
    </Button>
  );
}

/** The customer's answer to one line of a sent estimate: approve or decline, not sent until they submit. */
export function DecisionToggle({ line, decision, onChange }: { line: RepairOrderLine; decision: 'approved' | 'declined'; onChange: (decision: 'approved' | 'declined') => void }) {
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={`Your decision on ${line.description}`}>
      <Button size="xs" variant={decision === 'approved' ? 'filled' : 'default'} leftSection={<IconCheck size={14} />} aria-pressed={decision === 'approved'} aria-label={`Approve ${line.description}`} onClick={() => onChange('approved')}>
        Approve
      </Button>
      <Button size="xs" variant={decision === 'declined' ? 'filled' : 'default'} color="red" leftSection={<IconX size={14} />} aria-pressed={decision === 'declined'} aria-label={`Decline ${line.description}`} onClick={() => onChange('declined')}>
        Decline
      </Button>
    </Group>
  );
}
