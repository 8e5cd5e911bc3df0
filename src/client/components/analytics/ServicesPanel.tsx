import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { IconClockHour4, IconCurrencyDollar, IconTool } from '@tabler/icons-react';
import type { AnalyticsInput, AnalyticsServices } from '../../../shared/analytics.ts';
import { trpc } from '../../lib/trpc.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { SectionCard } from '../tools/SectionCard.tsx';
import { StatCard } from '../tools/StatCard.tsx';
import { ChartCard, EmptyPeriod } from './ChartCard.tsx';
import { formatCount, formatMinutes, formatMoney } from './format.ts';
import { QueryState } from './QueryState.tsx';

const chartHeight = (rows: number) => Math.max(160, rows * 34 + 40);

function Services({ data }: { data: AnalyticsServices }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label="Service Types" value={formatCount(data.serviceTypes)} hint="Booked in the period" icon={IconTool} />
        <StatCard
          label="Revenue"
          value={formatMoney(data.totalRevenue)}
          hint="Sum of actual costs"
          icon={IconCurrencyDollar}
          color="teal"
        />
        <StatCard
          label="Average Duration"
          value={formatMinutes(data.averageDurationMinutes)}
          hint="Booked time per appointment"
          icon={IconClockHour4}
          color="violet"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Top Services by Count"
          summary={`Bar chart of the most booked service types: ${data.byCount.map((s) => `${s.serviceType} ${s.appointments}`).join(', ')}`}
          empty={data.byCount.length === 0}
        >
          <BarChart
            maxBarWidth={48}
            h={chartHeight(data.byCount.length)}
            data={data.byCount.map((s) => ({ type: s.serviceType, Appointments: s.appointments }))}
            dataKey="type"
            orientation="vertical"
            series={[{ name: 'Appointments', color: 'blue.6' }]}
            yAxisProps={{ width: 130 }}
            xAxisProps={{ allowDecimals: false }}
            gridAxis="x"
          />
        </ChartCard>
        <ChartCard
          title="Top Services by Revenue"
          description="Actual costs recorded on appointments."
          summary={`Bar chart of service types by revenue: ${data.byRevenue.map((s) => `${s.serviceType} ${formatMoney(s.revenue)}`).join(', ')}`}
          empty={data.byRevenue.length === 0}
        >
          <BarChart
            maxBarWidth={48}
            h={chartHeight(data.byRevenue.length)}
            data={data.byRevenue.map((s) => ({ type: s.serviceType, Revenue: s.revenue }))}
            dataKey="type"
            orientation="vertical"
            series={[{ name: 'Revenue', color: 'teal.6' }]}
            valueFormatter={formatMoney}
            yAxisProps={{ width: 130 }}
            gridAxis="x"
          />
        </ChartCard>
      </SimpleGrid>

      <SectionCard title="Service Types" description="The most booked types with their outcomes, revenue and average booked duration.">
        {data.byCount.length === 0 ? (
          <EmptyPeriod height={120} />
        ) : (
          <FiguresTable
            label="Service types"
            rows={data.byCount}
            keyOf={(s) => s.serviceType}
            name={{ header: 'Service Type', cell: (s) => s.serviceType }}
            columns={[
              { header: 'Appointments', cell: (s) => formatCount(s.appointments) },
              { header: 'Completed', cell: (s) => formatCount(s.completed) },
              { header: 'Revenue', cell: (s) => formatMoney(s.revenue) },
              { header: 'Avg. Duration', cell: (s) => formatMinutes(s.averageDurationMinutes) },
            ]}
          />
        )}
      </SectionCard>
    </Stack>
  );
}

export function ServicesPanel({ range }: { range: AnalyticsInput }) {
  const query = trpc.analytics.services.useQuery(range);
  return <QueryState query={query}>{(data) => <Services data={data} />}</QueryState>;
}
