import { ActionIcon, Badge, Card, Grid, Group, Progress, Select, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconChartBar, IconList, IconRotate2, IconRotateClockwise2, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useState } from 'react';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { ModelDrawing } from '../components/tools/illustrations.tsx';
import { SectionCard } from '../components/tools/SectionCard.tsx';
import { SAMPLE_MODELS, type FindingLevel } from '../sample-data/viewer.ts';

const levelColor: Record<FindingLevel, string> = { Good: 'green', Monitor: 'yellow', Replace: 'red' };
// The same zoom rules as the vehicle diagram (docs/vehicles.md#what-a-vehicle-shows).
const ZOOM = { min: 0.5, max: 2, step: 0.2 };

export default function ViewerPage() {
  const [modelId, setModelId] = useState(SAMPLE_MODELS[0]!.id);
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const model = SAMPLE_MODELS.find((m) => m.id === modelId) ?? SAMPLE_MODELS[0]!;
  const changeZoom = (delta: number) =>
    setZoom((z) => Math.round(Math.min(ZOOM.max, Math.max(ZOOM.min, z + delta)) * 10) / 10);

  return (
    <Stack gap="lg">
      <PageHeader title="Component Viewer" description="Inspect scanned and imported component models." />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <SectionCard
            title={model.name}
            description={`${model.vehicle} · ${model.source}`}
            actions={
              <Select
                aria-label="Model"
                data={SAMPLE_MODELS.map((m) => ({ value: m.id, label: m.name }))}
                value={modelId}
                onChange={(value) => {
                  if (!value) return;
                  setModelId(value);
                  setZoom(1);
                  setRotation(0);
                }}
                allowDeselect={false}
                w={220}
              />
            }
          >
            <ModelDrawing modelId={model.id} zoom={zoom} rotation={rotation} label={`Line drawing of the ${model.name}`} />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap={4}>
                <Tooltip label="Zoom out">
                  <ActionIcon variant="default" size="lg" aria-label="Zoom out" onClick={() => changeZoom(-ZOOM.step)} disabled={zoom <= ZOOM.min}>
                    <IconZoomOut size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Zoom in">
                  <ActionIcon variant="default" size="lg" aria-label="Zoom in" onClick={() => changeZoom(ZOOM.step)} disabled={zoom >= ZOOM.max}>
                    <IconZoomIn size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Rotate left">
                  <ActionIcon variant="default" size="lg" aria-label="Rotate left" onClick={() => setRotation((r) => r - 15)}>
                    <IconRotate2 size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Rotate right">
                  <ActionIcon variant="default" size="lg" aria-label="Rotate right" onClick={() => setRotation((r) => r + 15)}>
                    <IconRotateClockwise2 size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Reset view">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Reset view"
                    onClick={() => {
                      setZoom(1);
                      setRotation(0);
                    }}
                  >
                    <IconZoomReset size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <Text size="sm" c="dimmed" aria-live="polite">
                Zoom {Math.round(zoom * 100)}% · Rotation {((rotation % 360) + 360) % 360}°
              </Text>
            </Group>
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
                <Table variant="vertical" layout="fixed" withRowBorders>
                  <Table.Tbody>
                    {model.properties.map((property) => (
                      <Table.Tr key={property.label}>
                        <Table.Th w="42%">{property.label}</Table.Th>
                        <Table.Td>{property.value}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Tabs.Panel>

              <Tabs.Panel value="analysis" pt="md">
                <Stack gap="md">
                  {model.findings.map((finding) => (
                    <Stack key={finding.area} gap={6}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={600} size="sm">
                          {finding.area}
                        </Text>
                        <Badge variant="light" color={levelColor[finding.level]}>
                          {finding.level}
                        </Badge>
                      </Group>
                      <Progress
                        value={finding.remaining}
                        color={levelColor[finding.level]}
                        aria-label={`${finding.area}: ${finding.remaining}% remaining`}
                      />
                      <Text size="xs" c="dimmed">
                        {finding.measurement} · {finding.remaining}% remaining · {finding.note}
                      </Text>
                    </Stack>
                  ))}
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
      </Grid>

      <ComingSoon>3D model viewing features coming soon...</ComingSoon>
    </Stack>
  );
}
