import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarEvent, IconCircleCheck, IconMessage, IconUserX } from '@tabler/icons-react';
import { RATE_DEFINITION, type AnalyticsOverview, type AnalyticsInput } from '../../../shared/analytics.ts';
import { trpc } from '../../lib/trpc.ts';
import { StatCard } from '../tools/StatCard.tsx';
import { ChartCard } from './ChartCard.tsx';
import { formatCount, formatDay, formatRate } from './format.ts';
import { QueryState } from './QueryState.tsx';

function Overview({ data }: { data: AnalyticsOverview }) {
  const concluded = data.completed + data.noShows + data.cancelled;
  const weeks = data.inquiriesPerWeek.map((week) => ({
    week: `Week of ${formatDay(week.weekStart)}`,
    Opened: week.opened,
    Resolved: week.resolved,
  }));
  const days = data.appointmentsPerDay.map((day) => ({
    day: formatDay(day.date),
    Completed: day.completed,
    Other: day.appointments - day.completed,
  }));
  const outcomes = [
    { name: 'Completed', value: data.completed, color: 'teal.6' },
    { name: 'No-show', value: data.noShows, color: 'red.6' },
    { name: 'Cancelled', value: data.cancelled, color: 'gray.6' },
    { name: 'Not concluded yet', value: data.appointments - concluded, color: 'blue.6' },
  ].filter((slice) => slice.value > 0);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
        <StatCard label="Inquiries Opened" value={formatCount(data.inquiriesOpened)} hint="Created in the period" icon={IconMessage} />
        <StatCard
          label="Inquiries Resolved"
          value={formatCount(data.inquiriesResolved)}
          hint="Resolved or closed in the period"
          icon={IconCircleCheck}
          color="teal"
        />
        <StatCard label="Appointments" value={formatCount(data.appointments)} hint="Dated in the period" icon={IconCalendarEvent} color="violet" />
        <StatCard
          label="Completion Rate"
          value={formatRate(data.completionRate)}
          hint={concluded === 0 ? 'None concluded yet' : `${formatCount(data.completed)} of ${formatCount(concluded)} concluded`}
          icon={IconCalendarCheck}
          color="green"
        />
        <StatCard
          label="No-show Rate"
          value={formatRate(data.noShowRate)}
          hint={concluded === 0 ? 'None concluded yet' : `${formatCount(data.noShows)} of ${formatCount(concluded)} concluded`}
          icon={IconUserX}
          color="red"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {RATE_DEFINITION}
      </Text>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ChartCard
          title="Inquiries per Week"
          description="Weeks start on Monday."
          summary={`Line chart of inquiries opened and resolved per week: ${formatCount(data.inquiriesOpened)} opened, ${formatCount(data.inquiriesResolved)} resolved in total`}
          empty={data.inquiriesOpened === 0 && data.inquiriesResolved === 0}
        >
          <LineChart
            h={240}
            data={weeks}
            dataKey="week"
            series={[
              { name: 'Opened', color: 'blue.6' },
              { name: 'Resolved', color: 'teal.6' },
            ]}
            curveType="monotone"
            withLegend
            tickLine="y"
            xAxisProps={{ tickFormatter: (value: string) => value.replace('Week of ', '') }}
            yAxisProps={{ allowDecimals: false }}
          />
        </ChartCard>

        <ChartCard
          title="Appointment Outcomes"
          summary={`Donut chart of appointment outcomes: ${outcomes.map((slice) => `${slice.name} ${slice.value}`).join(', ')}`}
          empty={data.appointments === 0}
        >
          <Group justify="center" gap="xl" wrap="wrap">
            <DonutChart data={outcomes} size={180} thickness={26} withTooltip chartLabel={`${formatCount(data.appointments)} total`} />
            <Stack gap={6}>
              {outcomes.map((slice) => (
                <Group key={slice.name} gap={8} wrap="nowrap">
                  <span
                    aria-hidden
                    style={{
                      width: 12,
                      height: 12,
                      borderRadius: 3,
                      background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
                    }}
                  />
                  <Text size="sm">
                    {slice.name}: <b>{formatCount(slice.value)}</b>
                  </Text>
                </Group>
              ))}
            </Stack>
          </Group>
        </ChartCard>
      </SimpleGrid>

      <ChartCard
        title="Appointments per Day"
        description="Counted on the day of the appointment, in your time zone."
        summary={`Bar chart of appointments per day: ${formatCount(data.appointments)} in ${data.appointmentsPerDay.length} days`}
        empty={data.appointments === 0}
      >
        <BarChart
          maxBarWidth={48}
          h={260}
          data={days}
          dataKey="day"
          type="stacked"
          series={[
            { name: 'Completed', color: 'teal.6' },
            { name: 'Other', label: 'Not completed', color: 'blue.6' },
          ]}
          withLegend
          tickLine="y"
          yAxisProps={{ allowDecimals: false }}
        />
      </ChartCard>
    </Stack>
  );
}

export function OverviewPanel({ range }: { range: AnalyticsInput }) {
  const query = trpc.analytics.overview.useQuery(range);
  return <QueryState query={query}>{(data) => <Overview data={data} />}</QueryState>;
}
