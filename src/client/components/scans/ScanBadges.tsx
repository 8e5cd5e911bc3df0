import { Badge, Group } from '@mantine/core';
import { MODEL_FORMAT_LABELS, SCAN_RESOLUTION_LABELS, SCAN_STATUS_LABELS, SCAN_TYPE_LABELS, type ScanSession, type ScanStatus } from '../../../shared/scans.ts';

export const STATUS_COLORS: Record<ScanStatus, string> = { pending: 'gray', processing: 'blue', completed: 'green', failed: 'red' };

export function StatusBadge({ status }: { status: ScanStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {SCAN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A scan's options at a glance. */
export function ScanBadges({ session }: { session: Pick<ScanSession, 'resolution' | 'scanType' | 'outputFormat'> }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Badge variant="light">{SCAN_RESOLUTION_LABELS[session.resolution]}</Badge>
      <Badge variant="light" color="teal">
        {SCAN_TYPE_LABELS[session.scanType]}
      </Badge>
      <Badge variant="light" color="violet">
        {MODEL_FORMAT_LABELS[session.outputFormat]}
      </Badge>
    </Group>
  );
}
