import { Checkbox, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { formatCents } from '../../../shared/money.ts';
import type { LineKind } from '../../../shared/repair-order-totals.ts';
import { LINE_KIND_LABELS, LINE_KINDS } from '../../../shared/repair-orders.ts';
import type { RepairOrder, RepairOrderLine } from '../../../shared/repair-order-views.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { ShopDialog } from '../shop/parts.tsx';
import { FormActions } from '../FormActions.tsx';
import { LaborFields } from './LaborFields.tsx';
import { defaultTaxable, initialLineValues, lineInput, LINE_TEXT_LIMITS, type LineFormValues } from './line-form.ts';
import { PartFields } from './PartFields.tsx';

/** Adds a line to an estimate, or changes one; the order comes back priced again. */
function LineForm({ order, line, onSaved, onClose }: { order: RepairOrder; line?: RepairOrderLine; onSaved: (order: RepairOrder) => void; onClose: () => void }) {
  const rates = trpc.repairOrders.rates.useQuery({ serviceCenterId: order.serviceCenterId }, { enabled: !line });
  const form = useForm<LineFormValues>({ initialValues: initialLineValues(line, rates.data?.laborRateCents) });
  // A new labour line starts at the shop's rate once it has loaded, unless a rate was typed meanwhile.
  const laborRateCents = rates.data?.laborRateCents;
  useEffect(() => {
    if (!line && laborRateCents !== undefined && form.values.rate === '') form.setFieldValue('rate', initialLineValues(undefined, laborRateCents).rate);
  }, [laborRateCents]);

  const done = (saved: RepairOrder) => {
    onSaved(saved);
    notifySuccess(line ? 'Line updated' : 'Line added', `The order's total is ${formatCents(saved.totals.totalCents)}`);
    onClose();
  };
  const fail = (error: unknown) => notifyError('Not saved', errorMessage(error, 'The line could not be saved'));
  const add = trpc.repairOrders.addLine.useMutation({ onSuccess: done, onError: fail });
  const update = trpc.repairOrders.updateLine.useMutation({ onSuccess: done, onError: fail });

  const submit = () => {
    const result = lineInput(form.values);
    if ('errors' in result) {
      form.setErrors(result.errors);
      return;
    }
    if (line) update.mutate({ orderId: order.id, lineId: line.id, line: result.line });
    else add.mutate({ orderId: order.id, line: result.line });
  };
  const kind = form.values.kind;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Kind of line"
          fullWidth
          data={LINE_KINDS.map((value) => ({ value, label: LINE_KIND_LABELS[value] }))}
          value={kind}
          onChange={(value) => {
            form.setFieldValue('kind', value as LineKind);
            form.setFieldValue('taxable', defaultTaxable(value as LineKind));
            form.clearErrors();
          }}
        />
        {kind === 'labor' ? <LaborFields shopId={order.serviceCenterId} vehicleId={order.vehicleId} form={form} /> : null}
        {kind === 'part' ? <PartFields shopId={order.serviceCenterId} form={form} line={line} /> : null}
        {kind === 'fee' || kind === 'discount' ? (
          <>
            <TextInput label="Description" withAsterisk maxLength={LINE_TEXT_LIMITS.description} placeholder={kind === 'fee' ? 'e.g. Shop supplies' : 'e.g. Loyal customer'} {...form.getInputProps('description')} />
            <TextInput label="Amount" withAsterisk inputMode="decimal" leftSection="$" placeholder="0.00" description={kind === 'discount' ? 'Taken off the total' : undefined} {...form.getInputProps('amount')} />
          </>
        ) : null}
        <Checkbox label={kind === 'discount' ? 'Taxable (comes off the taxed amount)' : 'Taxable'} {...form.getInputProps('taxable', { type: 'checkbox' })} />
        <FormActions onCancel={onClose} loading={add.isPending || update.isPending}>
          {line ? 'Save line' : 'Add line'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function LineDialog({ order, editing, onSaved, onClose }: { order: RepairOrder; editing: RepairOrderLine | 'new' | null; onSaved: (order: RepairOrder) => void; onClose: () => void }) {
  return (
    <ShopDialog opened={editing !== null} onClose={onClose} title={editing === 'new' ? 'Add line' : 'Edit line'}>
      {editing !== null ? <LineForm key={editing === 'new' ? 'new' : editing.id} order={order} line={editing === 'new' ? undefined : editing} onSaved={onSaved} onClose={onClose} /> : null}
    </ShopDialog>
  );
}
