import { Button, Radio, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import {
  MODEL_FORMAT_LABELS,
  MODEL_FORMATS,
  SCAN_LIMITS,
  SCAN_RESOLUTION_LABELS,
  SCAN_RESOLUTION_PX,
  SCAN_RESOLUTIONS,
  SCAN_TYPE_LABELS,
  SCAN_TYPES,
  type ModelFormat,
  type ScanResolution,
  type ScanSession,
  type ScanType,
} from '../../../shared/scans.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { SectionCard } from '../tools/SectionCard.tsx';

const TYPE_DETAIL: Record<ScanType, string> = {
  full: 'Walk all the way around the part: every side is captured.',
  surface: 'One face of the part, for wear and damage checks.',
  detail: 'Close range on a small area such as a thread or a crack; more features are read from each photo.',
};

const FORMAT_DETAIL: Record<ModelFormat, string> = {
  ply: 'PLY: the coloured point cloud.',
  stl: 'STL: the surface, for 3D printing and CAD.',
  obj: 'OBJ: the surface, for 3D viewers.',
};

const pixels = (value: number) => value.toLocaleString('en-US');

/** The options of a new scan; Start Scan creates its session (scans.create). */
export function ScanSettings({ onStarted }: { onStarted: (session: ScanSession) => void }) {
  const [resolution, setResolution] = useState<ScanResolution>('medium');
  const [scanType, setScanType] = useState<ScanType>('full');
  const [format, setFormat] = useState<ModelFormat>('ply');
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [componentId, setComponentId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const garage = trpc.garage.list.useQuery(undefined, { retry: false });
  const components = trpc.vehicles.components.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: Boolean(vehicleId) });
  const utils = trpc.useUtils();
  const create = trpc.scans.create.useMutation({
    onSuccess: (session) => {
      utils.scans.get.setData({ id: session.id }, session);
      void utils.scans.list.invalidate();
      onStarted(session);
    },
    onError: (error) => notifyError('The scan could not be started', errorMessage(error, 'Try again in a moment.')),
  });

  const vehicles = new Map<string, string>();
  for (const entry of garage.data ?? []) vehicles.set(entry.vehicle.id, `${entry.nickname} (${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model})`);

  return (
    <SectionCard title="Scan Settings" description="Choose the detail, coverage and file type, then start taking photos.">
      <Radio.Group label="Resolution" value={resolution} onChange={(value) => setResolution(value as ScanResolution)}>
        <Stack gap="xs" mt="xs">
          {SCAN_RESOLUTIONS.map((value) => (
            <Radio key={value} value={value} label={SCAN_RESOLUTION_LABELS[value]} description={`Photos kept at ${pixels(SCAN_RESOLUTION_PX[value])} px on their longest side`} />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group label="Scan type" value={scanType} onChange={(value) => setScanType(value as ScanType)}>
        <Stack gap="xs" mt="xs">
          {SCAN_TYPES.map((value) => (
            <Radio key={value} value={value} label={SCAN_TYPE_LABELS[value]} description={TYPE_DETAIL[value]} />
          ))}
        </Stack>
      </Radio.Group>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="scan-output-format-label">
          Output format
        </Text>
        <SegmentedControl
          aria-labelledby="scan-output-format-label"
          value={format}
          onChange={(value) => setFormat(value as ModelFormat)}
          data={MODEL_FORMATS.map((value) => ({ value, label: MODEL_FORMAT_LABELS[value] }))}
          fullWidth
        />
        <Text size="xs" c="dimmed">
          {FORMAT_DETAIL[format]} Every model can be downloaded in all three; this one is offered first.
        </Text>
      </Stack>
      <Select
        label="Vehicle"
        description="Optional: one of My Garage"
        placeholder={garage.isPending ? 'Loading your garage…' : vehicles.size ? 'Choose a vehicle' : 'No vehicles in your garage'}
        data={[...vehicles].map(([value, label]) => ({ value, label }))}
        value={vehicleId}
        onChange={(value) => {
          setVehicleId(value);
          setComponentId(null);
        }}
        disabled={vehicles.size === 0}
        clearable
      />
      {vehicleId ? (
        <Select
          label="Component"
          description="Optional: the part you are scanning"
          placeholder={components.isPending ? 'Loading components…' : 'Choose a component'}
          data={(components.data ?? []).map((component) => ({ value: component.id, label: component.name }))}
          value={componentId}
          onChange={setComponentId}
          searchable
          clearable
        />
      ) : null}
      <Textarea label="Notes" placeholder="What you are scanning and why" value={notes} onChange={(event) => setNotes(event.currentTarget.value)} maxLength={SCAN_LIMITS.notes} autosize minRows={2} />
      <Button
        leftSection={<IconPlayerPlay size={16} />}
        loading={create.isPending}
        onClick={() => create.mutate({ resolution, scanType, outputFormat: format, vehicleId, componentId, notes: notes.trim() || null })}
      >
        Start Scan
      </Button>
    </SectionCard>
  );
}
