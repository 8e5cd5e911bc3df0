import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconEraser } from '@tabler/icons-react';
import type { TroubleCodeKind } from '../../../shared/obd/adapter.ts';
import { DTC_SEVERITY_LABELS } from '../../../shared/dtc.ts';
import { trpc } from '../../lib/trpc.ts';
import { SeverityBadge } from './SeverityBadge.tsx';
import { type ScanResult } from './use-obd-scanner.ts';

const KIND_LABELS: Record<TroubleCodeKind, string> = { stored: 'Stored', pending: 'Pending', permanent: 'Permanent' };
const KIND_HINTS: Record<TroubleCodeKind, string> = {
  stored: 'Confirmed faults that turn the warning light on',
  pending: 'Seen once; confirmed if they come back on the next drive',
  permanent: 'Cleared only by the car itself once the fault is fixed and tested again',
};

/** A code the car reported, with its title and severity from the catalogue; "Explain" opens it under Error Codes. */
function ScannedCode({ code, kind, onExplain }: { code: string; kind: TroubleCodeKind; onExplain: (code: string) => void }) {
  const lookup = trpc.dtc.lookup.useQuery({ code });
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" data-testid={`obd-code-${kind}`}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge variant="outline" ff="monospace" style={{ flexShrink: 0 }}>
          {code}
        </Badge>
        <Text size="sm" truncate>
          {lookup.data?.title ?? (lookup.isError ? 'No description available' : 'Looking up…')}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {lookup.data ? <SeverityBadge severity={DTC_SEVERITY_LABELS[lookup.data.severity]} /> : null}
        <Button size="compact-xs" variant="subtle" onClick={() => onExplain(code)} aria-label={`Explain ${code}`}>
          Explain
        </Button>
      </Group>
    </Group>
  );
}

export function CodesCard({ result, busy, onClear, onExplain }: { result: ScanResult; busy: boolean; onClear: () => void; onExplain: (code: string) => void }) {
  const kinds: TroubleCodeKind[] = ['stored', 'pending', 'permanent'];
  const total = kinds.reduce((n, kind) => n + result.codes[kind].length, 0);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Trouble codes
          </Title>
          <Button size="xs" variant="light" color="red" leftSection={<IconEraser size={14} />} onClick={onClear} disabled={busy || result.codes.stored.length + result.codes.pending.length === 0}>
            Clear codes
          </Button>
        </Group>
        <Group gap="xs">
          <IconBulb size={18} color={result.status.milOn ? 'var(--mantine-color-orange-6)' : 'var(--mantine-color-gray-5)'} aria-hidden />
          <Text size="sm" data-testid="obd-mil">
            {result.status.milOn ? `Check-engine light on (${result.status.codeCount} confirmed)` : 'Check-engine light off'}
          </Text>
        </Group>
        {total === 0 ? (
          <Text size="sm" c="dimmed">
            The car reports no trouble codes.
          </Text>
        ) : (
          kinds
            .filter((kind) => result.codes[kind].length > 0)
            .map((kind) => (
              <Stack key={kind} gap={4}>
                <Text size="sm" fw={600}>
                  {KIND_LABELS[kind]}{' '}
                  <Text span size="xs" c="dimmed" fw={400}>
                    {KIND_HINTS[kind]}
                  </Text>
                </Text>
                {result.codes[kind].map((code) => (
                  <ScannedCode key={code} code={code} kind={kind} onExplain={onExplain} />
                ))}
              </Stack>
            ))
        )}
      </Stack>
    </Card>
  );
}

