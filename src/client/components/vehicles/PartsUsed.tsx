import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { todayIn } from '../../../shared/dates.ts';
import { PARTS_USED_LIMIT } from '../../../shared/vehicle-parts.ts';
import { appName } from '../../lib/app-name.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useUnits } from '../../lib/units.ts';
import { EmptyState, TableSkeleton } from '../shop/parts.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';

/**
 * "Parts used on your car" (docs/parts.md#parts-list-tab): the parts shops fitted on the car's
 * finished repair orders, newest first, for everyone whose garage holds it.
 */
export function PartsUsed({ vehicleId }: { vehicleId: string }) {
  const f = useUnits();
  const used = trpc.parts.usedOnVehicle.useQuery({ vehicleId });
  const timeZone = browserTimeZone();

  let body;
  if (used.isPending) {
    body = (
      <Card withBorder padding={0}>
        <TableSkeleton columns={5} rows={2} />
      </Card>
    );
  } else if (used.isError) {
    body = <EmptyState title="Parts used could not be loaded" hint={errorMessage(used.error, 'Please try again.')} />;
  } else if (used.data.items.length === 0) {
    body = <EmptyState title="No parts recorded yet" hint={`Parts a shop fits during a repair order on ${appName} show here.`} />;
  } else {
    body = (
      <Stack gap="xs">
        <ScrollTable label="Parts used on your car" minWidth={620}>
          <Table verticalSpacing="xs">
            <TableHead columns={['Date', 'Shop', 'Part number', 'Description', { label: 'Quantity', align: 'right' }]} />
            <Table.Tbody>
              {used.data.items.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>{f.day(todayIn(timeZone, line.date))}</Table.Td>
                  <Table.Td>{line.shopName}</Table.Td>
                  <Table.Td ff="monospace">{line.partNumber ?? '-'}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">{f.number(line.quantity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {used.data.more ? (
          <Text size="sm" c="dimmed">
            The {PARTS_USED_LIMIT} most recent parts are shown.
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="parts-used-title">
      <Title order={3} size="h4" id="parts-used-title">
        Parts used on your car
      </Title>
      {body}
    </Stack>
  );
}
