import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCash, IconChecklist, IconClockHour4, IconCurrencyDollar, IconPackage, IconReceipt, IconReceipt2, IconTool } from '@tabler/icons-react';
import { REPAIR_ORDER_DEFINITION, type AnalyticsInput, type AnalyticsRepairOrders } from '../../../shared/analytics.ts';
import { trpc } from '../../lib/trpc.ts';
import { StatCard } from '../tools/StatCard.tsx';
import { ChartCard } from './ChartCard.tsx';
import { formatCents, formatCompactMoney, formatCount, formatDay, formatHundredths, formatMoney, formatRate } from './format.ts';
import { QueryState } from './QueryState.tsx';
import { TechnicianHours } from './TechnicianHours.tsx';

function marginHint(margin: AnalyticsRepairOrders['partsMargin']): string {
  if (margin.priceCents === 0) return margin.linesWithoutCost > 0 ? 'No part sold has a known cost' : 'No parts sold';
  const base = `${formatRate(margin.marginRate)} of ${formatCents(margin.priceCents)} in parts`;
  return margin.linesWithoutCost > 0 ? `${base}; ${formatCount(margin.linesWithoutCost)} without a cost left out` : base;
}

function Figures({ data }: { data: AnalyticsRepairOrders }) {
  const { partsMargin: margin, approvals, hours } = data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <StatCard label="Revenue" value={formatCents(data.revenueCents)} hint="Totals with tax of the orders" icon={IconCurrencyDollar} color="teal" />
      <StatCard label="Orders" value={formatCount(data.orders)} hint="Completed in the period" icon={IconReceipt} />
      <StatCard label="Average Order" value={formatCents(data.averageOrderCents)} hint="Revenue per order" icon={IconReceipt2} color="violet" />
      <StatCard
        label="Payments Received"
        value={formatCents(data.paymentsCents)}
        hint={`${formatCount(data.payments)} ${data.payments === 1 ? 'payment' : 'payments'} in the period`}
        icon={IconCash}
        color="green"
      />
      <StatCard label="Parts Margin" value={formatCents(margin.priceCents === 0 ? null : margin.marginCents)} hint={marginHint(margin)} icon={IconPackage} color="orange" />
      <StatCard
        label="Approval Rate"
        value={formatRate(approvals.rate)}
        hint={approvals.decided === 0 ? 'No lines decided' : `${formatCount(approvals.approved)} of ${formatCount(approvals.decided)} lines decided`}
        icon={IconChecklist}
        color="cyan"
      />
      <StatCard label="Hours Sold" value={formatHundredths(hours.soldHundredths)} hint="Approved labour lines" icon={IconTool} color="indigo" />
      <StatCard label="Hours Worked" value={formatHundredths(hours.workedHundredths)} hint="Clocked on the orders" icon={IconClockHour4} color="grape" />
    </SimpleGrid>
  );
}

function RepairOrders({ data }: { data: AnalyticsRepairOrders }) {
  const days = data.revenuePerDay.map((day) => ({ day: formatDay(day.date), Revenue: day.revenueCents / 100 }));
  return (
    <Stack gap="md">
      <Figures data={data} />
      <Text size="xs" c="dimmed">
        {REPAIR_ORDER_DEFINITION} The approval rate counts the lines customers decided in the period; payments count on the day they were received.
      </Text>

      <ChartCard
        title="Revenue per Day"
        description="Completed orders on the day they were completed, in your time zone."
        summary={`Bar chart of repair-order revenue per day: ${formatCents(data.revenueCents)} from ${formatCount(data.orders)} orders in ${data.revenuePerDay.length} days`}
        empty={data.orders === 0}
      >
        <BarChart
          maxBarWidth={48}
          h={260}
          data={days}
          dataKey="day"
          series={[{ name: 'Revenue', color: 'teal.6' }]}
          valueFormatter={formatMoney}
          tickLine="y"
          yAxisProps={{ tickFormatter: formatCompactMoney, width: 56 }}
        />
      </ChartCard>

      <TechnicianHours technicians={data.technicians} />
    </Stack>
  );
}

export function RepairOrdersPanel({ range }: { range: AnalyticsInput }) {
  const query = trpc.analytics.repairOrders.useQuery(range);
  return <QueryState query={query}>{(data) => <RepairOrders data={data} />}</QueryState>;
}
