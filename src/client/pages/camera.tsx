import { Button, Card, Grid, Image, SegmentedControl, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { IconAdjustments, IconCamera, IconChartDots, IconDeviceFloppy, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { CAMERA_MODES, CAMERA_QUALITIES, CAMERA_RESOLUTIONS, type CameraMode, type CameraQuality, type CameraResolution, type CameraSettings } from '../../shared/camera.ts';
import type { StoredFile } from '../../shared/files.ts';
import { CameraCapture } from '../components/camera/CameraCapture.tsx';
import { InspectionBanner, useInspectionTarget } from '../components/camera/InspectionTarget.tsx';
import { PhotoFigures } from '../components/camera/PhotoFigures.tsx';
import { PhotoGallery } from '../components/camera/PhotoGallery.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { SectionCard } from '../components/tools/SectionCard.tsx';
import { notifySuccess } from '../lib/notify.ts';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';

/** The Analysis tab: what the server measured of one of my photos. */
function AnalysisTab({ chosen, onChoose }: { chosen: StoredFile | null; onChoose: (file: StoredFile | null) => void }) {
  const photos = trpc.files.myPhotos.useQuery({ limit: 60 });
  const current = chosen ?? photos.data?.items.find((f) => f.analysis) ?? null;
  // The chosen photo is an option even before the list arrives (or when it is older than the list).
  const listed = (photos.data?.items ?? []).filter((f) => f.analysis);
  const options = [...(current && !listed.some((f) => f.id === current.id) ? [current] : []), ...listed].map((f) => ({ value: f.id, label: f.name }));
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="sm">
          <Select
            label="Photo"
            placeholder={photos.isPending ? 'Loading photos…' : 'No photos yet'}
            data={options}
            value={current?.id ?? null}
            onChange={(id) => onChoose(photos.data?.items.find((f) => f.id === id) ?? null)}
            disabled={options.length === 0}
          />
          {current && (
            <Card withBorder padding={0}>
              <Image src={`/api/files/${current.id}/thumbnail`} alt={current.name} h={200} fit="cover" />
            </Card>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <SectionCard title="Image Quality" description="Measured on the server when the photo was stored: focus from the edges in the picture, exposure from its histogram.">
          {current?.analysis ? (
            <PhotoFigures analysis={current.analysis} />
          ) : (
            <Text c="dimmed" size="sm">
              {photos.isError ? 'The photos could not be loaded.' : 'Take or upload a photo to see how sharp and well exposed it is.'}
            </Text>
          )}
        </SectionCard>
      </Grid.Col>
    </Grid>
  );
}

/** The Settings tab: the defaults the camera starts with, saved to the account. */
function SettingsTab({ settings, onChange, onSave, saving }: { settings: CameraSettings; onChange: (next: CameraSettings) => void; onSave: () => void; saving: boolean }) {
  return (
    <SectionCard title="Camera Settings" description="Saved to your account: every device you sign in on starts with them.">
      <Stack gap={6}>
        <Text size="sm" fw={500} id="camera-mode-label">
          Mode
        </Text>
        <SegmentedControl aria-labelledby="camera-mode-label" data={[...CAMERA_MODES]} value={settings.mode} onChange={(mode) => onChange({ ...settings, mode: mode as CameraMode })} maw={480} />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="camera-resolution-label">
          Resolution
        </Text>
        <SegmentedControl
          aria-labelledby="camera-resolution-label"
          data={[...CAMERA_RESOLUTIONS]}
          value={settings.resolution}
          onChange={(resolution) => onChange({ ...settings, resolution: resolution as CameraResolution })}
          maw={360}
        />
        <Text size="xs" c="dimmed">
          Asked of the camera; a camera that cannot give it takes its largest size instead, and the Camera tab says so.
        </Text>
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="camera-quality-label">
          Quality
        </Text>
        <SegmentedControl aria-labelledby="camera-quality-label" data={[...CAMERA_QUALITIES]} value={settings.quality} onChange={(quality) => onChange({ ...settings, quality: quality as CameraQuality })} maw={360} />
        <Text size="xs" c="dimmed">
          JPEG quality of each shot: High keeps fine detail, Low makes smaller files.
        </Text>
      </Stack>
      <Switch label="Grid overlay" description="Lines that divide the view in thirds, to line up a part" checked={settings.grid} onChange={(event) => onChange({ ...settings, grid: event.currentTarget.checked })} />
      <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving} style={{ alignSelf: 'flex-start' }}>
        Save Settings
      </Button>
    </SectionCard>
  );
}

export default function CameraPage() {
  const { user, updatePreferences } = useSession();
  const saved = user.preferences.camera;
  const [settings, setSettings] = useState<CameraSettings>(saved);
  const [tab, setTab] = useState<string | null>('camera');
  const [chosen, setChosen] = useState<StoredFile | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setSettings(saved), [saved]);
  // Opened from a vehicle's Take Photos: kept shots also go to an item of that inspection.
  const target = useInspectionTarget(useSearch());

  const save = async () => {
    setSaving(true);
    try {
      await updatePreferences({ camera: settings });
      notifySuccess('Settings saved', 'The camera starts with these choices from now on');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader title="Camera Tools" description="Capture, review and analyse component photos." />
      {target ? <InspectionBanner target={target} /> : null}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="camera" leftSection={<IconCamera size={16} />}>
            Camera
          </Tabs.Tab>
          <Tabs.Tab value="gallery" leftSection={<IconPhoto size={16} />}>
            Gallery
          </Tabs.Tab>
          <Tabs.Tab value="analysis" leftSection={<IconChartDots size={16} />}>
            Analysis
          </Tabs.Tab>
          <Tabs.Tab value="settings" leftSection={<IconAdjustments size={16} />}>
            Settings
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="camera" pt="md">
          <CameraCapture
            settings={settings}
            onSettings={setSettings}
            onStored={async (file) => {
              setChosen(file);
              await target?.attach(file);
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="gallery" pt="md">
          {tab === 'gallery' && (
            <PhotoGallery
              onAnalyse={(file) => {
                setChosen(file);
                setTab('analysis');
              }}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="analysis" pt="md">
          {tab === 'analysis' && <AnalysisTab chosen={chosen} onChoose={setChosen} />}
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab settings={settings} onChange={setSettings} onSave={() => void save()} saving={saving} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
