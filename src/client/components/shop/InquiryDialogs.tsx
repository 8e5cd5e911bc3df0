import { Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { createInquirySchema, INQUIRY_PRIORITIES, INQUIRY_PRIORITY_LABELS, INQUIRY_TYPE_LABELS, INQUIRY_TYPES, type CustomerInquiry, type InquiryPriority, type InquiryType } from '../../../shared/inquiries.ts';
import { customerLabel, shortId } from '../../../shared/format.ts';
import { formatCost } from '../../../shared/money.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import { InquiryStatusBadge, PriorityBadge } from './badges.tsx';
import { Field, formatDate, formatDateTime } from './parts.tsx';
import { CustomerVehiclePicker } from './pickers.tsx';

type InquiryFormValues = {
  customerId: string | null;
  customerVehicleId: string | null;
  inquiryType: InquiryType;
  priority: InquiryPriority;
  subject: string;
  description: string;
};

/**
 * 'Create New Customer Inquiry' for one of the shop's customers, with its defaults: service,
 * medium, open (docs/inquiries.md#the-page-customer-inquiries-tech-mode, #rules).
 */
export function InquiryForm({ shopId, onDone }: { shopId: string; onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<InquiryFormValues>({
    initialValues: { customerId: null, customerVehicleId: null, inquiryType: 'service', priority: 'medium', subject: '', description: '' },
    validate: (values) => ({
      ...zodFormValidator<InquiryFormValues & { serviceCenterId: string }>(createInquirySchema)({ ...values, serviceCenterId: shopId }),
      ...(values.customerId ? {} : { customerId: 'Choose the customer' }),
    }),
  });
  const create = trpc.inquiries.create.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Customer inquiry created successfully');
      void utils.inquiries.invalidate();
      onDone();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to create customer inquiry'));
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate({ ...values, serviceCenterId: shopId, status: 'open' }))} noValidate>
      <Stack gap="sm">
        <CustomerVehiclePicker
          shopId={shopId}
          customer={form.getInputProps('customerId')}
          vehicle={form.getInputProps('customerVehicleId')}
          vehiclePlaceholder="Optional"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Inquiry Type"
            withAsterisk
            allowDeselect={false}
            data={INQUIRY_TYPES.map((value) => ({ value, label: INQUIRY_TYPE_LABELS[value] }))}
            {...form.getInputProps('inquiryType')}
          />
          <Select
            label="Priority"
            allowDeselect={false}
            data={INQUIRY_PRIORITIES.map((value) => ({ value, label: INQUIRY_PRIORITY_LABELS[value] }))}
            {...form.getInputProps('priority')}
          />
        </SimpleGrid>
        <TextInput label="Subject" withAsterisk placeholder="Brief summary of the inquiry" {...form.getInputProps('subject')} />
        <Textarea
          label="Description"
          withAsterisk
          placeholder="Describe the issue or request"
          autosize
          minRows={4}
          maxRows={10}
          {...form.getInputProps('description')}
        />
        <FormActions onCancel={onDone} loading={create.isPending}>
          Create Inquiry
        </FormActions>
      </Stack>
    </form>
  );
}

export function InquiryDetail({ inquiry }: { inquiry: CustomerInquiry }) {
  const cost = formatCost(inquiry.estimatedCost);
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {inquiry.subject}
        </Title>
        <Text size="sm" c="dimmed">
          Inquiry #{shortId(inquiry.id)} · {INQUIRY_TYPE_LABELS[inquiry.inquiryType]} · {inquiry.customerName ? `Customer: ${inquiry.customerName}` : customerLabel(inquiry.customerId)}
        </Text>
        {inquiry.vehicleLabel ? (
          <Text size="sm" c="dimmed">
            Vehicle: {inquiry.vehicleLabel}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">
        <PriorityBadge priority={inquiry.priority} />
        <InquiryStatusBadge status={inquiry.status} />
      </Group>
      <Field label="Description">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {inquiry.description}
        </Text>
      </Field>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Created">
          <Text size="sm">{formatDateTime(inquiry.createdAt)}</Text>
        </Field>
        {cost ? (
          <Field label="Estimated Cost">
            <Text size="sm">{cost}</Text>
          </Field>
        ) : null}
        {inquiry.scheduledDate ? (
          <Field label="Scheduled Date">
            <Text size="sm">{formatDate(inquiry.scheduledDate)}</Text>
          </Field>
        ) : null}
      </SimpleGrid>
      {inquiry.customerNotes ? (
        <Field label="Customer Notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {inquiry.customerNotes}
          </Text>
        </Field>
      ) : null}
      {inquiry.technicianNotes ? (
        <Field label="Technician Notes">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {inquiry.technicianNotes}
          </Text>
        </Field>
      ) : null}
    </Stack>
  );
}
