import { Badge } from '@mantine/core';
import { IconAlertOctagon, IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';

export type SeverityLabel = 'Critical' | 'Warning' | 'Info';

export const SEVERITY_COLOR: Record<SeverityLabel, string> = { Critical: 'red', Warning: 'yellow', Info: 'blue' };
const SEVERITY_ICON: Record<SeverityLabel, typeof IconAlertOctagon> = {
  Critical: IconAlertOctagon,
  Warning: IconAlertTriangle,
  Info: IconInfoCircle,
};

/** Critical red, Warning yellow, Info blue (SPEC 2.7), with an icon so colour is not the only cue. */
export function SeverityBadge({ severity }: { severity: SeverityLabel }) {
  const Icon = SEVERITY_ICON[severity];
  return (
    <Badge variant="light" color={SEVERITY_COLOR[severity]} leftSection={<Icon size={12} aria-hidden />}>
      {severity}
    </Badge>
  );
}
