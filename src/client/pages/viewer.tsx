import { Alert, Anchor, Badge, Box, Card, Grid, Group, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useComputedColorScheme } from '@mantine/core';
import { IconChartBar, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { engineLayoutFrom, REFERENCE_KINDS, REFERENCE_LABELS, referenceKindFor, referenceModel, type ReferenceKind } from '../../shared/geometry/reference-models.ts';
import type { ScanModel } from '../../shared/scans.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { SectionCard } from '../components/tools/SectionCard.tsx';
import { AnalysisPanel } from '../components/viewer/AnalysisPanel.tsx';
import type { CanvasView, Vec3 } from '../components/viewer/ModelCanvas.tsx';
import { MeasurePanel } from '../components/viewer/MeasurePanel.tsx';
import { loadScanShape, referenceShape, type ModelShape } from '../components/viewer/model-shape.ts';
import { PropertiesPanel } from '../components/viewer/PropertiesPanel.tsx';
import { dateText } from '../components/viewer/figures.ts';
import { measure, type ViewerModel } from '../components/viewer/viewer-model.ts';
import { ViewerToolbar } from '../components/viewer/ViewerToolbar.tsx';
import { POINT_SIZE } from '../components/viewer/viewer-options.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';

// three.js and its renderer load only when a model is drawn.
const ModelCanvas = lazy(() => import('../components/viewer/ModelCanvas.tsx'));

const isReference = (value: string | null): value is ReferenceKind => REFERENCE_KINDS.includes(value as ReferenceKind);

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

const FIRST_VIEW: CanvasView = { display: 'surface', wireframe: false, pointSize: POINT_SIZE.initial, lighting: 'studio', measuring: false, heat: null, resetKey: 0 };

/**
 * The model on show, by the address: `?model={id}` (a scan's) or `?reference={kind}`; from a vehicle's
 * diagram, `?vehicle={id}&component={id}` shows the reference its component calls for, drawn for
 * that vehicle (an engine with its cylinders). A brake reference by default.
 */
function useShownModel(scans: ScanModel[] | undefined) {
  const [params, setParams] = useSearchParams();
  const modelId = params.get('model');
  const vehicleId = params.get('vehicle');
  const componentId = params.get('component');
  const vehicle = trpc.vehicles.get.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: Boolean(vehicleId && !modelId), retry: false });
  const components = trpc.vehicles.components.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: Boolean(vehicleId && componentId && !modelId), retry: false });
  const component = components.data?.find((c) => c.id === componentId) ?? null;
  const fromComponent = component ? referenceKindFor(component) : null;
  const reference: ReferenceKind = isReference(params.get('reference')) ? (params.get('reference') as ReferenceKind) : (fromComponent ?? 'brake');
  const engineText = reference === 'engine' ? (vehicle.data?.engine ?? null) : null;
  const context = vehicle.data && component && fromComponent === reference ? `For the ${component.name} of the ${vehicle.data.year} ${vehicle.data.make} ${vehicle.data.model}` : null;
  const scan = trpc.scans.model.useQuery({ id: modelId ?? '' }, { enabled: Boolean(modelId), retry: false });
  const shape = useQuery({
    queryKey: ['viewer-shape', modelId],
    queryFn: ({ signal }) => loadScanShape(scan.data!, signal),
    enabled: Boolean(modelId && scan.data),
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
  });
  const referenceOf = useMemo(() => {
    if (modelId) return null;
    const engine = engineText ? engineLayoutFrom(engineText) : null;
    return referenceModel(reference, engine ? { engine } : {});
  }, [modelId, reference, engineText]);
  const model = useMemo((): ViewerModel | null => {
    if (referenceOf) {
      const s = referenceShape(referenceOf.mesh);
      return { key: `reference:${reference}`, name: referenceOf.label, scan: null, referenceKind: reference, shape: s, measures: measure(s) };
    }
    if (!scan.data || !shape.data) return null;
    const s: ModelShape = { ...shape.data, mmPerUnit: scan.data.mmPerUnit };
    return { key: `scan:${scan.data.id}`, name: scan.data.name, scan: scan.data, referenceKind: scan.data.referenceKind, shape: s, measures: measure(shape.data) };
  }, [referenceOf, reference, scan.data, shape.data]);
  const select = (value: string) => {
    const [kind, id] = value.split(':') as [string, string];
    setParams(kind === 'scan' ? { model: id } : { reference: id });
  };
  const error = scan.error ? errorMessage(scan.error, 'The model could not be loaded.') : shape.error ? errorMessage(shape.error, 'The model could not be loaded.') : null;
  const value = modelId ? `scan:${modelId}` : `reference:${reference}`;
  // A scan named by the address but not (yet) in the list still shows in the picker.
  const extra = modelId && scan.data && !scans?.some((s) => s.id === modelId) ? [scan.data] : [];
  const notFound = scan.error?.data?.code === 'NOT_FOUND';
  return { model, value, select, error, notFound, context, retry: () => void (scan.error ? scan.refetch() : shape.refetch()), extra };
}

export default function ViewerPage() {
  const scans = trpc.scans.models.useQuery({ limit: 50 });
  const shown = useShownModel(scans.data);
  const dark = useComputedColorScheme('light') === 'dark';
  const [view, setView] = useState<CanvasView>(FIRST_VIEW);
  const [picks, setPicks] = useState<Vec3[]>([]);
  const [webgl] = useState(webglAvailable);
  const [shownKey, setShownKey] = useState(shown.value);
  if (shownKey !== shown.value) {
    // Another model: measuring and comparing start again; the display choices stay.
    setShownKey(shown.value);
    setPicks([]);
    setView((v) => ({ ...v, heat: null, measuring: false, resetKey: v.resetKey + 1 }));
  }
  const model = shown.model;
  const allScans = [...(scans.data ?? []), ...shown.extra];

  const change = (next: Partial<CanvasView>) => {
    if (next.measuring === false || next.measuring === true) setPicks([]);
    setView((v) => ({ ...v, ...next }));
  };
  const pick = (point: Vec3) => setPicks((p) => (p.length >= 2 ? [point] : [...p, point]));

  return (
    <Stack gap="lg">
      <PageHeader title="Component Viewer" description="Turn, measure and compare reference models of a vehicle's components and your 3D scans." />
      <Select
        label="Model"
        value={shown.value}
        onChange={(value) => value && shown.select(value)}
        allowDeselect={false}
        searchable
        maw={420}
        data={[
          { group: 'Reference models', items: REFERENCE_KINDS.map((kind) => ({ value: `reference:${kind}`, label: REFERENCE_LABELS[kind] })) },
          ...(allScans.length ? [{ group: 'Your scans', items: allScans.map((s) => ({ value: `scan:${s.id}`, label: `${s.name} · ${dateText(s.createdAt)}` })) }] : []),
        ]}
        description={
          scans.data && scans.data.length === 0 ? (
            <>
              No scans yet: make one on the{' '}
              <Anchor component={Link} href="/scanner" size="xs" underline="always">
                3D Scanner
              </Anchor>{' '}
              page and it appears here.
            </>
          ) : scans.isError ? (
            'Your scans could not be listed: the reference models still work.'
          ) : undefined
        }
      />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard
            title={model?.name ?? (shown.error ? 'Model not available' : 'Loading the model…')}
            description={model ? (model.scan ? 'Photo scan' : (shown.context ?? 'Reference model')) : undefined}
            actions={model?.scan && model.shape.mmPerUnit === null ? <Badge color="gray" variant="light">No scale</Badge> : null}
          >
            {model ? <ViewerToolbar view={view} hasSurface={Boolean(model.shape.surface)} onChange={change} /> : null}
            <Box h={{ base: 320, sm: 440 }} style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}
              {...(model && webgl && !shown.error ? { role: 'img', 'aria-label': `3D view of ${model.name}` } : {})}
            >
              {shown.error ? (
                <Alert color="red" title="The model could not be shown" m="md">
                  <Stack gap="xs">
                    <Text size="sm">{shown.error}</Text>
                    <Group gap="md">
                      {shown.notFound ? null : (
                        <Anchor component="button" type="button" size="sm" onClick={shown.retry} underline="always">
                          Try again
                        </Anchor>
                      )}
                      <Anchor component="button" type="button" size="sm" onClick={() => shown.select('reference:brake')} underline="always">
                        Show a reference model
                      </Anchor>
                    </Group>
                  </Stack>
                </Alert>
              ) : !webgl ? (
                <Alert color="yellow" title="This browser cannot draw in 3D" m="md">
                  WebGL is turned off or not supported here. The properties and the analysis still work; try another browser to see the model.
                </Alert>
              ) : model ? (
                <Suspense fallback={<Skeleton h="100%" />}>
                  <ModelCanvas shape={model.shape} view={view} picks={picks} onPick={pick} dark={dark} />
                </Suspense>
              ) : (
                <Skeleton h="100%" />
              )}
            </Box>
            {model && view.measuring ? <MeasurePanel picks={picks} mmPerUnit={model.shape.mmPerUnit} scan={model.scan} onClear={() => setPicks([])} /> : null}
          </SectionCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder padding="lg">
            <Tabs defaultValue="properties">
              <Tabs.List grow>
                <Tabs.Tab value="properties" leftSection={<IconList size={16} />}>
                  Properties
                </Tabs.Tab>
                <Tabs.Tab value="analysis" leftSection={<IconChartBar size={16} />}>
                  Analysis
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="properties" pt="md">
                {model ? <PropertiesPanel model={model} /> : shown.error ? <Text size="sm" c="dimmed">No model to describe.</Text> : <Skeleton h={180} />}
              </Tabs.Panel>
              <Tabs.Panel value="analysis" pt="md">
                {model ? (
                  <AnalysisPanel key={model.key} model={model} scans={allScans} heatShown={view.heat !== null} onHeat={(heat) => setView((v) => ({ ...v, heat }))} />
                ) : shown.error ? (
                  <Text size="sm" c="dimmed">No model to analyse.</Text>
                ) : (
                  <Skeleton h={180} />
                )}
              </Tabs.Panel>
            </Tabs>
          </Card>
          {model && !model.scan ? (
            <Text size="xs" c="dimmed" mt="xs">
              Reference models are drawn by VinTech to typical dimensions of the part, in millimetres, so a scan has something to be measured against.
            </Text>
          ) : null}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
