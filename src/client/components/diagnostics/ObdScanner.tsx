import { Alert, Badge, Button, Card, Group, Loader, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { useObdScanner } from './use-obd-scanner.ts';
import { CodesCard } from './ObdCodes.tsx';
import { LiveCard, ReadinessCard } from './ObdLiveData.tsx';

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
