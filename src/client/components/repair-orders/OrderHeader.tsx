import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatHours } from '../../../shared/repair-order-totals.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import { useUnits } from '../../lib/units.ts';
import { Fact } from '../inspections/Facts.tsx';
import { formatDate } from '../shop/parts.tsx';
import { showsHours } from './format.ts';
import { RepairOrderStatusBadge } from './StatusBadge.tsx';

/** Where the order stands, in the words of the one reading it. */
function statusNote(order: RepairOrder): { color: string; text: string } | null {
  const customer = order.viewer === 'customer';
  switch (order.status) {
    case 'estimate':
      return order.lines.length === 0 ? { color: 'blue', text: 'Add the work and parts with \u201cAdd line\u201d, then send the estimate to the customer.' } : null;
    case 'sent':
      if (customer) return { color: 'blue', text: 'Approve or decline each line, then submit your decision. The shop starts only the work you approve.' };
      return order.customerUserId
        ? { color: 'blue', text: 'Waiting for the customer to approve or decline each line.' }
        : { color: 'yellow', text: 'This customer has no VinTech account to approve online: record their approval once they give it.' };
    case 'approved':
      return customer ? { color: 'teal', text: `You approved this estimate${order.decidedAt ? ` on ${formatDate(order.decidedAt)}` : ''}. The shop will start the work.` } : null;
    case 'declined':
      return customer ? { color: 'gray', text: 'You declined this estimate.' } : { color: 'gray', text: 'The customer declined every line. Revise the estimate or cancel the order.' };
    case 'in_progress':
      return customer ? { color: 'yellow', text: 'The shop is working on your vehicle.' } : null;
    case 'completed':
      return customer ? { color: 'green', text: 'The work is done and in your service history.' } : { color: 'green', text: 'The work is done: the parts came out of stock and the owner\u2019s service history has it.' };
    case 'invoiced':
      return customer ? { color: 'violet', text: 'Your invoice is ready.' } : null;
    case 'paid':
      return { color: 'green', text: customer ? 'Paid in full. Thank you.' : 'Paid in full.' };
    case 'cancelled':
      return { color: 'gray', text: 'This order was cancelled.' };
  }
}

export function OrderHeader({ order }: { order: RepairOrder }) {
  const f = useUnits();
  const note = statusNote(order);
  const hours = showsHours(order) && order.quotedHundredths > 0;
  return (
    <Card withBorder padding="md" component="section" aria-label="Order summary">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              Repair Order #{order.number}
            </Title>
            <Text c="dimmed" size="sm">
              Opened {formatDate(order.createdAt)}
            </Text>
          </Stack>
          <RepairOrderStatusBadge status={order.status} size="lg" />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Customer">{order.customerName}</Fact>
          <Fact label="Vehicle">{order.vehicleLabel}</Fact>
          <Fact label="Shop">{order.shop.name}</Fact>
          <Fact label="Mileage">{f.distance(order.mileage)}</Fact>
          {hours ? (
            <Fact label="Hours">
              {formatHours(order.workedHundredths)} h worked of {formatHours(order.quotedHundredths)} h quoted
            </Fact>
          ) : null}
        </SimpleGrid>
        {order.notes ? <Fact label="Notes">{order.notes}</Fact> : null}
        {note ? (
          <Alert color={note.color} p="xs">
            {note.text}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
