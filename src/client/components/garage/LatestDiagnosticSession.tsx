import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconStethoscope } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';

/**
 * A garage card's latest diagnostic session (docs/diagnostics.md): a shop's scan of the car or the
 * owner's own, with its codes and whether they were cleared, linking to its report.
 */
export function LatestDiagnosticSession({ vehicleId }: { vehicleId: string }) {
  const latest = trpc.diagnostics.list.useQuery({ vehicleId, limit: 1 });
  const f = useUnits();
  const session = latest.data?.[0];
  // Loading, failed or none: the card's other content stands alone.
  if (!session) return null;
  const day = f.day(dayjs(session.createdAt).format('YYYY-MM-DD'));
  const codes = session.codeCount === 0 ? 'no trouble codes' : `${session.codeCount} trouble code${session.codeCount === 1 ? '' : 's'}`;
  return (
    <Stack gap={4} data-testid="latest-diagnostic-session">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconStethoscope size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">
          Latest scan{session.serviceCenterName ? ' by ' : ''}
          {session.serviceCenterName ? <strong>{session.serviceCenterName}</strong> : null}, {day}: {codes}
          {session.clearedAt ? ' (cleared)' : ''}
          {session.milOn ? ', check-engine light on' : ''}
        </Text>
      </Group>
      <Anchor component={Link} href={`/diagnostics/sessions/${session.id}`} size="sm">
        View the scan report
      </Anchor>
    </Stack>
  );
}
