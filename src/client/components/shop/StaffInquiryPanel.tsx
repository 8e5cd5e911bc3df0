import { CreateOrderButton } from '../repair-orders/CreateOrderButton.tsx';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { APPOINTMENT_LIMITS, createAppointmentSchema, DEFAULT_LEAD_MS, DURATION_DEFAULT, type CreateAppointmentInput } from '../../../shared/appointments.ts';
import { INQUIRY_PRIORITIES, INQUIRY_PRIORITY_LABELS, type CustomerInquiry, type InquiryPriority } from '../../../shared/inquiries.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess, toasts } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import { InquiryDetail } from './InquiryDialogs.tsx';
import { InquiryThread } from './InquiryThread.tsx';
import { type DatedDraft, instant, StaffSelect, wallClock, WhenFields, withDate } from './pickers.tsx';

/** What the shop's staff do with one inquiry: assign, talk with the customer, convert (docs/inquiries.md#staff). */
export function StaffInquiryPanel({ inquiry, shopId }: { inquiry: CustomerInquiry; shopId: string }) {
  return (
    <Stack gap="lg">
      <InquiryDetail inquiry={inquiry} />
      <Assignment inquiry={inquiry} shopId={shopId} />
      <WorkDetails key={inquiry.updatedAt.getTime()} inquiry={inquiry} />
      <Card withBorder padding="sm">
        <InquiryThread inquiryId={inquiry.id} shopSide />
      </Card>
      <ConvertToAppointment inquiry={inquiry} shopId={shopId} />
      {inquiry.status === 'closed' ? null : (
        <Group justify="flex-end">
          <CreateOrderButton serviceCenterId={shopId} customerVehicleId={inquiry.customerVehicleId} source={{ inquiryId: inquiry.id }} />
        </Group>
      )}
    </Stack>
  );
}

function Assignment({ inquiry, shopId }: { inquiry: CustomerInquiry; shopId: string }) {
  const utils = trpc.useUtils();
  const assign = trpc.inquiries.assign.useMutation(toasts({
    done: (updated) => (updated.assignedToName ? `Assigned to ${updated.assignedToName}` : 'Assignment cleared'),
    failed: 'Failed to update customer inquiry',
    then: () => void utils.inquiries.invalidate(),
  }));
  return (
    <StaffSelect
      shopId={shopId}
      label="Assigned technician"
      emptyLabel="Nobody yet"
      disabled={assign.isPending}
      value={inquiry.assignedToId}
      onChange={(value) => assign.mutate({ id: inquiry.id, technicianId: value })}
    />
  );
}

/** A date as a date field shows it (the day in UTC, as the scheduled date is stored). */
function dayOf(date: Date | null): string {
  return date ? date.toISOString().slice(0, 10) : '';
}

/** Estimated cost, priority, scheduled date and technician notes: what staff keep on an inquiry. */
function WorkDetails({ inquiry }: { inquiry: CustomerInquiry }) {
  const utils = trpc.useUtils();
  const [cost, setCost] = useState(inquiry.estimatedCost ?? '');
  const [priority, setPriority] = useState<InquiryPriority>(inquiry.priority);
  const [day, setDay] = useState(dayOf(inquiry.scheduledDate));
  const [notes, setNotes] = useState(inquiry.technicianNotes ?? '');
  const update = trpc.inquiries.update.useMutation(toasts({ done: 'Customer inquiry updated successfully', failed: 'Failed to update customer inquiry', then: () => void utils.inquiries.invalidate() }));
  return (
    <Card withBorder padding="sm" component="form" aria-label="Work details" onSubmit={(event: FormEvent) => {
      event.preventDefault();
      update.mutate({
        id: inquiry.id,
        estimatedCost: cost.trim() ? cost.trim() : null,
        priority,
        scheduledDate: day ? new Date(`${day}T00:00:00Z`) : null,
        technicianNotes: notes,
      });
    }}>
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Estimated cost" placeholder="e.g. 149.90" inputMode="decimal" value={cost} onChange={(e) => setCost(e.currentTarget.value)} />
          <Select
            label="Priority"
            allowDeselect={false}
            data={INQUIRY_PRIORITIES.map((value) => ({ value, label: INQUIRY_PRIORITY_LABELS[value] }))}
            value={priority}
            onChange={(value) => value && setPriority(value as InquiryPriority)}
          />
          <TextInput type="date" label="Scheduled date" value={day} onChange={(e) => setDay(e.currentTarget.value)} />
        </SimpleGrid>
        <Textarea label="Technician notes" autosize minRows={2} maxRows={6} maxLength={2000} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={update.isPending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

type ConversionValues = { appointmentDate: string | null; duration: number; serviceType: string; technicianId: string | null };

const validateConversion = zodFormValidator(createAppointmentSchema);

/** The appointment an inquiry becomes: its shop, customer record, inquiry and vehicle, and what the dialog chose. */
function conversionInput(inquiry: CustomerInquiry, shopId: string, customerId: string, values: ConversionValues): DatedDraft<CreateAppointmentInput> {
  return {
    serviceCenterId: shopId,
    customerId,
    inquiryId: inquiry.id,
    customerVehicleId: inquiry.customerVehicleId,
    technicianId: values.technicianId,
    appointmentDate: instant(values.appointmentDate),
    duration: values.duration,
    serviceType: values.serviceType,
    description: inquiry.description.slice(0, APPOINTMENT_LIMITS.description),
  };
}

/**
 * "Convert to appointment": books the inquiry's customer and vehicle into the shop at a date and time
 * (24 hours from now to begin with), for a duration, with one of the shop's staff (the assigned
 * technician to begin with). The inquiry then moves to in progress (docs/inquiries.md#staff-actions).
 */
function ConvertToAppointment({ inquiry, shopId }: { inquiry: CustomerInquiry; shopId: string }) {
  const [open, setOpen] = useState(false);
  if (!inquiry.shopCustomerId) {
    return (
      <Text size="sm" c="dimmed">
        This inquiry names no customer of the shop, so it cannot become an appointment.
      </Text>
    );
  }
  if (!open) {
    return (
      <Group justify="flex-end">
        <Button variant="light" leftSection={<IconCalendarPlus size={16} />} onClick={() => setOpen(true)} disabled={inquiry.status === 'closed'}>
          Convert to appointment
        </Button>
      </Group>
    );
  }
  // Mounted on opening, so it starts from the inquiry as it is now (e.g. the technician just assigned).
  return <ConversionForm inquiry={inquiry} shopId={shopId} customerId={inquiry.shopCustomerId} onClose={() => setOpen(false)} />;
}

function ConversionForm({ inquiry, shopId, customerId, onClose }: { inquiry: CustomerInquiry; shopId: string; customerId: string; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<ConversionValues>({
    initialValues: {
      appointmentDate: wallClock(Date.now() + DEFAULT_LEAD_MS),
      duration: DURATION_DEFAULT,
      serviceType: inquiry.subject.slice(0, APPOINTMENT_LIMITS.serviceType),
      technicianId: inquiry.assignedToId,
    },
    validate: (values) => {
      const errors = validateConversion(conversionInput(inquiry, shopId, customerId, values));
      if (!values.appointmentDate) errors.appointmentDate = 'Appointment date and time are required';
      return errors;
    },
  });
  const create = trpc.appointments.create.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Appointment booked from the inquiry');
      onClose();
      void utils.appointments.invalidate();
      void utils.inquiries.invalidate();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to create service appointment'));
    },
  });
  return (
    <Card withBorder padding="sm" component="form" aria-label="Convert to appointment" noValidate onSubmit={form.onSubmit((values) => {
        const input = withDate(conversionInput(inquiry, shopId, customerId, values));
        if (input) create.mutate(input);
      })}>
      <Stack gap="xs">
        <Text fw={600}>Book an appointment for this inquiry</Text>
        <Text size="sm" c="dimmed">
          {inquiry.customerName ?? 'The customer'} · {inquiry.vehicleLabel ?? 'No vehicle named'}
        </Text>
        <WhenFields date={form.getInputProps('appointmentDate')} duration={form.getInputProps('duration')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Service Type" withAsterisk maxLength={APPOINTMENT_LIMITS.serviceType} {...form.getInputProps('serviceType')} />
          <StaffSelect shopId={shopId} label="Technician" emptyLabel="Not assigned" {...form.getInputProps('technicianId')} />
        </SimpleGrid>
        {create.isError ? <Alert color="red">{errorMessage(create.error, 'Failed to create service appointment')}</Alert> : null}
        <FormActions onCancel={onClose} loading={create.isPending}>
          Book appointment
        </FormActions>
      </Stack>
    </Card>
  );
}
