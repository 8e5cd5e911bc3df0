import '@mantine/charts/styles.css';
import { Stack, Tabs, Text } from '@mantine/core';
import { IconChartLine, IconFileSpreadsheet, IconGauge, IconReceipt, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { ANALYTICS_DEFAULT_RANGE_DAYS } from '../../shared/analytics.ts';
import { lastDays } from '../../shared/dates.ts';
import { OverviewPanel } from '../components/analytics/OverviewPanel.tsx';
import { PerformancePanel } from '../components/analytics/PerformancePanel.tsx';
import { RangePicker, type DateRange } from '../components/analytics/RangePicker.tsx';
import { RepairOrdersPanel } from '../components/analytics/RepairOrdersPanel.tsx';
import { ReportsPanel } from '../components/analytics/ReportsPanel.tsx';
import { ServicesPanel } from '../components/analytics/ServicesPanel.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { NoShopState } from '../components/shop/NoShopState.tsx';
import { useCurrentShop } from '../lib/current-shop.ts';
import { browserTimeZone } from '../lib/time-zone.ts';

export default function AnalyticsPage() {
  const [timeZone] = useState(browserTimeZone);
  const [period, setPeriod] = useState<DateRange>(() => lastDays(timeZone, ANALYTICS_DEFAULT_RANGE_DAYS));
  const [tab, setTab] = useState<string | null>('overview');
  const current = useCurrentShop();
  const range = { ...period, timeZone, serviceCenterId: current.shopId ?? '' };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Analytics"
        description={
          <>
            Inquiries, appointments and repair orders of {current.shop ? current.shop.name : 'your shop'} in the period.{' '}
            <Text span size="sm" c="dimmed">
              Days and weeks in {timeZone}.
            </Text>
          </>
        }
        actions={<RangePicker value={period} timeZone={timeZone} onChange={setPeriod} />}
      />

      <NoShopState current={current} what="Analytics" />
      {current.shopId && (
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview" leftSection={<IconChartLine size={16} />}>
            Overview
          </Tabs.Tab>
          <Tabs.Tab value="services" leftSection={<IconTool size={16} />}>
            Services
          </Tabs.Tab>
          <Tabs.Tab value="performance" leftSection={<IconGauge size={16} />}>
            Performance
          </Tabs.Tab>
          <Tabs.Tab value="repair-orders" leftSection={<IconReceipt size={16} />}>
            Repair Orders
          </Tabs.Tab>
          <Tabs.Tab value="reports" leftSection={<IconFileSpreadsheet size={16} />}>
            Reports
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewPanel range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="services" pt="md">
          <ServicesPanel range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="performance" pt="md">
          <PerformancePanel range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="repair-orders" pt="md">
          <RepairOrdersPanel range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="reports" pt="md">
          <ReportsPanel range={range} />
        </Tabs.Panel>
      </Tabs>
      )}
    </Stack>
  );
}
