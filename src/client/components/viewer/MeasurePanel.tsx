import { Alert, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { MODEL_SCALE_LIMITS, type ScanModel } from '../../../shared/scans.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { lengthText } from './figures.ts';
import type { Vec3 } from './ModelCanvas.tsx';

interface Props {
  picks: Vec3[];
  mmPerUnit: number | null;
  /** The scan being measured, when its scale may be set from here. */
  scan: ScanModel | null;
  onClear: () => void;
}

export const distanceOf = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Two picked points and the distance between them; on a scan, the length they span sets its scale. */
export function MeasurePanel({ picks, mmPerUnit, scan, onClear }: Props) {
  const utils = trpc.useUtils();
  const [known, setKnown] = useState<number | string>('');
  const update = trpc.scans.updateModel.useMutation({
    onSuccess: (model) => {
      utils.scans.model.setData({ id: model.id }, model);
      void utils.scans.models.invalidate();
      notifySuccess('Scale set', `Lengths on ${model.name} are now in millimetres.`);
      setKnown('');
    },
    onError: (error) => notifyError('The scale could not be set', errorMessage(error, 'Try again in a moment.')),
  });
  const distance = picks.length === 2 ? distanceOf(picks[0]!, picks[1]!) : null;
  const knownMm = typeof known === 'number' ? known : Number.NaN;
  const scale = distance && knownMm > 0 ? knownMm / distance : null;
  const scaleInvalid = scale !== null && (scale < MODEL_SCALE_LIMITS.min || scale > MODEL_SCALE_LIMITS.max);

  return (
    <Stack gap="xs" aria-live="polite">
      {distance === null ? (
        <Text size="sm">{picks.length === 0 ? 'Click a first point on the model.' : 'Click a second point on the model.'}</Text>
      ) : (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Distance: <strong data-testid="measured-distance">{lengthText(distance, mmPerUnit)}</strong>
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={onClear}>
            Clear points
          </Button>
        </Group>
      )}
      {scan && scan.editable && distance !== null ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NumberInput
            label="Known length of this distance (mm)"
            size="xs"
            min={0}
            decimalScale={2}
            value={known}
            onChange={setKnown}
            w={230}
            error={scaleInvalid ? 'This length gives an impossible scale: pick two points farther apart' : undefined}
          />
          <Button size="xs" disabled={!scale || scaleInvalid} loading={update.isPending} onClick={() => scale && update.mutate({ id: scan.id, mmPerUnit: scale })}>
            Set scale
          </Button>
        </Group>
      ) : null}
      {scan && mmPerUnit === null && !scan.editable ? (
        <Alert color="gray" variant="light">
          This scan has no scale: lengths are in the reconstruction&apos;s own units.
        </Alert>
      ) : null}
    </Stack>
  );
}
