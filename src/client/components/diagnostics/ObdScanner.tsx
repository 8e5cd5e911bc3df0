import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconEraser, IconPlayerPause, IconPlayerPlay, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { TroubleCodeKind } from '../../../shared/obd/adapter.ts';
import { DTC_SEVERITY_LABELS } from '../../../shared/dtc.ts';
import { trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { SeverityBadge } from './SeverityBadge.tsx';
import { useObdScanner, type LiveReading, type ScanResult } from './use-obd-scanner.ts';

const KIND_LABELS: Record<TroubleCodeKind, string> = { stored: 'Stored', pending: 'Pending', permanent: 'Permanent' };
const KIND_HINTS: Record<TroubleCodeKind, string> = {
  stored: 'Confirmed faults that turn the warning light on',
  pending: 'Seen once; confirmed if they come back on the next drive',
  permanent: 'Cleared only by the car itself once the fault is fixed and tested again',
};

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

/** The VIN the car reported, with what it decodes to and whether it is one of the user's vehicles. */
function VinLine({ vin }: { vin: string }) {
  const decode = trpc.vehicles.decodeVin.useMutation();
  const garage = trpc.garage.list.useQuery(undefined, { retry: false });
  const { mutate } = decode;
  useEffect(() => mutate({ vin }), [mutate, vin]);
  const saved = garage.data?.find((g) => g.vehicle.vin === vin);
  const vehicle = decode.data;
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        VIN reported by the car
      </Text>
      <Text ff="monospace" fw={600} data-testid="obd-vin">
        {vin}
      </Text>
      {vehicle && (
        <Text size="sm" data-testid="obd-vehicle">
          {vehicle.year} {vehicle.make} {vehicle.model}
          {vehicle.trim ? ` ${vehicle.trim}` : ''}
        </Text>
      )}
      {saved && (
        <Badge color="green" variant="light" data-testid="obd-garage-match">
          In your garage: {saved.nickname}
        </Badge>
      )}
    </Stack>
  );
}

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

function CodesCard({ result, busy, onClear, onExplain }: { result: ScanResult; busy: boolean; onClear: () => void; onExplain: (code: string) => void }) {
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

function LiveCard({ live, rate, on, onStart, onStop }: { live: LiveReading[]; rate: number | null; on: boolean; onStart: () => void; onStop: () => void }) {
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

function ReadinessCard({ result }: { result: ScanResult }) {
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

/**
 * The OBD Scanner tab: connects to an ELM327-compatible adapter through Web Serial and shows what
 * the car reports (docs/obd.md#in-the-browser). Browsers without Web Serial are told so and sent to
 * manual code entry.
 */
export function ObdScanner({ onExplain }: { onExplain: (code: string | null) => void }) {
  const scanner = useObdScanner();
  const [confirmClear, setConfirmClear] = useState(false);
  if (!scanner.supported) {
    return (
      <Alert color="blue" icon={<IconPlugConnectedX size={18} />} title="This browser cannot talk to an adapter">
        <Stack gap="xs">
          <Text size="sm">
            Reading the car needs Chrome or Edge on a computer, with an ELM327-compatible OBD-II adapter plugged in (USB, or Bluetooth paired as a serial port). On this device, enter the codes
            your scanner or the car shows instead.
          </Text>
          <Group>
            <Button size="xs" variant="light" onClick={() => onExplain(null)}>
              Enter codes by hand
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const { result } = scanner;
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Title order={3} size="h5">
              Adapter
            </Title>
            {scanner.phase === 'idle' && (
              <Text size="sm" c="dimmed">
                Plug the adapter into the port under the dashboard, turn the ignition on, then connect and choose its port.
              </Text>
            )}
            {scanner.phase === 'connecting' && (
              <Group gap="xs">
                <Loader size="xs" />
                <Text size="sm">Connecting… the first request can take up to 15 seconds while the adapter finds the car&rsquo;s protocol.</Text>
              </Group>
            )}
            {result && scanner.phase === 'connected' && (
              <Stack gap={2}>
                <Text size="sm" data-testid="obd-adapter">
                  {result.info.identity}
                </Text>
                <Text size="sm" c="dimmed" data-testid="obd-protocol">
                  {result.info.protocol ?? 'Protocol not reported'}
                  {result.voltage !== null ? ` · battery ${result.voltage.toFixed(1)} V` : ''}
                </Text>
              </Stack>
            )}
          </Stack>
          <Group gap="xs">
            {scanner.phase === 'connected' ? (
              <>
                <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => void scanner.refresh()} loading={scanner.busy}>
                  Read again
                </Button>
                <Button size="xs" variant="default" onClick={() => void scanner.disconnect()}>
                  Disconnect
                </Button>
              </>
            ) : (
              <Button leftSection={<IconPlugConnected size={16} />} onClick={() => void scanner.connect()} loading={scanner.phase === 'connecting'}>
                Connect adapter
              </Button>
            )}
          </Group>
        </Group>
      </Card>
      {scanner.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Connection ended" data-testid="obd-error">
          {scanner.error}
        </Alert>
      )}
      {result && scanner.phase === 'connected' && (
        <>
          {result.vin && (
            <Card withBorder padding="md">
              <VinLine vin={result.vin} />
            </Card>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <CodesCard result={result} busy={scanner.busy} onClear={() => setConfirmClear(true)} onExplain={onExplain} />
            <LiveCard live={scanner.live} rate={scanner.liveRate} on={scanner.liveOn} onStart={scanner.startLive} onStop={scanner.stopLive} />
          </SimpleGrid>
          <ReadinessCard result={result} />
        </>
      )}
      <Modal opened={confirmClear} onClose={() => setConfirmClear(false)} title="Clear trouble codes?" centered>
        <Stack gap="sm">
          <Text size="sm">
            Clearing erases the stored and pending codes, the freeze-frame data and the readiness monitors. The warning light goes off, but it comes back if the fault is still there, and an
            emissions inspection will not pass until the monitors have completed again after some driving.
          </Text>
          <Text size="sm">Write the codes down or save the session first if you still need them.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmClear(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={scanner.busy}
              onClick={() => {
                void scanner.clearCodes().then(() => setConfirmClear(false));
              }}
            >
              Clear codes
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
