import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { amountToCents, centsToAmount, formatCents } from '../../../shared/money.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, REPAIR_ORDER_LIMITS, type PaymentMethod } from '../../../shared/repair-orders.ts';
import type { RepairOrder } from '../../../shared/repair-order-views.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { ShopDialog } from '../shop/parts.tsx';
import { FormActions } from '../FormActions.tsx';

interface Values {
  amount: string;
  method: PaymentMethod;
  reference: string;
}

/** A payment against the invoice: the balance unless less was paid; the balance paid makes the order Paid. */
function PaymentForm({ order, onSaved, onClose }: { order: RepairOrder; onSaved: (order: RepairOrder) => void; onClose: () => void }) {
  const form = useForm<Values>({
    initialValues: { amount: centsToAmount(order.balanceCents), method: 'card', reference: '' },
    validate: {
      amount: (value) => {
        const cents = amountToCents(value);
        if (cents === null || cents === 0) return 'Enter an amount like 50.00';
        return cents > order.balanceCents ? `At most the balance of ${formatCents(order.balanceCents)}` : null;
      },
    },
  });
  const pay = trpc.repairOrders.addPayment.useMutation({
    onSuccess: (saved) => {
      onSaved(saved);
      notifySuccess('Payment recorded', saved.status === 'paid' ? 'The invoice is paid in full' : `Balance due ${formatCents(saved.balanceCents)}`);
      onClose();
    },
    onError: (error) => {
      const errors = fieldErrors(error);
      form.setErrors({ amount: errors.amountCents, reference: errors.reference });
      notifyError('Not recorded', errorMessage(error, 'The payment could not be recorded'));
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => pay.mutate({ orderId: order.id, amountCents: amountToCents(values.amount)!, method: values.method, reference: values.reference.trim() === '' ? null : values.reference }))}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          Balance due: <strong>{formatCents(order.balanceCents)}</strong>
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Amount" withAsterisk inputMode="decimal" leftSection="$" data-autofocus {...form.getInputProps('amount')} />
          <Select
            label="Method"
            allowDeselect={false}
            data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('method')}
          />
        </SimpleGrid>
        <TextInput label="Reference" description="A receipt or check number, if any" maxLength={REPAIR_ORDER_LIMITS.reference} {...form.getInputProps('reference')} />
        <FormActions onCancel={onClose} loading={pay.isPending}>
          Record payment
        </FormActions>
      </Stack>
    </form>
  );
}

export function PaymentDialog({ order, opened, onSaved, onClose }: { order: RepairOrder; opened: boolean; onSaved: (order: RepairOrder) => void; onClose: () => void }) {
  return (
    <ShopDialog opened={opened} onClose={onClose} title="Record payment" size="32rem">
      {opened ? <PaymentForm order={order} onSaved={onSaved} onClose={onClose} /> : null}
    </ShopDialog>
  );
}
