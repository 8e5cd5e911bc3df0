import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'wouter';
import { CONDITION_COLORS, CONDITION_LABELS, CONDITIONS, INSPECTION_STATUS_LABELS } from '../../../shared/inspections.ts';
import { trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';

/**
 * A garage card's latest inspection: what it found, and the shop's recommendations still waiting
 * for the owner. A few rows per card: a draft self-check started since must not hide a finished
 * one (and its pending decisions), so the newest finished one is shown when there is one.
 */
export function LatestInspection({ vehicleId }: { vehicleId: string }) {
  const latest = trpc.inspections.list.useQuery({ vehicleId, limit: 5 });
  const f = useUnits();
  const inspection = latest.data?.find((row) => row.status !== 'draft') ?? latest.data?.[0];
  // Loading, failed or none: the card's other content stands alone.
  if (!inspection) return null;
  const found = CONDITIONS.filter((condition) => inspection.counts[condition] > 0);
  // Only the customer of a shop's shared inspection decides on its recommendations.
  const pending = inspection.serviceCenterId !== null && inspection.status === 'shared' ? inspection.pendingDecisions : 0;
  const day = f.day(dayjs(inspection.completedAt ?? inspection.createdAt).format('YYYY-MM-DD'));
  return (
    <Stack gap={6} data-testid="latest-inspection">
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconClipboardCheck size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">
          Latest inspection: <strong>{inspection.serviceCenterName ?? 'Self-check'}</strong>, {day}
          {inspection.status === 'draft' ? ` (${INSPECTION_STATUS_LABELS.draft.toLowerCase()})` : ''}
        </Text>
      </Group>
      <Group gap={6}>
        {found.length > 0 ? (
          found.map((condition) => (
            <Badge key={condition} color={CONDITION_COLORS[condition]} variant="light">
              {inspection.counts[condition]} {CONDITION_LABELS[condition]}
            </Badge>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            Nothing checked yet
          </Text>
        )}
      </Group>
      {pending > 0 ? (
        <Text size="sm" fw={600}>
          {pending} recommendation{pending === 1 ? ' awaits' : 's await'} your decision
        </Text>
      ) : null}
      <Anchor component={Link} href={`/inspections/${inspection.id}`} size="sm">
        {pending > 0 ? 'Review and decide' : 'View the inspection'}
      </Anchor>
    </Stack>
  );
}
