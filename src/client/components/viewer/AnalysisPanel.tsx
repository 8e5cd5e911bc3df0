import { Alert, Box, Button, Group, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { REFERENCE_KINDS, REFERENCE_LABELS, referenceModel, type ReferenceKind } from '../../../shared/geometry/reference-models.ts';
import type { ScanModel } from '../../../shared/scans.ts';
import { compareInWorker, type CompareFigures } from './compare-client.ts';
import { areaText, dateText, lengthText, sizeText, volumeText } from './figures.ts';
import { loadScanShape, referenceShape, type ModelShape } from './model-shape.ts';
import type { ViewerModel } from './viewer-model.ts';

interface Props {
  model: ViewerModel;
  /** The user's other scans, to compare with. */
  scans: ScanModel[];
  heatShown: boolean;
  onHeat: (heat: Float32Array | null) => void;
}

/** A finished comparison, and in which units its deviations are. */
interface Comparison {
  against: string;
  figures: CompareFigures;
  mmPerUnit: number | null;
}

const HEAT_GRADIENT = 'linear-gradient(90deg, rgb(0,0,255), rgb(0,255,0), rgb(255,255,0), rgb(255,0,0))';

/** Bounding box, area and volume of the model on show; for a scan, its deviation from a reference or an earlier scan. */
export function AnalysisPanel({ model, scans, heatShown, onHeat }: Props) {
  const { measures, shape, scan } = model;
  const others = scans.filter((s) => s.id !== scan?.id);
  const [against, setAgainst] = useState<string>(model.referenceKind ? `reference:${model.referenceKind}` : 'reference:brake');
  const [result, setResult] = useState<Comparison | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const compare = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setError(null);
    try {
      const [kind, id] = against.split(':') as [string, string];
      let target: ModelShape;
      let label: string;
      if (kind === 'reference') {
        const reference = referenceModel(id as ReferenceKind);
        target = referenceShape(reference.mesh);
        label = reference.label;
      } else {
        const other = others.find((s) => s.id === id);
        if (!other) throw new Error('That scan is no longer there');
        target = await loadScanShape(other, controller.signal);
        label = other.name;
      }
      const scaled = shape.mmPerUnit !== null && target.mmPerUnit !== null;
      // With both scales known, the scan is put in the target's units and only turned and moved.
      const source = scaled ? shape.points.map((v) => (v * shape.mmPerUnit!) / target.mmPerUnit!) : shape.points;
      const figures = await compareInWorker({ source, target: { points: target.surface?.positions ?? target.points, triangles: target.surface?.triangles ?? null }, allowScale: !scaled }, controller.signal);
      setResult({ against: label, figures, mmPerUnit: target.mmPerUnit });
      onHeat(figures.heat);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(caught instanceof Error ? caught.message : 'The comparison failed');
      onHeat(null);
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w="38%">Bounding box</Table.Th>
            <Table.Td>{sizeText(measures.box.size, shape.mmPerUnit)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Surface area</Table.Th>
            <Table.Td>{measures.area === null ? 'No surface (a point cloud)' : areaText(measures.area, shape.mmPerUnit)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Volume</Table.Th>
            <Table.Td>{measures.volume !== null ? volumeText(measures.volume, shape.mmPerUnit) : measures.area === null ? 'No surface' : 'The surface is open: no volume'}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>

      {scan ? (
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Compare
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label="Compare this scan with"
              size="xs"
              style={{ flex: '1 1 200px' }}
              value={against}
              onChange={(value) => value && setAgainst(value)}
              allowDeselect={false}
              data={[
                { group: 'Reference models', items: REFERENCE_KINDS.map((kind) => ({ value: `reference:${kind}`, label: REFERENCE_LABELS[kind] })) },
                ...(others.length ? [{ group: 'Your other scans', items: others.map((s) => ({ value: `scan:${s.id}`, label: `${s.name} (${dateText(s.createdAt)})` })) }] : []),
              ]}
            />
            <Button size="xs" leftSection={<IconArrowsDiff size={16} />} loading={busy} onClick={() => void compare()}>
              Compare
            </Button>
          </Group>
          {error ? (
            <Alert color="red" title="The comparison failed">
              {error}
            </Alert>
          ) : null}
          {result ? <ComparisonFigures result={result} heatShown={heatShown} onHeat={(on) => onHeat(on ? result.figures.heat : null)} /> : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Open one of your scans to compare it with this reference or with an earlier scan.
        </Text>
      )}
    </Stack>
  );
}

function ComparisonFigures({ result, heatShown, onHeat }: { result: Comparison; heatShown: boolean; onHeat: (on: boolean) => void }) {
  const { figures, mmPerUnit } = result;
  const rows: [string, number][] = [
    ['Mean deviation', figures.mean],
    ['RMS deviation', figures.rms],
    ['95 % of points within', figures.p95],
    ['Largest deviation', figures.max],
  ];
  return (
    <Stack gap="xs" aria-live="polite">
      <Text size="sm">Against {result.against}, after aligning the two:</Text>
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="50%">{label}</Table.Th>
              <Table.Td>{lengthText(value, mmPerUnit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Switch label="Show deviation heat map" checked={heatShown} onChange={(event) => onHeat(event.currentTarget.checked)} />
      {heatShown ? (
        <Stack gap={4}>
          <Box h={10} style={{ background: HEAT_GRADIENT, borderRadius: 4 }} role="img" aria-label={`Colour scale from 0 (blue) to ${lengthText(figures.legendMax, mmPerUnit)} or more (red)`} />
          <Group justify="space-between">
            <Text size="xs">0</Text>
            <Text size="xs">{lengthText(figures.legendMax, mmPerUnit)} or more</Text>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
