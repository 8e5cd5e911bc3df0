import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { Reading } from '../../../shared/diagnostics.ts';
import type { Monitor } from '../../../shared/obd/pids.ts';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { useReadingFormat, useStoredReading } from './format-reading.ts';
import { type LiveReading } from './use-obd-scanner.ts';

export function LiveCard({ live, rate, on, onStart, onStop }: { live: LiveReading[]; rate: number | null; on: boolean; onStart: () => void; onStop: () => void }) {
  const format = useReadingFormat();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Live data
          </Title>
          {on ? (
            <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} />} onClick={onStop}>
              Pause
            </Button>
          ) : (
            <Button size="xs" leftSection={<IconPlayerPlay size={14} />} onClick={onStart}>
              Start live data
            </Button>
          )}
        </Group>
        {live.length === 0 ? (
          <Text size="sm" c="dimmed">
            {on ? 'Reading the first values…' : 'Start live data to watch engine speed, temperatures, load and fuel trims.'}
          </Text>
        ) : (
          <ScrollTable label="Live data" minWidth={280}>
            <Table>
              <Table.Tbody>
                {live.map((reading) => (
                  <Table.Tr key={reading.pid.key}>
                    <Table.Td>{reading.pid.label}</Table.Td>
                    <Table.Td ta="right" ff="monospace" data-testid={`obd-live-${reading.pid.key}`}>
                      {format(reading.value, reading.pid.unit)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
        {rate !== null && on && (
          <Text size="xs" c="dimmed" data-testid="obd-live-rate">
            Refreshing {rate.toFixed(1)} times a second
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The values the engine computer kept when a fault stored a code: how the car was running then. */
export function FreezeFrameCard({ readings }: { readings: Reading[] }) {
  const shown = useStoredReading();
  return (
    <Card withBorder padding="md" component="section" aria-label="Freeze frame">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Freeze frame
        </Title>
        <Text size="xs" c="dimmed">
          How the engine was running when the fault stored its code. Clearing codes erases it.
        </Text>
        {readings.length === 0 ? (
          <Text size="sm" c="dimmed">
            The car keeps no freeze frame.
          </Text>
        ) : (
          <Table>
            <Table.Tbody>
              {readings.map((reading) => {
                const { label, text } = shown(reading);
                return (
                  <Table.Tr key={reading.key}>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td ta="right" ff="monospace" data-testid={`obd-freeze-${reading.key}`}>
                      {text}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

export function ReadinessCard({ monitors }: { monitors: Monitor[] }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Readiness monitors
        </Title>
        <Text size="xs" c="dimmed">
          Self-tests the engine computer runs while driving; an emissions inspection needs them complete.
        </Text>
        {monitors.map((m) => (
          <Group key={m.key} justify="space-between" wrap="nowrap">
            <Text size="sm">{m.label}</Text>
            <Badge variant="light" color={m.complete ? 'green' : 'yellow'} style={{ flexShrink: 0 }}>
              {m.complete ? 'Complete' : 'Not complete'}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
