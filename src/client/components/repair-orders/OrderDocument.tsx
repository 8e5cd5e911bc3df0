import { Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatCents } from '../../../shared/money.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/repair-orders.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import { appName } from '../../lib/app-name.ts';
import { useUnits } from '../../lib/units.ts';
import { Fact } from '../inspections/Facts.tsx';
import { formatDate } from '../shop/parts.tsx';
import { TableHead } from '../TableHead.tsx';
import { isInvoice, lineAmountText, lineDetails, orderDate, quantityText } from './format.ts';
import { OrderTotals } from './OrderTotals.tsx';

function ShopBlock({ shop }: { shop: RepairOrder['shop'] }) {
  const place = [shop.city, [shop.state, shop.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return (
    <Stack gap={0}>
      <Text fw={700}>{shop.name}</Text>
      <Text size="sm">{shop.address}</Text>
      <Text size="sm">{place}</Text>
      {shop.phone ? <Text size="sm">{shop.phone}</Text> : null}
      {shop.email ? <Text size="sm">{shop.email}</Text> : null}
    </Stack>
  );
}

/**
 * An order on paper: an estimate until it is invoiced, then an invoice. Declined lines are listed
 * struck through and cost nothing.
 */
export function OrderDocument({ order }: { order: RepairOrder }) {
  const f = useUnits();
  const invoice = isInvoice(order.status);
  return (
    <Stack gap="lg" component="article" aria-label={invoice ? 'Invoice' : 'Estimate'}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <ShopBlock shop={order.shop} />
        <Stack gap={0} align="flex-end">
          <Title order={1} size="h2">
            {invoice ? 'Invoice' : 'Estimate'} #{order.number}
          </Title>
          <Text size="sm">Date: {formatDate(orderDate(order))}</Text>
          {order.status === 'paid' ? (
            <Text size="sm" fw={700}>
              Paid in full
            </Text>
          ) : null}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Customer">{order.customerName}</Fact>
        <Fact label="Vehicle">{order.vehicleLabel}</Fact>
        <Fact label="Mileage">{f.distance(order.mileage)}</Fact>
      </SimpleGrid>
      {order.notes ? <Fact label="Notes">{order.notes}</Fact> : null}
      <Table withTableBorder aria-label="Lines" verticalSpacing={6}>
        <TableHead columns={['Description', 'Quantity', { label: 'Amount', align: 'right' }]} />
        <Table.Tbody>
          {order.lines.map((line) => {
            const declined = line.decision === 'declined';
            return (
              <Table.Tr key={line.id} style={{ breakInside: 'avoid' }}>
                <Table.Td>
                  <Text size="sm" td={declined ? 'line-through' : undefined}>
                    {line.description}
                    {declined ? ' (declined)' : ''}
                  </Text>
                  {lineDetails(line).map((detail) => (
                    <Text key={detail} size="xs" c="dimmed">
                      {detail}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{quantityText(line) ?? '-'}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} td={declined ? 'line-through' : undefined}>
                  {lineAmountText(line)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <OrderTotals order={order} />
      {order.payments.length > 0 ? (
        <Stack gap={4} style={{ breakInside: 'avoid' }}>
          <Title order={2} size="h5">
            Payments received
          </Title>
          {order.payments.map((payment) => (
            <Group key={payment.id} justify="space-between" gap="md" wrap="nowrap">
              <Text size="sm">
                {formatDate(payment.receivedAt)} · {PAYMENT_METHOD_LABELS[payment.method]}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(payment.amountCents)}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      <Text size="xs" c="dimmed">
        {invoice ? 'Thank you for your business.' : 'This estimate is valid once approved; prices may change after the vehicle is opened up.'} {appName} · printed{' '}
        {new Date().toLocaleDateString(f.units.locale, { dateStyle: 'long' })}
      </Text>
    </Stack>
  );
}
