import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useUnits } from '../../lib/units.ts';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { type LiveReading, type ScanResult } from './use-obd-scanner.ts';

/**
 * A live value as the user reads figures: the car sends metric; with miles chosen in Settings,
 * speed shows in mph and temperatures in °F (the US customary set), distances in miles.
 */
function formatLive({ pid, value }: LiveReading, customary: boolean, number: (value: number, digits?: number) => string): string {
  if (value === null) return 'Not reported';
  if (customary && pid.unit === 'km/h') return `${number(value / 1.609344, 0)} mph`;
  if (customary && pid.unit === '°C') return `${number((value * 9) / 5 + 32, 0)} °F`;
  if (customary && pid.unit === 'km') return `${number(value / 1.609344, 0)} mi`;
  const digits = pid.unit === 'V' || pid.unit === '%' ? 1 : 0;
  return `${number(value, digits)} ${pid.unit}`;
}

export function LiveCard({ live, rate, on, onStart, onStop }: { live: LiveReading[]; rate: number | null; on: boolean; onStart: () => void; onStop: () => void }) {
  const f = useUnits();
  const customary = f.units.distanceUnit === 'mi';
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
                      {formatLive(reading, customary, f.number)}
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

export function ReadinessCard({ result }: { result: ScanResult }) {
  const { monitors } = result.status;
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
          <Group key={m.key} justify="space-between">
            <Text size="sm">{m.label}</Text>
            <Badge variant="light" color={m.complete ? 'green' : 'yellow'}>
              {m.complete ? 'Complete' : 'Not complete'}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

