import { Alert, Box, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_CAMERA_SETTINGS, type CameraResolution } from '../../../shared/camera.ts';
import { SCAN_LIMITS, type ScanResolution } from '../../../shared/scans.ts';
import { useCamera } from '../camera/use-camera.ts';
import { featuresOfFrame, isLowOverlap, overlapBetween, percent, useOverlapColour, type ImageFeatures } from './photo-overlap.ts';

/** The camera size asked for each scan resolution: the longest side it keeps, or the next one up. */
const CAMERA_SIZE: Record<ScanResolution, CameraResolution> = { high: '4K', medium: '1080p', low: '720p' };
/** How often the live frame is compared with the previous photo. */
const ESTIMATE_MS = 500;

const PROBLEMS = {
  denied: 'Camera access was refused. Allow the camera for this site in the browser\u2019s address bar, or use Add photos instead.',
  missing: 'No camera was found on this device. Use Add photos instead.',
  failed: 'The camera could not be started: another app may be using it. Close it and try again, or use Add photos instead.',
} as const;

/** What the live frame shares with the previous photo: unknown yet, nothing to compare with, or a share. */
type LiveOverlap = { kind: 'waiting' } | { kind: 'first' } | { kind: 'share'; share: number };

function OverlapReadout({ live }: { live: LiveOverlap }) {
  const colour = useOverlapColour();
  if (live.kind === 'waiting') return <Text size="sm" c="dimmed">Measuring the overlap…</Text>;
  if (live.kind === 'first') return <Text size="sm" c="dimmed">No previous photo on this page to compare with yet.</Text>;
  const low = isLowOverlap(live.share);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">Overlap with the previous photo</Text>
        <Text size="sm" fw={600} c={colour(live.share)} data-testid="live-overlap">
          {percent(live.share)}
        </Text>
      </Group>
      <Progress value={live.share * 100} color={low ? 'orange' : 'green'} aria-label={`Overlap with the previous photo: ${percent(live.share)}`} />
      <Text size="xs" c="dimmed">
        {low ? `Aim for at least ${percent(SCAN_LIMITS.minOverlap)}: turn back toward the previous photo, or step back.` : 'Enough overlap: hold still and take the photo.'}
      </Text>
    </Stack>
  );
}

/**
 * The live camera of a pending scan (Camera Tools' camera): a preview with the overlap of the frame
 * with the previous photo, measured twice a second, and Take photo, which adds a JPEG of the frame
 * to the same upload line as chosen files. The stream stops when the section closes or the page goes.
 */
export function ScanCamera({
  resolution,
  disabled,
  previousFeatures,
  onTaken,
  onClose,
}: {
  resolution: ScanResolution;
  disabled: boolean;
  previousFeatures: () => Promise<ImageFeatures | null>;
  onTaken: (file: File) => void;
  onClose: () => void;
}) {
  const settings = useMemo(() => ({ ...DEFAULT_CAMERA_SETTINGS, resolution: CAMERA_SIZE[resolution] }), [resolution]);
  const camera = useCamera(settings);
  const video = useRef<HTMLVideoElement | null>(null);
  const { videoRef, start, state } = camera;
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      video.current = element;
      videoRef(element);
    },
    [videoRef],
  );
  const [live, setLive] = useState<LiveOverlap>({ kind: 'waiting' });
  const [taking, setTaking] = useState(false);

  useEffect(() => {
    void start();
  }, [start]);

  useEffect(() => {
    if (state !== 'live') return;
    let running = true;
    let measuring = false;
    const measure = async () => {
      // One estimate at a time: a slow one is not queued behind by the next tick.
      if (measuring) return;
      measuring = true;
      try {
        const prior = await previousFeatures();
        if (!prior) {
          if (running) setLive({ kind: 'first' });
          return;
        }
        const frame = video.current ? await featuresOfFrame(video.current) : null;
        const share = frame ? await overlapBetween(prior, frame) : null;
        if (running && share !== null) setLive({ kind: 'share', share });
      } catch {
        // A frame that could not be measured: the last estimate stays until the next tick.
      } finally {
        measuring = false;
      }
    };
    void measure();
    const timer = setInterval(() => void measure(), ESTIMATE_MS);
    return () => {
      running = false;
      clearInterval(timer);
    };
  }, [state, previousFeatures]);

  const take = async () => {
    setTaking(true);
    try {
      const shot = await camera.capture();
      if (!shot) return;
      URL.revokeObjectURL(shot.url);
      onTaken(shot.file);
    } finally {
      setTaking(false);
    }
  };

  const problem = state === 'denied' || state === 'missing' || state === 'failed' ? PROBLEMS[state] : null;
  return (
    <Stack gap="sm" data-testid="scan-camera">
      <Box pos="relative" style={{ aspectRatio: '4 / 3', background: '#0b1015', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <video ref={attach} muted playsInline aria-label="Camera view" style={{ width: '100%', height: '100%', objectFit: 'contain', display: state === 'live' ? 'block' : 'none' }} />
        {state !== 'live' ? (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs" p="md">
            <IconCameraOff size={32} color="#9aa5b1" aria-hidden />
            <Text c="#d9e2ec" ta="center" size="sm">
              {state === 'starting' ? 'Starting the camera…' : 'The camera is off.'}
            </Text>
          </Stack>
        ) : null}
      </Box>
      {problem ? (
        <Alert color="yellow" data-testid="camera-problem">
          {problem}
        </Alert>
      ) : null}
      {state === 'live' ? <OverlapReadout live={live} /> : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button leftSection={<IconCamera size={16} />} onClick={() => void take()} loading={taking} disabled={state !== 'live' || disabled}>
          Take photo
        </Button>
        <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
          Close camera
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
