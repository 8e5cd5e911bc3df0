import { SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CUSTOMER_LIMITS, customerFormSchema, type CustomerSummary } from '../../../shared/customers.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';

type CustomerFormValues = { name: string; email: string; phone: string; notes: string; tags: string[] };

/**
 * 'New customer' and 'Edit customer' (managers and owners). E-mail and phone are contact details
 * only: a record is linked to an account when that account contacts the shop itself.
 */
export function CustomerForm({ shopId, customer, onDone }: { shopId: string; customer?: CustomerSummary; onDone: (saved: CustomerSummary | null) => void }) {
  const utils = trpc.useUtils();
  const form = useForm<CustomerFormValues>({
    initialValues: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      notes: customer?.notes ?? '',
      tags: customer?.tags ?? [],
    },
    validate: zodFormValidator<CustomerFormValues>(customerFormSchema),
  });
  const onError = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, 'Failed to save the customer'));
  };
  const onSuccess = (saved: CustomerSummary) => {
    notifySuccess('Success', customer ? 'Customer updated' : 'Customer created');
    void utils.customers.invalidate();
    onDone(saved);
  };
  const create = trpc.customers.create.useMutation({ onSuccess, onError });
  const update = trpc.customers.update.useMutation({ onSuccess, onError });

  return (
    <form
      onSubmit={form.onSubmit((values) =>
        customer ? update.mutate({ id: customer.id, ...values }) : create.mutate({ serviceCenterId: shopId, ...values }),
      )}
      noValidate
    >
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk maxLength={CUSTOMER_LIMITS.name} data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Email" type="email" placeholder="name@example.com" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" placeholder="(512) 555-0100" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <TagsInput
          label="Tags"
          description="Press Enter after each tag"
          placeholder="e.g. fleet, VIP"
          maxTags={CUSTOMER_LIMITS.tags}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('tags')}
        />
        <Textarea label="Notes" autosize minRows={3} maxRows={8} maxLength={CUSTOMER_LIMITS.notes} {...form.getInputProps('notes')} />
        <FormActions onCancel={() => onDone(null)} loading={create.isPending || update.isPending}>
          {customer ? 'Save changes' : 'Create customer'}
        </FormActions>
      </Stack>
    </form>
  );
}
