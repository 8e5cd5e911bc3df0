import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatCents } from '../../../shared/money.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/repair-orders.ts';
import type { RepairOrderPayment } from '../../../shared/repair-order-views.ts';
import { formatDateTime } from '../shop/parts.tsx';

/** The payments received against the invoice, oldest first. */
export function Payments({ payments, staff }: { payments: RepairOrderPayment[]; staff: boolean }) {
  if (payments.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Payments">
      <Title order={2} size="h4">
        Payments
      </Title>
      <Card withBorder padding={0}>
        {payments.map((payment, index) => (
          <Group key={payment.id} justify="space-between" wrap="nowrap" gap="sm" p="sm" style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {PAYMENT_METHOD_LABELS[payment.method]}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(payment.receivedAt)}
                {staff && payment.receivedByName ? ` · received by ${payment.receivedByName}` : ''}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatCents(payment.amountCents)}
            </Text>
          </Group>
        ))}
      </Card>
    </Stack>
  );
}
