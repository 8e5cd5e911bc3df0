import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PHOTO_ANALYSIS, PHOTO_VERDICT_ADVICE, type PhotoAnalysis } from '../../../shared/photo-analysis.ts';
import { VerdictBadge } from './VerdictBadge.tsx';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A photo's measured figures, what they mean and the advice that goes with its verdict. */
export function PhotoFigures({ analysis }: { analysis: PhotoAnalysis }) {
  const figures = [
    { label: 'Sharpness', value: analysis.sharpness.toFixed(0), hint: `Blurry below ${PHOTO_ANALYSIS.blurryBelow}` },
    { label: 'Brightness', value: `${Math.round((analysis.meanBrightness / 255) * 100)}%`, hint: 'Average from black (0%) to white (100%)' },
    { label: 'Too dark to see', value: percent(analysis.darkShare), hint: 'Share of the picture in deep shadow' },
    { label: 'Washed out', value: percent(analysis.brightShare), hint: 'Share of the picture blown to white' },
  ];
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>Verdict</Text>
        <VerdictBadge verdict={analysis.verdict} />
      </Group>
      <Alert variant="light" color={analysis.verdict === 'sharp' ? 'green' : 'yellow'} p="xs">
        <Text size="sm">{PHOTO_VERDICT_ADVICE[analysis.verdict]}</Text>
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {figures.map((figure) => (
          <Stack key={figure.label} gap={0} role="group" aria-label={figure.label}>
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700} size="lg">
              {figure.value}
            </Text>
            <Text size="xs" c="dimmed">
              {figure.hint}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
