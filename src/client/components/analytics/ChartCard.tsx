import { Box, Center, Stack, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SectionCard } from '../tools/SectionCard.tsx';

export const EMPTY_PERIOD = 'No data for this period';

export function EmptyPeriod({ height = 220 }: { height?: number }) {
  return (
    <Center mih={height}>
      <Stack align="center" gap={4}>
        <IconChartBarOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          {EMPTY_PERIOD}
        </Text>
      </Stack>
    </Center>
  );
}

/** A chart in its card; `summary` names the chart for screen readers, which get the figures as text too. */
export function ChartCard({
  title,
  description,
  summary,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  summary: string;
  empty: boolean;
  children: ReactNode;
}) {
  return (
    <SectionCard title={title} description={description}>
      {empty ? (
        <EmptyPeriod />
      ) : (
        <Box role="figure" aria-label={summary}>
          {children}
        </Box>
      )}
    </SectionCard>
  );
}
