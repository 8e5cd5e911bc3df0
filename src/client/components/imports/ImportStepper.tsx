import { Alert, Button, FileInput, Group, SegmentedControl, Select, SimpleGrid, Stack, Stepper, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import type { GarageVehicle } from '../../../shared/garage.ts';
import {
  fieldsOf,
  IMPORT_FIELD_LABELS,
  IMPORT_KIND_LABELS,
  IMPORT_LIMITS,
  IMPORT_PRESET_LABELS,
  IMPORT_PRESETS,
  REQUIRED_FIELDS,
  type DateOrder,
  type DistanceUnit,
  type ImportField,
  type ImportKind,
  type ImportMapping,
  type ImportPreset,
  type ImportPreview,
  type ImportSummary,
  type VolumeUnit,
} from '../../../shared/imports.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { PreviewView } from './ImportPreview.tsx';
import { trpc } from '../../lib/trpc.ts';

/** The import paths take files larger than the tRPC body limit, so they are called over REST. */
async function postImport<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'same-origin' });
  const json = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !json) throw new Error(json?.message ?? `The import failed (${res.status})`);
  return json;
}

const NONE = '__none__';

/**
 * Upload → map columns (a preset fills them) → preview with row errors → import → summary
 * (docs/data.md#import). Every check is the server's; this screen only shows what it answered.
 */
export function ImportStepper({ vehicles, initialVehicleId, onClose }: { vehicles: GarageVehicle[]; initialVehicleId: string | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [step, setStep] = useState(0);
  const [vehicleId, setVehicleId] = useState<string | null>(initialVehicleId ?? vehicles[0]?.vehicle.id ?? null);
  const [kind, setKind] = useState<ImportKind>('service');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preset, setPreset] = useState<ImportPreset>('lubelogger');
  const [mapping, setMapping] = useState<ImportMapping | undefined>(undefined);
  const [distanceUnit, setDistanceUnit] = useState<DistanceUnit | undefined>(undefined);
  const [volumeUnit, setVolumeUnit] = useState<VolumeUnit | undefined>(undefined);
  const [dateOrder, setDateOrder] = useState<DateOrder>('auto');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  type Overrides = { mapping?: ImportMapping; preset?: ImportPreset; csv?: string };
  const request = (overrides: Overrides = {}) => ({
    vehicleId,
    kind,
    preset: overrides.preset ?? preset,
    mapping: 'mapping' in overrides ? overrides.mapping : mapping,
    distanceUnit,
    volumeUnit,
    dateOrder,
    csv: overrides.csv ?? csv,
    timeZone: browserTimeZone(),
  });

  async function run<T>(work: () => Promise<T>): Promise<T | null> {
    setBusy(true);
    setError(null);
    try {
      return await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong');
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function readFile(): Promise<string | null> {
    if (!file) {
      setError('Choose a CSV file');
      return null;
    }
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setError(`The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into smaller files`);
      return null;
    }
    const text = await file.text();
    setCsv(text);
    // The header line, only to offer its columns in the mapping step; the server reads the file.
    const first = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)[0] ?? '';
    setHeaders(first.split(',').map((h) => h.replace(/^"|"$/g, '').trim()).filter(Boolean));
    setMapping(undefined);
    setPreview(null);
    setStep(1);
    return text;
  }

  async function check(overrides: Overrides = {}) {
    const answer = await run(() => postImport<ImportPreview>('/api/imports/preview', request(overrides)));
    if (answer) {
      setPreview(answer);
      setHeaders(answer.headers);
      setMapping(answer.mapping);
      setDistanceUnit(answer.distanceUnit);
      setVolumeUnit(answer.volumeUnit);
    }
    return answer;
  }

  async function importNow() {
    const answer = await run(() => postImport<ImportSummary>('/api/imports', request()));
    if (answer) {
      setSummary(answer);
      setStep(3);
      void utils.garage.invalidate();
      void utils.fuel.invalidate();
    }
  }

  const setField = (field: ImportField, column: string | null) => {
    const next = { ...(mapping ?? {}), [field]: column === NONE ? null : column };
    setMapping(next);
    setPreview(null);
  };
  const columnOptions = [{ value: NONE, label: '(not in the file)' }, ...headers.map((h) => ({ value: h, label: h }))];

  return (
    <Stack gap="md">
      <Stepper active={step} size="xs" allowNextStepsSelect={false} onStepClick={(s) => s < step && step < 3 && setStep(s)}>
        <Stepper.Step label="Upload">
          <Stack gap="sm" mt="sm">
            <Select
              label="Vehicle"
              data={vehicles.map((v) => ({ value: v.vehicle.id, label: v.nickname }))}
              value={vehicleId}
              onChange={setVehicleId}
              allowDeselect={false}
              withAsterisk
            />
            <SegmentedControl
              aria-label="What the file holds"
              fullWidth
              value={kind}
              onChange={(value) => setKind(value as ImportKind)}
              data={(['service', 'fuel'] as const).map((k) => ({ value: k, label: IMPORT_KIND_LABELS[k] }))}
            />
            <FileInput
              label="CSV file"
              description={`At most ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows`}
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={16} />}
              value={file}
              onChange={setFile}
              clearable
              withAsterisk
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Map columns">
          <Stack gap="sm" mt="sm">
            <Select
              label="The file comes from"
              data={IMPORT_PRESETS.map((p) => ({ value: p, label: IMPORT_PRESET_LABELS[p] }))}
              value={preset}
              allowDeselect={false}
              onChange={(value) => {
                const next = (value ?? 'custom') as ImportPreset;
                setPreset(next);
                setMapping(undefined);
                void check({ preset: next, mapping: undefined });
              }}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Select
                label="Distances in"
                data={[{ value: 'mi', label: 'Miles' }, { value: 'km', label: 'Kilometres' }]}
                value={distanceUnit ?? 'mi'}
                allowDeselect={false}
                onChange={(value) => {
                  setDistanceUnit((value ?? 'mi') as DistanceUnit);
                  setPreview(null);
                }}
              />
              <Select
                label="Dates written as"
                data={[
                  { value: 'auto', label: 'Detect (month first unless the first number is above 12)' },
                  { value: 'mdy', label: 'Month/day/year' },
                  { value: 'dmy', label: 'Day/month/year' },
                  { value: 'ymd', label: 'Year-month-day' },
                ]}
                value={dateOrder}
                allowDeselect={false}
                onChange={(value) => {
                  setDateOrder((value ?? 'auto') as DateOrder);
                  setPreview(null);
                }}
              />
              {kind === 'fuel' ? (
                <Select
                  label="Fuel in"
                  data={[{ value: 'gal', label: 'US gallons' }, { value: 'L', label: 'Litres' }]}
                  value={volumeUnit ?? 'gal'}
                  allowDeselect={false}
                  onChange={(value) => {
                    setVolumeUnit((value ?? 'gal') as VolumeUnit);
                    setPreview(null);
                  }}
                />
              ) : null}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {fieldsOf(kind).map((field) => (
                <Select
                  key={field}
                  label={IMPORT_FIELD_LABELS[field]}
                  withAsterisk={REQUIRED_FIELDS[kind].includes(field)}
                  data={columnOptions}
                  value={mapping?.[field] ?? NONE}
                  allowDeselect={false}
                  onChange={(value) => setField(field, value)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Preview">
          {preview ? <PreviewView preview={preview} kind={kind} /> : null}
        </Stepper.Step>
        <Stepper.Completed>
          {summary ? (
            <Alert color={summary.invalid > 0 ? 'yellow' : 'green'} title="Import finished" mt="sm">
              <Text size="sm">
                {summary.added.toLocaleString('en-US')} added, {summary.duplicates.toLocaleString('en-US')} already there, {summary.invalid.toLocaleString('en-US')} skipped with errors (of{' '}
                {summary.rows.toLocaleString('en-US')} rows).
              </Text>
            </Alert>
          ) : null}
        </Stepper.Completed>
      </Stepper>

      {error ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Cannot import this file">
          {error}
        </Alert>
      ) : null}

      <Group justify="flex-end" gap="sm">
        {step < 3 ? (
          <Button variant="default" onClick={step === 0 ? onClose : () => setStep(step - 1)} disabled={busy}>
            {step === 0 ? 'Cancel' : 'Back'}
          </Button>
        ) : null}
        {step === 0 ? (
          <Button onClick={() => void readFile().then((text) => (text === null ? null : check({ csv: text, mapping: undefined })))} loading={busy} disabled={!vehicleId || !file}>
            Next
          </Button>
        ) : null}
        {step === 1 ? (
          <Button
            loading={busy}
            onClick={() =>
              void check().then((answer) => {
                if (answer) setStep(2);
              })
            }
          >
            Check rows
          </Button>
        ) : null}
        {step === 2 ? (
          <Button loading={busy} disabled={!preview || preview.valid - preview.duplicates <= 0} onClick={() => void importNow()}>
            {preview ? `Import ${(preview.valid - preview.duplicates).toLocaleString('en-US')} rows` : 'Import'}
          </Button>
        ) : null}
        {step === 3 ? <Button onClick={onClose}>Done</Button> : null}
      </Group>
    </Stack>
  );
}
