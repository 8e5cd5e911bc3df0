import { Badge, Button, Grid, Group, List, Progress, Radio, SegmentedControl, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCamera, IconCheck, IconCube, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { ScanViewport } from '../components/tools/illustrations.tsx';
import { ScrollTable } from '../components/tools/ScrollTable.tsx';
import { SectionCard } from '../components/tools/SectionCard.tsx';
import {
  CAPTURE_TIPS,
  OUTPUT_FORMATS,
  RECENT_SCANS,
  SCAN_RESOLUTIONS,
  SCAN_TYPES,
  type OutputFormat,
  type ScanResolution,
  type ScanStatus,
  type ScanType,
} from '../sample-data/scanner.ts';

const statusColor: Record<ScanStatus, string> = { Completed: 'green', Processing: 'blue', Failed: 'red' };

function labelOf<T extends { value: string; label: string }>(options: readonly T[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

export default function ScannerPage() {
  const [resolution, setResolution] = useState<ScanResolution>('high');
  const [scanType, setScanType] = useState<ScanType>('full');
  const [format, setFormat] = useState<OutputFormat>('ply');

  return (
    <Stack gap="lg">
      <PageHeader title="3D Scanner" description="Capture a component from photos and turn it into a 3D model." />

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SectionCard title="Scan Settings" description="Choose the detail, coverage and file type before capturing.">
            <Radio.Group label="Resolution" value={resolution} onChange={(value) => setResolution(value as ScanResolution)}>
              <Stack gap="xs" mt="xs">
                {SCAN_RESOLUTIONS.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} description={option.detail} />
                ))}
              </Stack>
            </Radio.Group>
            <Radio.Group label="Scan type" value={scanType} onChange={(value) => setScanType(value as ScanType)}>
              <Stack gap="xs" mt="xs">
                {SCAN_TYPES.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} description={option.detail} />
                ))}
              </Stack>
            </Radio.Group>
            <Stack gap={6}>
              <Text size="sm" fw={500} id="output-format-label">
                Output format
              </Text>
              <SegmentedControl
                aria-labelledby="output-format-label"
                value={format}
                onChange={(value) => setFormat(value as OutputFormat)}
                data={OUTPUT_FORMATS.map((option) => ({ value: option.value, label: option.label }))}
                fullWidth
              />
              <Text size="xs" c="dimmed">
                {OUTPUT_FORMATS.find((option) => option.value === format)?.detail}
              </Text>
            </Stack>
            <Button leftSection={<IconPlayerPlay size={16} />} disabled>
              Start Scan
            </Button>
          </SectionCard>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <SectionCard
              title="Scan Preview"
              description="Points appear on the model as photos are stitched."
              actions={
                <Badge variant="light" color="gray">
                  Camera idle
                </Badge>
              }
            >
              <ScanViewport label="Preview of a brake rotor on the scan turntable, half covered by captured points" />
              <Group gap="xs" wrap="wrap">
                <Badge variant="light" leftSection={<IconCube size={12} />}>
                  {labelOf(SCAN_RESOLUTIONS, resolution)}
                </Badge>
                <Badge variant="light" color="teal">
                  {labelOf(SCAN_TYPES, scanType)}
                </Badge>
                <Badge variant="light" color="violet">
                  {labelOf(OUTPUT_FORMATS, format)}
                </Badge>
              </Group>
              <Stack gap={4}>
                <Group justify="space-between">
                  <Text size="sm">Photos captured</Text>
                  <Text size="sm" c="dimmed">
                    0 of 36
                  </Text>
                </Group>
                <Progress value={0} aria-label="Photos captured" />
              </Stack>
            </SectionCard>

            <SectionCard title="Capture Guide">
              <List
                spacing="sm"
                icon={
                  <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {CAPTURE_TIPS.map((tip) => (
                  <List.Item key={tip.title}>
                    <Text size="sm" fw={600} span>
                      {tip.title}:{' '}
                    </Text>
                    <Text size="sm" span>
                      {tip.body}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </SectionCard>
          </Stack>
        </Grid.Col>
      </Grid>

      <SectionCard title="Recent Scans" description="Sample scans from this workshop." actions={<IconCamera size={20} aria-hidden />}>
        <ScrollTable label="Recent scans" minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Component</Table.Th>
                <Table.Th>Vehicle</Table.Th>
                <Table.Th>Captured</Table.Th>
                <Table.Th>Photos</Table.Th>
                <Table.Th>Points</Table.Th>
                <Table.Th>Format</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {RECENT_SCANS.map((scan) => (
                <Table.Tr key={scan.id}>
                  <Table.Td fw={500}>{scan.component}</Table.Td>
                  <Table.Td>{scan.vehicle}</Table.Td>
                  <Table.Td>{scan.capturedAt}</Table.Td>
                  <Table.Td>{scan.photos}</Table.Td>
                  <Table.Td>{scan.points}</Table.Td>
                  <Table.Td>{scan.format}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={statusColor[scan.status]}>
                      {scan.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </SectionCard>

      <ComingSoon>3D scanning features coming soon...</ComingSoon>
    </Stack>
  );
}
