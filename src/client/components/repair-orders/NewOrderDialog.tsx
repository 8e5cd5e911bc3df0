import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useLocation } from 'wouter';
import { REPAIR_ORDER_LIMITS } from '../../../shared/repair-orders.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { ShopDialog } from '../shop/parts.tsx';
import { CustomerVehiclePicker } from '../shop/pickers.tsx';
import { FormActions } from '../FormActions.tsx';
import { mileageFromInput, orderPath } from './format.ts';

interface Values {
  customerId: string | null;
  customerVehicleId: string | null;
  mileage: string;
  notes: string;
}

/** "New repair order": one of the shop's customers' vehicles, and optionally its mileage and notes. */
function NewOrderForm({ shopId, onClose }: { shopId: string; onClose: () => void }) {
  const f = useUnits();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const form = useForm<Values>({
    initialValues: { customerId: null, customerVehicleId: null, mileage: '', notes: '' },
    validate: {
      customerId: (value) => (value ? null : 'Choose a customer'),
      customerVehicleId: (value) => (value ? null : 'Choose one of the customer\u2019s vehicles'),
      mileage: (value) => (mileageFromInput(value, f) === 'invalid' ? 'Enter the mileage as a whole number' : null),
    },
  });
  const create = trpc.repairOrders.create.useMutation({
    onSuccess: (order) => {
      void utils.repairOrders.list.invalidate();
      notifySuccess('Repair order created', `#${order.number} for ${order.customerName}`);
      onClose();
      navigate(orderPath(order.id));
    },
    onError: (error) => notifyError('Not created', errorMessage(error, 'The repair order could not be created')),
  });
  const submit = (values: Values) => {
    const mileage = mileageFromInput(values.mileage, f);
    create.mutate({
      serviceCenterId: shopId,
      customerVehicleId: values.customerVehicleId!,
      mileage: mileage === 'invalid' ? null : mileage,
      notes: values.notes.trim() === '' ? null : values.notes,
    });
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <CustomerVehiclePicker shopId={shopId} customer={form.getInputProps('customerId')} vehicle={form.getInputProps('customerVehicleId')} vehiclePlaceholder="Choose a vehicle" />
        <TextInput label="Mileage" description="Leave empty to use the odometer on file" inputMode="numeric" rightSection={f.units.distanceUnit} {...form.getInputProps('mileage')} />
        <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={REPAIR_ORDER_LIMITS.notes} placeholder="What the customer reports, when they need the car back" {...form.getInputProps('notes')} />
        <FormActions onCancel={onClose} loading={create.isPending}>
          Create repair order
        </FormActions>
      </Stack>
    </form>
  );
}

export function NewOrderDialog({ shopId, opened, onClose }: { shopId: string; opened: boolean; onClose: () => void }) {
  return (
    <ShopDialog opened={opened} onClose={onClose} title="New repair order">
      {opened ? <NewOrderForm shopId={shopId} onClose={onClose} /> : null}
    </ShopDialog>
  );
}
