import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconEraser, IconX } from '@tabler/icons-react';
import type { TroubleCodeKind } from '../../../shared/obd/adapter.ts';
import { CODE_STATUS_LABELS } from '../../../shared/diagnostics.ts';
import { DTC_SEVERITY_LABELS } from '../../../shared/dtc.ts';
import { trpc } from '../../lib/trpc.ts';
import { SeverityBadge } from './SeverityBadge.tsx';

const KIND_HINTS: Record<TroubleCodeKind, string> = {
  stored: 'Confirmed faults that turn the warning light on',
  pending: 'Seen once; confirmed if they come back on the next drive',
  permanent: 'Cleared only by the car itself once the fault is fixed and tested again',
};

/** A code the car reported, with its title and severity from the catalogue; "Explain" opens it under Error Codes. */
function ScannedCode({ code, kind, onExplain, onRemove }: { code: string; kind: TroubleCodeKind; onExplain: (code: string) => void; onRemove?: () => void }) {
  const lookup = trpc.dtc.lookup.useQuery({ code }, { staleTime: Infinity });
  return (
    // The title takes a line of its own when the badges and buttons leave it too little room.
    <Group gap="xs" wrap="wrap" justify="space-between" data-testid={`obd-code-${kind}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: '1 1 220px', minWidth: 0 }}>
        <Badge variant="outline" ff="monospace" style={{ flexShrink: 0 }}>
          {code}
        </Badge>
        <Text size="sm" lineClamp={2}>
          {lookup.data?.title ?? (lookup.isError ? 'No description available' : 'Looking up…')}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0, marginLeft: 'auto' }}>
        {lookup.data ? <SeverityBadge severity={DTC_SEVERITY_LABELS[lookup.data.severity]} /> : null}
        <Button size="compact-xs" variant="subtle" onClick={() => onExplain(code)} aria-label={`Explain ${code}`}>
          Explain
        </Button>
        {onRemove ? (
          <ActionIcon size="sm" variant="subtle" color="gray" onClick={onRemove} aria-label={`Remove ${code}`}>
            <IconX size={14} />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  );
}

export interface CodesCardProps {
  codes: Record<TroubleCodeKind, string[]>;
  /** The warning light and the count of confirmed codes the car reports; null when not known (typed codes). */
  mil: { on: boolean; count: number | null } | null;
  busy?: boolean;
  onClear?: () => void;
  onRemove?: (code: string, kind: TroubleCodeKind) => void;
  onExplain: (code: string) => void;
}

/** Codes by status with what they mean: the same for codes read by the adapter and typed by hand. */
export function CodesCard({ codes, mil, busy = false, onClear, onRemove, onExplain }: CodesCardProps) {
  const kinds: TroubleCodeKind[] = ['stored', 'pending', 'permanent'];
  const total = kinds.reduce((n, kind) => n + codes[kind].length, 0);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Trouble codes
          </Title>
          {onClear ? (
            <Button size="xs" variant="light" color="red" leftSection={<IconEraser size={14} />} onClick={onClear} disabled={busy || codes.stored.length + codes.pending.length === 0}>
              Clear codes
            </Button>
          ) : null}
        </Group>
        {mil ? (
          <Group gap="xs">
            <IconBulb size={18} color={mil.on ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-gray-5)'} aria-hidden />
            <Text size="sm" data-testid="obd-mil">
              {mil.on ? `Check-engine light on${mil.count === null ? '' : ` (${mil.count} confirmed)`}` : 'Check-engine light off'}
            </Text>
          </Group>
        ) : null}
        {total === 0 ? (
          <Text size="sm" c="dimmed">
            {onRemove ? 'No codes entered yet.' : 'The car reports no trouble codes.'}
          </Text>
        ) : (
          kinds
            .filter((kind) => codes[kind].length > 0)
            .map((kind) => (
              <Stack key={kind} gap={4}>
                <Text size="sm" fw={600}>
                  {CODE_STATUS_LABELS[kind]}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {KIND_HINTS[kind]}
                  </Text>
                </Text>
                {codes[kind].map((code) => (
                  <ScannedCode key={code} code={code} kind={kind} onExplain={onExplain} onRemove={onRemove ? () => onRemove(code, kind) : undefined} />
                ))}
              </Stack>
            ))
        )}
      </Stack>
    </Card>
  );
}
