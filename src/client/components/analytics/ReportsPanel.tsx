import { Button, Grid, List, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { reportFileName } from '../../../shared/format.ts';
import { type AnalyticsInput, type AnalyticsReport } from '../../../shared/analytics.ts';
import { trpc } from '../../lib/trpc.ts';
import { SectionCard } from '../tools/SectionCard.tsx';
import { formatCount, formatHours, formatLongDay, formatMinutes, formatMoney, formatRate } from './format.ts';
import { QueryState } from './QueryState.tsx';

export function reportUrl(range: AnalyticsInput): string {
  const query = new URLSearchParams({ serviceCenterId: range.serviceCenterId, from: range.from, to: range.to, timeZone: range.timeZone });
  return `/api/analytics/report.csv?${query.toString()}`;
}

function Preview({ report }: { report: AnalyticsReport }) {
  const { overview, services, performance } = report;
  const rows: [string, string][] = [
    ['Inquiries opened', formatCount(overview.inquiriesOpened)],
    ['Inquiries resolved', formatCount(overview.inquiriesResolved)],
    ['Appointments', formatCount(overview.appointments)],
    ['Completion rate', formatRate(overview.completionRate)],
    ['No-show rate', formatRate(overview.noShowRate)],
    ['Revenue', formatMoney(services.totalRevenue)],
    ['Average duration', formatMinutes(services.averageDurationMinutes)],
    ['Average resolution time', formatHours(performance.averageResolutionHours)],
    ['Median resolution time', formatHours(performance.medianResolutionHours)],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="55%">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ReportsPanel({ range }: { range: AnalyticsInput }) {
  const query = trpc.analytics.report.useQuery(range);
  const period = `${formatLongDay(range.from)} – ${formatLongDay(range.to)}`;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <SectionCard title="Download Report" description={`${period} · ${range.timeZone}`}>
          <Text size="sm">One CSV file with every figure of the Overview, Services, Performance and Repair Orders tabs for the chosen period:</Text>
          <List size="sm" spacing={4}>
            <List.Item>totals, completion and no-show rates</List.Item>
            <List.Item>inquiries per week and appointments per day</List.Item>
            <List.Item>top service types by count and by revenue</List.Item>
            <List.Item>resolution times and appointments per service center</List.Item>
            <List.Item>repair-order revenue, parts margin, approval rate and hours per technician</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            Columns: section, item, metric, value. Change the period with the date picker above.
          </Text>
          <Button
            component="a"
            href={reportUrl(range)}
            download={reportFileName(range)}
            leftSection={<IconDownload size={16} />}
            style={{ alignSelf: 'flex-start' }}
          >
            Download CSV
          </Button>
        </SectionCard>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <SectionCard title="Report Preview" description="The headline figures the file contains." actions={<IconFileSpreadsheet size={20} aria-hidden />}>
          <QueryState query={query}>{(report) => <Stack gap="sm"><Preview report={report} /></Stack>}</QueryState>
        </SectionCard>
      </Grid.Col>
    </Grid>
  );
}
