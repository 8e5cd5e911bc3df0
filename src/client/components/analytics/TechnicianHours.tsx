import { BarChart } from '@mantine/charts';
import type { TechnicianHours as TechnicianRow } from '../../../shared/analytics.ts';
import { SectionCard } from '../tools/SectionCard.tsx';
import { ChartCard, EmptyPeriod } from './ChartCard.tsx';
import { FiguresTable } from './FiguresTable.tsx';
import { formatHundredths } from './format.ts';

/** Rows in the chart; the table below it lists every technician. */
const CHART_ROWS = 10;

/** Hours sold (approved labour lines named to the technician) beside hours clocked, per technician. */
export function TechnicianHours({ technicians }: { technicians: readonly TechnicianRow[] }) {
  const rows = technicians.slice(0, CHART_ROWS).map((t) => ({ name: t.name, Sold: t.soldHundredths / 100, Worked: t.workedHundredths / 100 }));
  const keyOf = (t: TechnicianRow) => t.technicianId ?? 'none';
  return (
    <>
      <ChartCard
        title="Hours Sold vs Worked"
        description="Per technician: hours of the approved labour lines named to them, and the time they clocked."
        summary={`Bar chart of hours sold and worked per technician: ${technicians
          .map((t) => `${t.name} ${formatHundredths(t.soldHundredths)} sold, ${formatHundredths(t.workedHundredths)} worked`)
          .join('; ')}`}
        empty={technicians.length === 0}
      >
        <BarChart
          maxBarWidth={28}
          h={Math.max(160, rows.length * 64 + 60)}
          data={rows}
          dataKey="name"
          orientation="vertical"
          series={[
            { name: 'Sold', color: 'indigo.6' },
            { name: 'Worked', color: 'orange.6' },
          ]}
          valueFormatter={(value) => formatHundredths(Math.round(value * 100))}
          withLegend
          yAxisProps={{ width: 120 }}
          gridAxis="x"
        />
      </ChartCard>

      <SectionCard title="Technicians" description="Hours sold and worked on the orders completed in the period.">
        {technicians.length === 0 ? (
          <EmptyPeriod height={120} />
        ) : (
          <FiguresTable
            label="Hours per technician"
            rows={technicians}
            keyOf={keyOf}
            name={{ header: 'Technician', cell: (t) => t.name }}
            columns={[
              { header: 'Sold', cell: (t) => formatHundredths(t.soldHundredths) },
              { header: 'Worked', cell: (t) => formatHundredths(t.workedHundredths) },
              { header: 'Worked − Sold', cell: (t) => formatSigned(t.workedHundredths - t.soldHundredths) },
            ]}
          />
        )}
      </SectionCard>
    </>
  );
}

function formatSigned(hundredths: number): string {
  if (hundredths === 0) return formatHundredths(0);
  return `${hundredths > 0 ? '+' : '−'}${formatHundredths(Math.abs(hundredths))}`;
}
