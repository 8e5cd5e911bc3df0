import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconHourglass } from '@tabler/icons-react';
import { centerLabel } from '../../../shared/format.ts';
import { RESOLUTION_DEFINITION, type AnalyticsPerformance, type AnalyticsInput } from '../../../shared/analytics.ts';
import { trpc } from '../../lib/trpc.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { SectionCard } from '../tools/SectionCard.tsx';
import { StatCard } from '../tools/StatCard.tsx';
import { ChartCard, EmptyPeriod } from './ChartCard.tsx';
import { formatCount, formatHours, formatMoney } from './format.ts';
import { QueryState } from './QueryState.tsx';

const priorityLabel = { urgent: 'Urgent', high: 'High', medium: 'Medium', low: 'Low' } as const;

function Performance({ data }: { data: AnalyticsPerformance }) {
  const centers = data.centers.map((center) => ({ ...center, label: centerLabel(center) }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label="Inquiries Resolved" value={formatCount(data.resolved)} hint="Resolved or closed in the period" icon={IconCircleCheck} color="teal" />
        <StatCard label="Average Resolution" value={formatHours(data.averageResolutionHours)} hint="From creation to resolution" icon={IconClockHour4} />
        <StatCard label="Median Resolution" value={formatHours(data.medianResolutionHours)} hint="Half were resolved faster" icon={IconHourglass} color="violet" />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {RESOLUTION_DEFINITION}
      </Text>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Resolution Time by Priority"
          description="Average hours from creation to resolution."
          summary={`Bar chart of average resolution hours by priority: ${data.resolutionByPriority.map((p) => `${priorityLabel[p.priority]} ${formatHours(p.averageHours)}`).join(', ')}`}
          empty={data.resolutionByPriority.length === 0}
        >
          <BarChart
            maxBarWidth={48}
            h={240}
            data={data.resolutionByPriority.map((p) => ({ priority: priorityLabel[p.priority], Hours: p.averageHours }))}
            dataKey="priority"
            series={[{ name: 'Hours', label: 'Average hours', color: 'violet.6' }]}
            valueFormatter={(value) => formatHours(value)}
            tickLine="y"
          />
        </ChartCard>
        <ChartCard
          title="Appointments per Service Center"
          summary={`Bar chart of appointments per service center: ${centers.map((c) => `${c.label} ${c.appointments}`).join(', ')}`}
          empty={centers.length === 0}
        >
          <BarChart
            maxBarWidth={48}
            h={Math.max(160, Math.min(centers.length, 10) * 34 + 40)}
            data={centers.slice(0, 10).map((c) => ({ center: c.name, Appointments: c.appointments }))}
            dataKey="center"
            orientation="vertical"
            series={[{ name: 'Appointments', color: 'blue.6' }]}
            yAxisProps={{ width: 130 }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
          />
        </ChartCard>
      </SimpleGrid>

      <SectionCard title="Service Centers" description="Appointments dated in the period, busiest first.">
        {centers.length === 0 ? (
          <EmptyPeriod height={120} />
        ) : (
          <FiguresTable
            label="Appointments per service center"
            rows={centers}
            keyOf={(c) => c.serviceCenterId ?? 'none'}
            name={{ header: 'Service Center', cell: (c) => c.label }}
            columns={[
              { header: 'Appointments', cell: (c) => formatCount(c.appointments) },
              { header: 'Completed', cell: (c) => formatCount(c.completed) },
              { header: 'No-shows', cell: (c) => formatCount(c.noShows) },
              { header: 'Revenue', cell: (c) => formatMoney(c.revenue) },
            ]}
          />
        )}
      </SectionCard>
    </Stack>
  );
}

export function PerformancePanel({ range }: { range: AnalyticsInput }) {
  const query = trpc.analytics.performance.useQuery(range);
  return <QueryState query={query}>{(data) => <Performance data={data} />}</QueryState>;
}
