import { Alert, Box, Button, Card, Chip, FileButton, Grid, Group, Image, Progress, Stack, Switch, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconCheck, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { CAMERA_MODE_HINTS, CAMERA_MODES, type CameraMode, type CameraSettings } from '../../../shared/camera.ts';
import type { StoredFile } from '../../../shared/files.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { trpc } from '../../lib/trpc.ts';
import { uploadFile } from '../../lib/upload.ts';
import { SectionCard } from '../tools/SectionCard.tsx';
import { PhotoFigures } from './PhotoFigures.tsx';
import { analyseFile, useCamera, type Shot } from './use-camera.ts';

const GRID_LINES =
  'linear-gradient(to right, transparent calc(33.33% - 1px), rgba(255,255,255,0.3) 33.33%, transparent calc(33.33% + 1px), transparent calc(66.66% - 1px), rgba(255,255,255,0.3) 66.66%, transparent calc(66.66% + 1px)), linear-gradient(to bottom, transparent calc(33.33% - 1px), rgba(255,255,255,0.3) 33.33%, transparent calc(33.33% + 1px), transparent calc(66.66% - 1px), rgba(255,255,255,0.3) 66.66%, transparent calc(66.66% + 1px))';

const CAMERA_PROBLEMS = {
  denied: 'Camera access was refused. Allow the camera for this site in the browser\u2019s address bar, or upload a photo instead.',
  missing: 'No camera was found on this device. Upload a photo instead.',
  failed: 'The camera could not be started: another app may be using it. Close it and try again, or upload a photo instead.',
} as const;

/**
 * The Camera tab: live view with the grid, the capture mode, Capture; each shot is measured at
 * once and a blurry, dark or washed-out one is flagged before it is kept. Upload is the fallback.
 * `onStored` may be async (attaching the photo to an inspection): the shot stays, busy, until it
 * is done, and it reports its own failures, since the photo itself is saved by then.
 */
export function CameraCapture({
  settings,
  onSettings,
  onStored,
}: {
  settings: CameraSettings;
  onSettings: (next: CameraSettings) => void;
  onStored: (file: StoredFile) => void | Promise<void>;
}) {
  const camera = useCamera(settings);
  const [shot, setShot] = useState<Shot | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const utils = trpc.useUtils();

  const keep = async (file: File) => {
    setProgress(0);
    let stored: StoredFile;
    try {
      stored = await uploadFile(file, setProgress).promise;
      notifySuccess('Photo saved', stored.name);
      void utils.files.myPhotos.invalidate();
      void utils.files.photos.invalidate();
    } catch (error) {
      notifyError('Not saved', error instanceof Error ? error.message : 'The photo could not be saved');
      setProgress(null);
      return;
    }
    try {
      await onStored(stored);
      setShot(null);
    } finally {
      setProgress(null);
    }
  };

  const chooseFile = async (file: File | null) => {
    if (!file) return;
    const analysis = await analyseFile(file);
    if (analysis) setShot({ file, url: URL.createObjectURL(file), width: 0, height: 0, analysis });
    else await keep(file);
  };

  const problem = camera.state === 'denied' || camera.state === 'missing' || camera.state === 'failed' ? CAMERA_PROBLEMS[camera.state] : null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card withBorder padding="md">
          {shot ? (
            <Stack gap="sm">
              <Image src={shot.url} alt="The photo just taken" radius="md" mah={420} fit="contain" />
              <PhotoFigures analysis={shot.analysis} />
              {progress !== null && <Progress value={progress * 100} aria-label="Upload progress" />}
              <Group>
                <Button leftSection={<IconCheck size={16} />} onClick={() => void keep(shot.file)} loading={progress !== null}>
                  {shot.analysis.verdict === 'sharp' ? 'Keep photo' : 'Keep anyway'}
                </Button>
                <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => setShot(null)} disabled={progress !== null}>
                  Retake
                </Button>
              </Group>
            </Stack>
          ) : (
            <Box pos="relative" style={{ aspectRatio: '16 / 9', background: '#0b1015', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
              <video ref={camera.videoRef} muted playsInline aria-label={`Camera view, ${settings.mode} mode`} style={{ width: '100%', height: '100%', objectFit: 'contain', display: camera.state === 'live' ? 'block' : 'none' }} />
              {settings.grid && camera.state === 'live' && <Box pos="absolute" inset={0} style={{ backgroundImage: GRID_LINES, pointerEvents: 'none' }} />}
              {camera.state !== 'live' && (
                <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs" p="md">
                  <IconCameraOff size={32} color="#9aa5b1" aria-hidden />
                  <Text c="#d9e2ec" ta="center" size="sm">
                    {camera.state === 'starting' ? 'Starting the camera…' : 'The camera is off. Start it to take photos of a part.'}
                  </Text>
                </Stack>
              )}
            </Box>
          )}
          {problem && !shot && (
            <Alert color="yellow" mt="sm" data-testid="camera-problem">
              {problem}
            </Alert>
          )}
          {camera.notice && !shot && (
            <Text size="xs" c="dimmed" mt="xs" data-testid="camera-notice">
              {camera.notice}
            </Text>
          )}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SectionCard title="Capture Mode" description={CAMERA_MODE_HINTS[settings.mode]}>
          <Chip.Group multiple={false} value={settings.mode} onChange={(value) => onSettings({ ...settings, mode: value as CameraMode })}>
            <Group gap="xs" role="radiogroup" aria-label="Capture mode">
              {CAMERA_MODES.map((option) => (
                <Chip key={option} value={option} variant="light">
                  {option}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Switch label="Grid overlay" checked={settings.grid} onChange={(event) => onSettings({ ...settings, grid: event.currentTarget.checked })} />
          <Stack gap="xs">
            {camera.state === 'live' ? (
              <Group grow>
                <Button
                  leftSection={<IconCamera size={16} />}
                  disabled={shot !== null}
                  onClick={() =>
                    void camera.capture().then((taken) => {
                      if (taken) setShot(taken);
                    })
                  }
                >
                  Capture
                </Button>
                <Button variant="default" onClick={camera.stop}>
                  Stop camera
                </Button>
              </Group>
            ) : (
              <Button leftSection={<IconCamera size={16} />} onClick={() => void camera.start()} loading={camera.state === 'starting'}>
                Start camera
              </Button>
            )}
            <FileButton onChange={(file) => void chooseFile(file)} accept="image/jpeg,image/png,image/webp">
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
                  Upload a photo
                </Button>
              )}
            </FileButton>
          </Stack>
        </SectionCard>
      </Grid.Col>
    </Grid>
  );
}
