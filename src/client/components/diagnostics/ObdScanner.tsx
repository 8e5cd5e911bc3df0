import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconKeyboard, IconPlugConnected, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import type { DiagnosticSession } from '../../../shared/diagnostics.ts';
import type { IdentifiedVehicle } from '../../../shared/vehicles.ts';
import { trpc } from '../../lib/trpc.ts';
import { ClearCodesDialog } from './ClearCodesDialog.tsx';
import { ManualEntry } from './ManualEntry.tsx';
import { CodesCard } from './ObdCodes.tsx';
import { FreezeFrameCard, LiveCard, ReadinessCard } from './ObdLiveData.tsx';
import { SaveSession } from './SaveSession.tsx';
import { draftOfScan, readingsOf, type ScanDraft } from './session-draft.ts';
import { useVinVehicle, vehicleLabel } from './session-targets.ts';
import { useObdScanner } from './use-obd-scanner.ts';
import { useSessionSaver } from './use-session-saver.ts';

/** The VIN the car reported, with what it decodes to and whether it is one of the user's vehicles. */
function VinLine({ vin, vehicle }: { vin: string; vehicle: IdentifiedVehicle | null }) {
  const garage = trpc.garage.list.useQuery(undefined, { retry: false });
  const saved = garage.data?.find((g) => g.vehicle.vin === vin);
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
          {vehicleLabel(vehicle)}
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

export interface ScannerProps {
  onExplain: (code: string | null) => void;
  /** What is on screen now (read or typed), for the page's counts and tabs; null once gone. */
  onDraft: (draft: ScanDraft | null) => void;
  onSaved: (session: DiagnosticSession) => void;
}

/**
 * The OBD Scanner tab: connects to an ELM327-compatible adapter through Web Serial, shows what the
 * car reports (docs/obd.md#in-the-browser) and saves it to a vehicle's history. Browsers without
 * Web Serial get manual code entry, which gives the same results and saves the same way.
 */
export function ObdScanner({ onExplain, onDraft, onSaved }: ScannerProps) {
  const scanner = useObdScanner();
  const [confirmClear, setConfirmClear] = useState(false);
  const [manual, setManual] = useState(false);
  const { result } = scanner;
  const draft = useMemo(() => (result ? draftOfScan(result) : null), [result]);
  const { vehicle } = useVinVehicle(result?.vin ?? null);
  const saver = useSessionSaver(vehicle, onSaved);
  useEffect(() => {
    if (!manual) onDraft(draft);
  }, [draft, manual, onDraft]);

  if (!scanner.supported || manual) {
    return (
      <Stack gap="md">
        {scanner.supported ? (
          <Button variant="subtle" size="compact-sm" leftSection={<IconPlugConnected size={14} />} onClick={() => setManual(false)} style={{ alignSelf: 'flex-start' }}>
            Use an adapter instead
          </Button>
        ) : (
          <Alert color="blue" icon={<IconPlugConnectedX size={18} />} title="This browser cannot talk to an adapter">
            Reading the car needs Chrome or Edge on a computer, with an ELM327-compatible OBD-II adapter plugged in (USB, or Bluetooth paired as a serial port). On this device, enter the
            codes your scanner or the car shows instead.
          </Alert>
        )}
        <ManualEntry onExplain={onExplain} onDraft={onDraft} onSaved={onSaved} />
      </Stack>
    );
  }

  /** Clearing keeps the reading: saved first when it was not, then marked cleared. */
  const clear = async () => {
    const before = result;
    if (!before) return;
    let saved = saver.saved;
    if (!saved && saver.target) {
      const session = await saver.save(draftOfScan(before), readingsOf(scanner.live));
      if (!session) return setConfirmClear(false);
      saved = { session, historyName: saver.target.historyName };
    }
    const cleared = await scanner.clearCodes();
    if (cleared && saved) await saver.markCleared(saved.session, saved.historyName);
    setConfirmClear(false);
  };

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
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconRefresh size={14} />}
                  loading={scanner.busy}
                  onClick={() => {
                    saver.reset();
                    void scanner.refresh();
                  }}
                >
                  Read again
                </Button>
                <Button size="xs" variant="default" onClick={() => void scanner.disconnect()}>
                  Disconnect
                </Button>
              </>
            ) : (
              <>
                <Button
                  leftSection={<IconPlugConnected size={16} />}
                  loading={scanner.phase === 'connecting'}
                  onClick={() => {
                    saver.reset();
                    void scanner.connect();
                  }}
                >
                  Connect adapter
                </Button>
                {scanner.phase !== 'connecting' && (
                  <Button variant="subtle" leftSection={<IconKeyboard size={16} />} onClick={() => setManual(true)}>
                    Enter codes by hand
                  </Button>
                )}
              </>
            )}
          </Group>
        </Group>
      </Card>
      {scanner.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Connection ended" data-testid="obd-error">
          {scanner.error}
        </Alert>
      )}
      {result && draft && scanner.phase === 'connected' && (
        <>
          {result.vin && (
            <Card withBorder padding="md">
              <VinLine vin={result.vin} vehicle={vehicle} />
            </Card>
          )}
          <SaveSession saver={saver} onSave={() => void saver.save(draft, readingsOf(scanner.live))} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <CodesCard codes={result.codes} mil={{ on: result.status.milOn, count: result.status.codeCount }} busy={scanner.busy} onClear={() => setConfirmClear(true)} onExplain={onExplain} />
            <LiveCard live={scanner.live} rate={scanner.liveRate} on={scanner.liveOn} onStart={scanner.startLive} onStop={scanner.stopLive} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ReadinessCard monitors={result.status.monitors} />
            {draft.freezeFrame.length > 0 || result.codes.stored.length > 0 ? <FreezeFrameCard readings={draft.freezeFrame} /> : null}
          </SimpleGrid>
        </>
      )}
      <ClearCodesDialog
        opened={confirmClear}
        busy={scanner.busy || saver.saving}
        saving={saver.saved ? { already: true, historyName: saver.saved.historyName } : saver.target ? { already: false, historyName: saver.target.historyName } : null}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => void clear()}
      />
    </Stack>
  );
}
