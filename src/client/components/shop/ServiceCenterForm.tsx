import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { operatingHoursText } from '../../../shared/format.ts';
import { serviceCenterInputSchema, type ServiceCenter, type ServiceCenterInput } from '../../../shared/service-centers.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import { ListEditor } from './ListEditor.tsx';

type FormValues = {
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  email: string;
  website: string;
  operatingHours: string;
  services: string[];
  certifications: string[];
  specializations: string[];
  isActive: boolean;
};

function initialValues(center?: ServiceCenter): FormValues {
  return {
    name: center?.name ?? '',
    address: center?.address ?? '',
    city: center?.city ?? '',
    state: center?.state ?? '',
    zipCode: center?.zipCode ?? '',
    phone: center?.phone ?? '',
    email: center?.email ?? '',
    website: center?.website ?? '',
    operatingHours: operatingHoursText(center?.operatingHours),
    services: center?.services ?? [],
    certifications: center?.certifications ?? [],
    specializations: center?.specializations ?? [],
    isActive: center?.isActive ?? true,
  };
}

/** The center's three lists, edited alike. */
const LISTS = [
  { field: 'services', label: 'Services', itemName: 'service', placeholder: 'e.g. Oil Change' },
  { field: 'certifications', label: 'Certifications', itemName: 'certification', placeholder: 'e.g. ASE Certified' },
  { field: 'specializations', label: 'Specializations', itemName: 'specialization', placeholder: 'e.g. Hybrid vehicles' },
] as const;

/**
 * Create (no center) or edit; the server parses hours typed as JSON into an object
 * (docs/service-centers.md#fields-and-rules).
 */
export function ServiceCenterForm({
  center,
  onDone,
  onCancel,
  canDeactivate = true,
  createLabel = 'Create Service Center',
}: {
  center?: ServiceCenter;
  onDone: () => void;
  onCancel?: () => void;
  /** Only the center's owners and admins may switch it inactive (docs/shops.md#who-may-do-what). */
  canDeactivate?: boolean;
  createLabel?: string;
}) {
  const utils = trpc.useUtils();
  const form = useForm<FormValues>({ initialValues: initialValues(center), validate: zodFormValidator<FormValues>(serviceCenterInputSchema) });
  const fail = (fallback: string) => (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const done = (message: string) => () => {
    notifySuccess('Success', message);
    void utils.serviceCenters.invalidate();
    // A new center makes its creator its owner and picks it as the current shop.
    void utils.shops.invalidate();
    onDone();
  };
  const create = trpc.serviceCenters.create.useMutation({
    onSuccess: done('Service center created successfully'),
    onError: fail('Failed to create service center'),
  });
  const update = trpc.serviceCenters.update.useMutation({
    onSuccess: done('Service center updated successfully'),
    onError: fail('Failed to update service center'),
  });

  const submit = (values: FormValues) => {
    const input: ServiceCenterInput = values;
    if (center) update.mutate({ ...input, id: center.id });
    else create.mutate(input);
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
          <TextInput label="State" withAsterisk {...form.getInputProps('state')} />
          <TextInput label="ZIP Code" placeholder="Optional" {...form.getInputProps('zipCode')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
          <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput label="Website" type="url" placeholder="https://" {...form.getInputProps('website')} />
        <Textarea
          label="Operating Hours"
          description='Free text, or JSON such as {"Monday": "8:00-18:00"}'
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('operatingHours')}
        />
        {LISTS.map((list) => (
          <ListEditor
            key={list.field}
            label={list.label}
            itemName={list.itemName}
            placeholder={list.placeholder}
            value={form.values[list.field]}
            onChange={(next) => form.setFieldValue(list.field, next)}
            error={form.errors[list.field] as string | undefined}
          />
        ))}
        {center && !canDeactivate ? null : <Switch label="Active" {...form.getInputProps('isActive', { type: 'checkbox' })} />}
        <FormActions onCancel={onCancel} loading={create.isPending || update.isPending}>
          {center ? 'Save Changes' : createLabel}
        </FormActions>
      </Stack>
    </form>
  );
}
