import { Alert, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'wouter';
import { COST_CATEGORIES, COST_CATEGORY_LABELS } from '../../shared/costs.ts';
import { CategoryTable } from '../components/fuel/CostsTab.tsx';
import { VehiclePrintTitle } from '../components/garage/VehiclePrintTitle.tsx';
import { PrintToolbar } from '../components/PrintToolbar.tsx';
import { TableHead, type Column } from '../components/TableHead.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { useUnits } from '../lib/units.ts';

/** A vehicle's costs laid out for paper: the shell and buttons are not printed. */
export default function GarageCostsPrintPage() {
  const [params] = useSearchParams();
  const f = useUnits();
  const vehicleId = params.get('vehicle') ?? '';
  const garage = trpc.garage.list.useQuery();
  const overview = trpc.fuel.overview.useQuery({ vehicleId, timeZone: browserTimeZone() }, { enabled: vehicleId !== '' });
  const entry = garage.data?.find((g) => g.vehicle.id === vehicleId);
  const used = COST_CATEGORIES.filter((c) => (overview.data?.costs.totals[c] ?? 0) > 0);

  return (
    <Stack gap="lg" className="print-page">
      <PrintToolbar back={{ href: `/garage/costs?vehicle=${vehicleId}&tab=costs`, label: 'Back to Fuel and Costs' }} ready={Boolean(overview.data)} />
      <VehiclePrintTitle title="Cost Summary" vehicle={entry?.vehicle} garage={entry} />
      {vehicleId === '' ? (
        <Alert color="yellow">Choose a vehicle on the Fuel and Costs page first.</Alert>
      ) : overview.isPending ? (
        <Skeleton h={200} />
      ) : overview.isError ? (
        <Alert color="red" title="The costs could not be loaded">
          {errorMessage(overview.error, 'Please try again.')}
        </Alert>
      ) : (
        <>
          <Text>
            Cost per {f.units.distanceUnit === 'km' ? 'km' : 'mile'}: {overview.data.costs.centsPerMile === null ? '-' : `${f.costPerDistance(overview.data.costs.centsPerMile)} over ${f.distance(overview.data.costs.miles)}`}
            {overview.data.averageMpg !== null ? ` · average economy ${f.economy(overview.data.averageMpg, 'fuel')}` : ''}
            {overview.data.averageMiPerKwh !== null ? ` · average ${f.economy(overview.data.averageMiPerKwh, 'charge')}` : ''}
          </Text>
          {overview.data.costs.totalCents === 0 ? <Text>No costs recorded for this vehicle yet.</Text> : <CategoryTable overview={overview.data} />}
          {overview.data.costs.months.length > 0 ? (
            <Table withTableBorder withColumnBorders aria-label="Costs by month">
              <TableHead columns={['Month', ...used.map((c): Column => ({ label: COST_CATEGORY_LABELS[c], align: 'right' })), { label: 'Total', align: 'right' }]} />
              <Table.Tbody>
                {[...overview.data.costs.months].reverse().map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.month(m.month)}</Table.Td>
                    {used.map((c) => (
                      <Table.Td key={c} ta="right">
                        {m.cents[c] ? f.cents(m.cents[c]) : ''}
                      </Table.Td>
                    ))}
                    <Table.Td ta="right" fw={600}>
                      {f.cents(m.totalCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </>
      )}
    </Stack>
  );
}
