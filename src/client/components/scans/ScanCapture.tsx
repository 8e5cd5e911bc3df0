import { Alert, Button, FileButton, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCameraPlus, IconCloudOff, IconCube } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SCAN_LIMITS, type ScanSession } from '../../../shared/scans.ts';
import { useConnection } from '../../lib/connection.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { SectionCard } from '../tools/SectionCard.tsx';
import { isLowOverlap, lowOverlapMessage } from './photo-overlap.ts';
import { PhotoTile } from './PhotoTile.tsx';
import { ScanCamera } from './ScanCamera.tsx';
import { ScanBadges } from './ScanBadges.tsx';
import { SCAN_PHOTO_TYPES } from './upload-photo.ts';
import { useScanUploads } from './use-scan-uploads.ts';

const ACCEPT = SCAN_PHOTO_TYPES.join(',');

export const photoCount = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;

/** Why Process scan cannot be pressed yet, or null when it can. */
function blockedBecause(count: number, sending: boolean): string | null {
  if (sending) return 'Wait for the photos to finish uploading.';
  if (count < SCAN_LIMITS.minPhotosToProcess) {
    const more = SCAN_LIMITS.minPhotosToProcess - count;
    return `A scan needs at least ${SCAN_LIMITS.minPhotosToProcess} photos to be processed: add ${more} more.`;
  }
  return null;
}

/** Taking the photos of a pending scan: add them, watch them upload, then process the scan. */
export function ScanCapture({ session }: { session: ScanSession }) {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.scans.get.invalidate({ id: session.id });
    void utils.scans.list.invalidate();
  };
  const uploads = useScanUploads(session.id, refresh);
  // The picker is emptied after each choice, so the same file (or the camera again) always counts.
  const resetPicker = useRef<() => void>(null);
  const online = useConnection() === 'online';
  const [cameraOpen, setCameraOpen] = useState(false);
  const process = trpc.scans.process.useMutation({
    onSuccess: (next) => {
      utils.scans.get.setData({ id: session.id }, next);
      void utils.scans.list.invalidate();
    },
    onError: (error) => notifyError('The scan could not be processed', errorMessage(error, 'Try again in a moment.')),
  });

  const count = session.photos.length;
  const full = count >= SCAN_LIMITS.maxPhotos;
  // Honest coverage: a photo that shares too little with the one before it does not count toward it.
  const covered = session.photos.filter((photo) => !isLowOverlap(photo.overlap)).length;
  const coverage = Math.min(100, Math.round((covered / SCAN_LIMITS.recommendedMin) * 100));
  const latest = uploads.items.findLast((item) => item.state !== 'refused' && item.state !== 'measuring');
  const lowOverlap = latest && isLowOverlap(latest.overlap) ? latest.overlap : null;
  const blocked = blockedBecause(count, uploads.sending);
  const waiting = uploads.items.some((item) => item.state === 'waiting');

  return (
    <SectionCard title="Take Photos" description="Walk around the part and add photos as you go; each is checked for focus before it is sent." actions={<ScanBadges session={session} />}>
      <Group gap="sm" wrap="wrap">
        <FileButton
          resetRef={resetPicker}
          onChange={(files) => {
            uploads.add(files);
            resetPicker.current?.();
          }} accept={ACCEPT} multiple capture="environment" disabled={full} inputProps={{ 'aria-label': 'Add photos' }}>
          {(props) => (
            <Button {...props} leftSection={<IconCameraPlus size={16} />} disabled={full}>
              Add photos
            </Button>
          )}
        </FileButton>
        {cameraOpen ? null : (
          <Button variant="default" leftSection={<IconCamera size={16} />} onClick={() => setCameraOpen(true)} disabled={full}>
            Use camera
          </Button>
        )}
        <Text size="sm" fw={500} aria-live="polite">
          {photoCount(count)} · {SCAN_LIMITS.recommendedMin}–{SCAN_LIMITS.maxPhotos} recommended
        </Text>
      </Group>
      {cameraOpen ? <ScanCamera resolution={session.resolution} disabled={full} previousFeatures={uploads.previousFeatures} onTaken={(file) => uploads.add([file])} onClose={() => setCameraOpen(false)} /> : null}
      {lowOverlap !== null ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="low-overlap">
          {lowOverlapMessage(lowOverlap)}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Group justify="space-between">
          <Text size="sm">Coverage</Text>
          <Text size="sm" c="dimmed">
            {Math.min(covered, SCAN_LIMITS.recommendedMin)} of {SCAN_LIMITS.recommendedMin}
            {covered < count ? ` · ${photoCount(count - covered)} with too little overlap` : ''}
          </Text>
        </Group>
        <Progress value={coverage} color={coverage >= 100 ? 'green' : 'blue'} aria-label={`Coverage: ${covered} of ${SCAN_LIMITS.recommendedMin} photos`} />
      </Stack>
      {full ? <Alert color="blue">This scan holds {SCAN_LIMITS.maxPhotos} photos, the most it can: process it now.</Alert> : null}
      {waiting ? (
        <Alert color="orange" icon={<IconCloudOff size={18} />} title={online ? 'Some photos are waiting to be sent' : 'You are offline'}>
          {online ? 'They are sent again shortly.' : 'The photos are kept on this page and sent as soon as the connection is back. Keep the page open.'}{' '}
          <Button variant="subtle" size="compact-sm" onClick={uploads.retryNow}>
            Send now
          </Button>
        </Alert>
      ) : null}
      {uploads.items.length > 0 ? (
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="xs" role="list" aria-label="Photos taken on this page">
          {uploads.items.map((item, index) => (
            <div role="listitem" key={item.key}>
              <PhotoTile item={item} number={index + 1} />
            </div>
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {count > 0 ? `${photoCount(count)} added earlier. Add more, or process the scan.` : 'No photos yet. On a phone, Add photos opens the camera.'}
        </Text>
      )}
      <Stack gap={4}>
        <Button leftSection={<IconCube size={16} />} onClick={() => process.mutate({ id: session.id })} loading={process.isPending} disabled={blocked !== null} aria-describedby={blocked ? `process-why-${session.id}` : undefined} style={{ alignSelf: 'flex-start' }}>
          Process scan
        </Button>
        {blocked ? (
          <Text size="xs" c="dimmed" id={`process-why-${session.id}`}>
            {blocked}
          </Text>
        ) : null}
      </Stack>
    </SectionCard>
  );
}
