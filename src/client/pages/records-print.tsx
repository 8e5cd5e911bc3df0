import { Alert, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'wouter';
import { recordDay } from '../components/garage/UrgencyBadge.tsx';
import { VehiclePrintTitle } from '../components/garage/VehiclePrintTitle.tsx';
import { byLine } from '../components/garage/by-line.ts';
import { PrintToolbar } from '../components/PrintToolbar.tsx';
import { TableHead } from '../components/TableHead.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { useUnits } from '../lib/units.ts';
import { RECORD_STATUS_LABELS } from '../../shared/service-records.ts';

const MOST = 100;

/** A vehicle's service history laid out for paper: the shell and buttons are not printed. */
export default function RecordsPrintPage() {
  const [params] = useSearchParams();
  const f = useUnits();
  const vehicleId = params.get('vehicle') ?? '';
  const customerVehicleId = params.get('customerVehicle') ?? undefined;
  const records = trpc.garage.records.list.useQuery({ vehicleId, customerVehicleId, timeZone: browserTimeZone(), limit: MOST, offset: 0 }, { enabled: vehicleId !== '' });
  const garage = trpc.garage.list.useQuery();
  const entry = garage.data?.find((g) => g.vehicle.id === vehicleId);
  const first = records.data?.items[0];
  const vehicle = entry?.vehicle ?? first?.vehicle;

  return (
    <Stack gap="lg" className="print-page">
      <PrintToolbar back={{ href: '/records', label: 'Back to Service Records' }} ready={Boolean(records.data)} />
      <VehiclePrintTitle title="Service History" vehicle={vehicle} garage={entry} />
      {vehicleId === '' ? (
        <Alert color="yellow">Choose a vehicle on the Service Records page first.</Alert>
      ) : records.isPending ? (
        <Skeleton h={200} />
      ) : records.isError ? (
        <Alert color="red" title="The history could not be loaded">
          {errorMessage(records.error, 'Please try again.')}
        </Alert>
      ) : records.data.items.length === 0 ? (
        <Text>No service records for this vehicle yet.</Text>
      ) : (
        <>
          <Table withTableBorder withColumnBorders aria-label="Service history">
            <TableHead columns={['Date', 'Service', 'Component', 'Mileage', 'Cost', 'Status', 'By']} />
            <Table.Tbody>
              {records.data.items.map((record) => (
                <Table.Tr key={record.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.day(recordDay(record.date))}</Table.Td>
                  <Table.Td>
                    {record.serviceType}
                    {record.description ? <Text size="xs">{record.description}</Text> : null}
                    {record.notes ? (
                      <Text size="xs" c="dimmed">
                        {record.notes}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{record.componentName ?? '-'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.distance(record.mileageValue)}</Table.Td>
                  <Table.Td>{f.money(record.cost)}</Table.Td>
                  <Table.Td>{RECORD_STATUS_LABELS[record.status]}</Table.Td>
                  <Table.Td>{byLine(record)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {records.data.total > MOST ? (
            <Text size="sm">
              The {MOST} most recent of {records.data.total} records; export the CSV for all of them.
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
