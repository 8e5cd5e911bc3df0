import { SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SUPPLIER_LIMITS, SUPPLIER_STATUS_LABELS, supplierFormSchema, type Supplier, type SupplierStatus } from '../../../shared/suppliers.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';

interface SupplierFormValues {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  status: SupplierStatus;
  notes: string;
}

/** "Add supplier" and "Edit supplier" (managers and owners). */
export function SupplierForm({ shopId, supplier, onDone }: { shopId: string; supplier?: Supplier; onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<SupplierFormValues>({
    initialValues: {
      name: supplier?.name ?? '',
      contactName: supplier?.contactName ?? '',
      email: supplier?.email ?? '',
      phone: supplier?.phone ?? '',
      status: supplier?.status ?? 'active',
      notes: supplier?.notes ?? '',
    },
    validate: zodFormValidator<SupplierFormValues>(supplierFormSchema),
  });
  const onError = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, 'Failed to save the supplier'));
  };
  const onSuccess = (saved: Supplier) => {
    notifySuccess('Success', supplier ? `${saved.name} updated` : `${saved.name} added`);
    void utils.parts.suppliers.invalidate();
    onDone();
  };
  const create = trpc.parts.suppliers.create.useMutation({ onSuccess, onError });
  const update = trpc.parts.suppliers.update.useMutation({ onSuccess, onError });

  return (
    <form
      onSubmit={form.onSubmit((values) => (supplier ? update.mutate({ id: supplier.id, ...values }) : create.mutate({ serviceCenterId: shopId, ...values })))}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk maxLength={SUPPLIER_LIMITS.name} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Contact" placeholder="Who you order from" maxLength={SUPPLIER_LIMITS.contactName} {...form.getInputProps('contactName')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Email" type="email" placeholder="orders@example.com" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" placeholder="(512) 555-0100" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="supplier-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="supplier-status-label"
            data={(['active', 'pending'] as const).map((value) => ({ value, label: SUPPLIER_STATUS_LABELS[value] }))}
            {...form.getInputProps('status')}
          />
        </Stack>
        <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={SUPPLIER_LIMITS.notes} placeholder="e.g. Terms, lead time, account number" {...form.getInputProps('notes')} />
        <FormActions onCancel={onDone} loading={create.isPending || update.isPending}>
          {supplier ? 'Save changes' : 'Add supplier'}
        </FormActions>
      </Stack>
    </form>
  );
}
