import {
  Badge,
  Box,
  Button,
  Card,
  Chip,
  Grid,
  Group,
  RingProgress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconAdjustments, IconCamera, IconChartDots, IconDeviceFloppy, IconPhoto, IconScan } from '@tabler/icons-react';
import { useState } from 'react';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { GalleryThumbnail } from '../components/tools/illustrations.tsx';
import { ScrollTable } from '../components/tools/ScrollTable.tsx';
import { SectionCard } from '../components/tools/SectionCard.tsx';
import {
  CAMERA_MODE_HINTS,
  CAMERA_MODES,
  CAMERA_QUALITIES,
  CAMERA_RESOLUTIONS,
  GALLERY,
  SAMPLE_ANALYSIS,
  type CameraMode,
  type DetectionCondition,
} from '../sample-data/camera.ts';

const conditionColor: Record<DetectionCondition, string> = { Good: 'green', Wear: 'yellow', Damage: 'red' };

/** The live view: a dark frame with a rule-of-thirds grid and a focus mark, as camera apps show. */
function Viewfinder({ mode, resolution, quality, grid }: { mode: CameraMode; resolution: string; quality: string; grid: boolean }) {
  return (
    <Box
      role="img"
      aria-label={`Camera viewfinder, ${mode} mode, no camera connected`}
      pos="relative"
      style={{ aspectRatio: '16 / 9', background: 'linear-gradient(160deg, #1f2933, #0b1015)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
    >
      {grid ? (
        <Box
          pos="absolute"
          inset={0}
          style={{
            backgroundImage:
              'linear-gradient(to right, transparent calc(33.33% - 1px), rgba(255,255,255,0.25) 33.33%, transparent calc(33.33% + 1px), transparent calc(66.66% - 1px), rgba(255,255,255,0.25) 66.66%, transparent calc(66.66% + 1px)), linear-gradient(to bottom, transparent calc(33.33% - 1px), rgba(255,255,255,0.25) 33.33%, transparent calc(33.33% + 1px), transparent calc(66.66% - 1px), rgba(255,255,255,0.25) 66.66%, transparent calc(66.66% + 1px))',
          }}
        />
      ) : null}
      <Box
        pos="absolute"
        top="50%"
        left="50%"
        w={mode === 'Macro' || mode === 'Detail' ? 56 : 88}
        h={mode === 'Macro' || mode === 'Detail' ? 56 : 88}
        style={{ transform: 'translate(-50%, -50%)', border: '2px solid #ffd43b', borderRadius: 6 }}
      />
      <Group pos="absolute" top={10} left={12} right={12} justify="space-between">
        <Text size="xs" c="white" fw={700} tt="uppercase">
          {mode}
        </Text>
        <Text size="xs" c="white" fw={700}>
          {resolution} · {quality}
        </Text>
      </Group>
      <Text pos="absolute" bottom={10} left={0} right={0} ta="center" size="sm" c="white">
        No camera connected
      </Text>
    </Box>
  );
}

export default function CameraPage() {
  const [mode, setMode] = useState<CameraMode>('Auto');
  const [resolution, setResolution] = useState<string>('4K');
  const [quality, setQuality] = useState<string>('High');
  const [grid, setGrid] = useState(true);
  const analysed = GALLERY.find((item) => item.id === SAMPLE_ANALYSIS.photoId) ?? GALLERY[0]!;

  return (
    <Stack gap="lg">
      <PageHeader title="Camera Tools" description="Capture, review and analyse component photos." />

      <Tabs defaultValue="camera">
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
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Card withBorder padding="md">
                <Viewfinder mode={mode} resolution={resolution} quality={quality} grid={grid} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <SectionCard title="Capture Mode" description={CAMERA_MODE_HINTS[mode]}>
                <Chip.Group multiple={false} value={mode} onChange={(value) => setMode(value as CameraMode)}>
                  <Group gap="xs" role="radiogroup" aria-label="Capture mode">
                    {CAMERA_MODES.map((option) => (
                      <Chip key={option} value={option} variant="light">
                        {option}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                <Switch label="Grid overlay" checked={grid} onChange={(event) => setGrid(event.currentTarget.checked)} />
                <Group grow>
                  <Button leftSection={<IconCamera size={16} />} disabled>
                    Capture
                  </Button>
                  <Button variant="default" leftSection={<IconScan size={16} />} disabled>
                    Burst
                  </Button>
                </Group>
              </SectionCard>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        <Tabs.Panel value="gallery" pt="md">
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
            {GALLERY.map((item) => (
              <Card key={item.id} withBorder padding="md">
                <Card.Section>
                  <GalleryThumbnail motif={item.motif} label={`Photo: ${item.title}`} />
                </Card.Section>
                <Stack gap={6} mt="sm">
                  <Title order={3} size="h6">
                    {item.title}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {item.vehicle} · {item.takenAt}
                  </Text>
                  <Group gap={6}>
                    <Badge size="sm" variant="light">
                      {item.mode}
                    </Badge>
                    <Badge size="sm" variant="light" color="gray">
                      {item.resolution}
                    </Badge>
                    {item.tags.map((tag) => (
                      <Badge key={tag} size="sm" variant="outline" color="gray">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Tabs.Panel>

        <Tabs.Panel value="analysis" pt="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Card withBorder padding="md">
                <Card.Section>
                  <GalleryThumbnail motif={analysed.motif} label={`Analysed photo: ${analysed.title}`} />
                </Card.Section>
                <Stack gap={4} mt="sm">
                  <Title order={3} size="h6">
                    {analysed.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {SAMPLE_ANALYSIS.summary}
                  </Text>
                </Stack>
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <SectionCard title="Image Quality">
                  <SimpleGrid cols={3} spacing="xs">
                    {[
                      { label: 'Sharpness', value: SAMPLE_ANALYSIS.sharpness, color: 'teal' },
                      { label: 'Exposure', value: SAMPLE_ANALYSIS.exposure, color: 'blue' },
                      { label: 'Coverage', value: SAMPLE_ANALYSIS.coverage, color: 'violet' },
                    ].map((metric) => (
                      <Stack key={metric.label} gap={0} align="center">
                        <RingProgress
                          size={84}
                          thickness={8}
                          roundCaps
                          sections={[{ value: metric.value, color: metric.color }]}
                          label={
                            <Text ta="center" size="sm" fw={700}>
                              {metric.value}%
                            </Text>
                          }
                        />
                        <Text size="sm" c="dimmed">
                          {metric.label}
                        </Text>
                      </Stack>
                    ))}
                  </SimpleGrid>
                </SectionCard>
                <SectionCard title="Detected Components">
                  <ScrollTable label="Detected components" minWidth={520}>
                    <Table verticalSpacing="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Component</Table.Th>
                          <Table.Th>Confidence</Table.Th>
                          <Table.Th>Condition</Table.Th>
                          <Table.Th>Note</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {SAMPLE_ANALYSIS.detections.map((detection) => (
                          <Table.Tr key={detection.label}>
                            <Table.Td fw={500}>{detection.label}</Table.Td>
                            <Table.Td>{detection.confidence}%</Table.Td>
                            <Table.Td>
                              <Badge variant="light" color={conditionColor[detection.condition]}>
                                {detection.condition}
                              </Badge>
                            </Table.Td>
                            <Table.Td>{detection.note}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollTable>
                </SectionCard>
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>

        <Tabs.Panel value="settings" pt="md">
          <SectionCard title="Camera Settings" description="These choices apply to this visit only.">
            <Stack gap={6}>
              <Text size="sm" fw={500} id="camera-resolution-label">
                Resolution
              </Text>
              <SegmentedControl aria-labelledby="camera-resolution-label" data={[...CAMERA_RESOLUTIONS]} value={resolution} onChange={setResolution} maw={360} />
            </Stack>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="camera-quality-label">
                Quality
              </Text>
              <SegmentedControl aria-labelledby="camera-quality-label" data={[...CAMERA_QUALITIES]} value={quality} onChange={setQuality} maw={360} />
            </Stack>
            <Switch label="Auto focus" description="Refocus when the subject moves" defaultChecked />
            <Switch label="Stamp date and vehicle" description="Write the date and VIN into each photo's details" defaultChecked />
            <Switch label="Flash" description="Use the device light in dark engine bays" />
            <Button leftSection={<IconDeviceFloppy size={16} />} disabled style={{ alignSelf: 'flex-start' }}>
              Save Settings
            </Button>
          </SectionCard>
        </Tabs.Panel>
      </Tabs>

      <ComingSoon>Camera features coming soon...</ComingSoon>
    </Stack>
  );
}
