import { LineChart } from '@mantine/charts';
import { Skeleton, Stack, Text } from '@mantine/core';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { ChartCard } from '../analytics/ChartCard.tsx';
import { formatDay, formatMiles } from '../garage/UrgencyBadge.tsx';

type Overview = RouterOutputs['fuel']['overview'];

/** Every mileage on record (completed service records and fill-ups), on one lifetime scale. */
export function OdometerTab({ overview }: { overview: Overview | undefined }) {
  if (!overview) return <Skeleton h={280} />;
  const points = overview.odometer.map((p) => ({ date: formatDay(p.date), Miles: p.lifetime }));
  const last = overview.odometer.at(-1);
  return (
    <Stack gap="md">
      <ChartCard
        title="Odometer history"
        description={last ? `Last reading ${formatMiles(last.mileage)} on ${formatDay(last.date)}` : 'From service records and fill-ups that carry a mileage'}
        summary={`${points.length} odometer readings`}
        empty={points.length === 0}
      >
        <LineChart h={260} data={points} dataKey="date" series={[{ name: 'Miles', color: 'indigo.6' }]} curveType="linear" valueFormatter={(v) => v.toLocaleString('en-US')} yAxisProps={{ domain: ['auto', 'auto'] }} />
      </ChartCard>
      <Text size="sm" c="dimmed">
        Readings on a replaced odometer are drawn with the miles of the earlier one added, so the line keeps climbing.
      </Text>
    </Stack>
  );
}
