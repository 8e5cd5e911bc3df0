import { LineChart } from '@mantine/charts';
import { Skeleton, Stack, Text } from '@mantine/core';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { ChartCard } from '../analytics/ChartCard.tsx';
import { useUnits } from '../../lib/units.ts';

type Overview = RouterOutputs['fuel']['overview'];

/** Every mileage on record (completed service records and fill-ups), on one lifetime scale. */
export function OdometerTab({ overview }: { overview: Overview | undefined }) {
  const f = useUnits();
  if (!overview) return <Skeleton h={280} />;
  const series = f.units.distanceUnit === 'km' ? 'Kilometres' : 'Miles';
  const points = overview.odometer.map((p) => ({ date: f.day(p.date), [series]: f.distanceValue(p.lifetime) }));
  const last = overview.odometer.at(-1);
  return (
    <Stack gap="md">
      <ChartCard
        title="Odometer history"
        description={last ? `Last reading ${f.distance(last.mileage)} on ${f.day(last.date)}` : 'From service records and fill-ups that carry a mileage'}
        summary={`${points.length} odometer readings`}
        empty={points.length === 0}
      >
        <LineChart h={260} data={points} dataKey="date" series={[{ name: series, color: 'indigo.6' }]} curveType="linear" valueFormatter={(v) => f.number(v)} yAxisProps={{ domain: ['auto', 'auto'] }} />
      </ChartCard>
      <Text size="sm" c="dimmed">
        Readings on a replaced odometer are drawn with the distance of the earlier one added, so the line keeps climbing.
      </Text>
    </Stack>
  );
}
