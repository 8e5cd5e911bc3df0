import { Alert, Button, Group, Progress, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconClock, IconCube, IconDownload, IconPhoto, IconPoint, IconRefresh, IconRuler, IconTarget, IconTriangle } from '@tabler/icons-react';
import { Link } from 'wouter';
import { MODEL_FORMAT_LABELS, MODEL_FORMATS, SCAN_STAGE_LABELS, type ModelFormat, type ScanModel, type ScanSession } from '../../../shared/scans.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { StatCard } from '../tools/StatCard.tsx';
import { SectionCard } from '../tools/SectionCard.tsx';
import { ScanBadges, StatusBadge } from './ScanBadges.tsx';

const number = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The formats in the order offered: the session's choice first; a point cloud offers PLY alone. */
function formatsOf(session: ScanSession, model: ScanModel): ModelFormat[] {
  const all = model.modelType === 'point-cloud' ? (['ply'] as ModelFormat[]) : [...MODEL_FORMATS];
  return all.includes(session.outputFormat) ? [session.outputFormat, ...all.filter((f) => f !== session.outputFormat)] : all;
}

function ModelFigures({ session, modelId }: { session: ScanSession; modelId: string }) {
  const model = trpc.scans.model.useQuery({ id: modelId });
  if (model.isPending) return <Skeleton h={120} radius="md" />;
  if (model.isError) return <Text c="red">The model could not be loaded. Check the connection and reload the page.</Text>;
  const m = model.data;
  const size = m.dimensions?.size;
  const formats = formatsOf(session, m);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <StatCard label="Points" icon={IconPoint} value={number(m.pointCount)} />
        <StatCard label="Faces" icon={IconTriangle} value={m.faceCount ? number(m.faceCount) : 'No surface'} />
        <StatCard label="Photos placed" icon={IconPhoto} value={m.scanData ? `${m.scanData.photosPlaced} of ${m.scanData.photosTaken}` : '—'} />
        <StatCard label="Reprojection error" icon={IconTarget} value={m.scanData ? `${number(m.scanData.reprojectionErrorPx, 2)} px` : '—'} />
        <StatCard label="Dimensions" icon={IconRuler} value={size ? size.map((v) => number(v, 2)).join(' × ') : '—'} />
        <StatCard label="Processing time" icon={IconClock} value={m.scanData ? `${number(m.scanData.seconds)} s` : '—'} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {m.mmPerUnit === null
          ? 'Dimensions are in the reconstruction\u2019s own units (x × y × z), not millimetres: photos alone do not give the scale. Measure a known length in the Component Viewer to set it.'
          : 'Dimensions are in the reconstruction\u2019s own units (x × y × z); the Component Viewer shows them in millimetres from the scale you set.'}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button component={Link} href={`/viewer?model=${m.id}`} leftSection={<IconCube size={16} />}>
          Open in Component Viewer
        </Button>
        {formats.map((format, i) => (
          <Button key={format} component="a" href={m.downloads[format]} download variant={i === 0 ? 'light' : 'default'} leftSection={<IconDownload size={16} />}>
            Download {MODEL_FORMAT_LABELS[format]}
          </Button>
        ))}
      </Group>
      {m.modelType === 'point-cloud' ? <Text size="sm">No surface came out of these photos, so the model is a point cloud: PLY only.</Text> : null}
    </Stack>
  );
}

/** A scan being processed, or its outcome: the model with its downloads, or why it failed. */
export function ScanResult({ session, onNewScan }: { session: ScanSession; onNewScan: () => void }) {
  const utils = trpc.useUtils();
  const again = trpc.scans.process.useMutation({
    onSuccess: (next) => {
      utils.scans.get.setData({ id: session.id }, next);
      void utils.scans.list.invalidate();
    },
    onError: (error) => notifyError('The scan could not be processed', errorMessage(error, 'Try again in a moment.')),
  });
  const title = session.status === 'processing' ? 'Processing' : session.status === 'completed' ? 'Scan Result' : 'Scan Failed';
  const percent = Math.round(session.progress * 100);
  return (
    <SectionCard title={title} description={`${session.photos.length} photos`} actions={<><StatusBadge status={session.status} /><ScanBadges session={session} /></>}>
      {session.status === 'processing' ? (
        <Stack gap={6} aria-live="polite">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {session.stage ? SCAN_STAGE_LABELS[session.stage] : 'Processing'}
            </Text>
            <Text size="sm" c="dimmed">
              {percent} %
            </Text>
          </Group>
          <Progress value={percent} animated aria-label="Processing progress" />
          <Text size="xs" c="dimmed">
            This runs on the server: you may leave the page and open the scan again from Recent Scans.
          </Text>
        </Stack>
      ) : null}
      {session.status === 'completed' && session.resultModelId ? <ModelFigures session={session} modelId={session.resultModelId} /> : null}
      {session.status === 'failed' ? (
        <Stack gap="sm">
          <Alert color="red" title="The model could not be built">
            {session.failureReason ?? 'The reconstruction stopped without a reason.'}
          </Alert>
          <Text size="sm" c="dimmed">
            A failed scan takes no more photos: process it again as it is, or start a new scan with more photos and more overlap.
          </Text>
          <Group gap="sm">
            <Button leftSection={<IconRefresh size={16} />} onClick={() => again.mutate({ id: session.id })} loading={again.isPending}>
              Process again
            </Button>
            <Button variant="default" onClick={onNewScan}>
              Start a new scan
            </Button>
          </Group>
        </Stack>
      ) : null}
      {session.status === 'completed' ? (
        <Button variant="default" onClick={onNewScan} style={{ alignSelf: 'flex-start' }}>
          Start a new scan
        </Button>
      ) : null}
    </SectionCard>
  );
}
