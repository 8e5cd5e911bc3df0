import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { CODE_STATUS_LABELS, CODE_STATUSES, SESSION_LIMITS, type CodeStatus, type DiagnosticSession } from '../../../shared/diagnostics.ts';
import { DTC_FORMAT_MESSAGE } from '../../../shared/dtc.ts';
import { isDtc, normaliseDtc } from '../../../shared/obd/codes.ts';
import { CodesCard } from './ObdCodes.tsx';
import { SaveSession } from './SaveSession.tsx';
import type { ScanDraft } from './session-draft.ts';
import { TroubleCodeInput } from './TroubleCodeInput.tsx';
import { useVinVehicle, vehicleLabel } from './session-targets.ts';
import { useSessionSaver } from './use-session-saver.ts';

type Light = 'unknown' | 'on' | 'off';
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/**
 * Codes typed from another scanner or the car's display (docs/obd.md#in-the-browser), for browsers
 * that cannot talk to an adapter: the same explained list as a scan, and saved the same way as a
 * typed ('manual') session. A VIN, when known, ties it to the vehicle and to the shop's customers.
 */
export function ManualEntry({ onExplain, onDraft, onSaved }: { onExplain: (code: string) => void; onDraft: (draft: ScanDraft | null) => void; onSaved: (session: DiagnosticSession) => void }) {
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState<CodeStatus>('stored');
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<ScanDraft['codes']>([]);
  const [light, setLight] = useState<Light>('unknown');
  const [vinText, setVinText] = useState('');
  const vin = VIN.test(vinText.trim().toUpperCase()) ? vinText.trim().toUpperCase() : null;
  const { vehicle, failed } = useVinVehicle(vin);
  const saver = useSessionSaver(vehicle, onSaved);
  const { reset } = saver;

  const draft = useMemo<ScanDraft | null>(
    () =>
      codes.length === 0 && light === 'unknown'
        ? null
        : { source: 'manual', adapter: null, protocol: null, vin, voltage: null, milOn: light === 'unknown' ? null : light === 'on', codes, readiness: [], freezeFrame: [] },
    [codes, light, vin],
  );
  useEffect(() => {
    onDraft(draft);
    // What is saved no longer matches what is on screen: the next save is a new session.
    reset();
  }, [draft, onDraft, reset]);

  const add = () => {
    const code = normaliseDtc(typed);
    if (!isDtc(code)) return setError(DTC_FORMAT_MESSAGE);
    if (codes.length >= SESSION_LIMITS.codes) return setError(`At most ${SESSION_LIMITS.codes} codes`);
    setError(null);
    setTyped('');
    if (!codes.some((c) => c.code === code && c.status === status)) setCodes([...codes, { code, status }]);
  };
  const byStatus = Object.fromEntries(CODE_STATUSES.map((s) => [s, codes.filter((c) => c.status === s).map((c) => c.code)])) as Record<CodeStatus, string[]>;

  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-label="Enter codes by hand">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Enter codes by hand
          </Title>
          <Text size="sm" c="dimmed">
            Type the codes another scanner or a parts store read (for example P0420), with their status if it was shown.
          </Text>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              add();
            }}
          >
            <Group align="flex-start" gap="xs">
              <TroubleCodeInput value={typed} onChange={setTyped} error={error} minWidth={120} />
              <Select
                label="Status"
                data={CODE_STATUSES.map((s) => ({ value: s, label: CODE_STATUS_LABELS[s] }))}
                value={status}
                onChange={(value) => setStatus((value as CodeStatus | null) ?? 'stored')}
                allowDeselect={false}
                w={130}
              />
              <Button type="submit" mt={25} leftSection={<IconPlus size={16} />}>
                Add
              </Button>
            </Group>
          </form>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="manual-light">
                Check-engine light
              </Text>
              <SegmentedControl
                aria-labelledby="manual-light"
                value={light}
                onChange={(value) => setLight(value as Light)}
                data={[
                  { value: 'unknown', label: 'Not noted' },
                  { value: 'on', label: 'On' },
                  { value: 'off', label: 'Off' },
                ]}
              />
            </Stack>
            <TextInput
              label="VIN (optional)"
              description={vehicle ? vehicleLabel(vehicle) : failed ? 'This VIN could not be decoded' : 'Ties the codes to the vehicle and its owner'}
              value={vinText}
              onChange={(event) => setVinText(event.currentTarget.value)}
              maxLength={17}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
            />
          </SimpleGrid>
        </Stack>
      </Card>
      <CodesCard
        codes={byStatus}
        mil={light === 'unknown' ? null : { on: light === 'on', count: null }}
        onRemove={(code, kind) => setCodes(codes.filter((c) => !(c.code === code && c.status === kind)))}
        onExplain={onExplain}
      />
      {draft && draft.codes.length > 0 ? <SaveSession saver={saver} what="list of codes" onSave={() => void saver.save(draft, [])} /> : null}
    </Stack>
  );
}
