import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatCents } from '../../../shared/money.ts';
import { formatRateBp } from '../../../shared/repair-order-totals.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import { isInvoice } from './format.ts';

function Row({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
        {formatCents(cents)}
      </Text>
    </Group>
  );
}

/**
 * What the server priced (declined lines cost nothing): labour, parts, fees and discounts where
 * there are any, tax at the order's rate, the total, and once invoiced what is paid and still due.
 */
export function OrderTotals({ order }: { order: RepairOrder }) {
  const { totals } = order;
  const money = isInvoice(order.status) || order.payments.length > 0;
  return (
    <Stack gap={4} w="100%" maw={360} ml="auto" component="section" aria-label="Totals">
      <Row label="Labour" cents={totals.laborCents} />
      <Row label="Parts" cents={totals.partsCents} />
      {totals.feesCents !== 0 ? <Row label="Fees" cents={totals.feesCents} /> : null}
      {totals.discountCents !== 0 ? <Row label="Discounts" cents={-totals.discountCents} /> : null}
      <Divider my={2} />
      <Row label="Subtotal" cents={totals.subtotalCents} />
      <Row label={`Tax (${formatRateBp(order.taxRateBp)} %)`} cents={totals.taxCents} />
      <Divider my={2} />
      <Row label="Total" cents={totals.totalCents} strong />
      {money ? (
        <>
          <Row label="Paid" cents={order.paidCents} />
          <Row label="Balance due" cents={order.balanceCents} strong />
        </>
      ) : null}
    </Stack>
  );
}
