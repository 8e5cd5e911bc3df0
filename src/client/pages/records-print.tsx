import { Alert, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useSearchParams } from 'wouter';
import { recordDay } from '../components/garage/UrgencyBadge.tsx';
import { byLine } from '../components/garage/by-line.ts';
import { TableHead } from '../components/TableHead.tsx';
import { appName } from '../lib/app-name.ts';
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
      <Group justify="space-between" data-no-print>
        <Button component={Link} href="/records" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
          Back to Service Records
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!records.data}>
          Print
        </Button>
      </Group>
      <div>
        <Title order={1}>Service History</Title>
        <Text c="dimmed">
          {vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : 'Vehicle'}
          {entry ? ` “${entry.nickname}” · odometer ${f.distance(entry.odometer)}` : ''}
          {vehicle?.vin ? ` · VIN ${vehicle.vin}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {appName} · printed {new Date().toLocaleDateString(f.units.locale, { dateStyle: 'long' })}
        </Text>
      </div>
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
