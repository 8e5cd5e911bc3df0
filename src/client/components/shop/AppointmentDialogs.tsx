import { Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS, createAppointmentSchema, updateAppointmentSchema, DEFAULT_LEAD_MS, DURATION_DEFAULT, type AppointmentStatus, type AppointmentUpdateInput, type CreateAppointmentInput, type ServiceAppointment } from '../../../shared/appointments.ts';
import { formatCost } from '../../../shared/money.ts';
import { formatDuration, shortId } from '../../../shared/format.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { FormActions } from '../FormActions.tsx';
import { AppointmentStatusBadge } from './badges.tsx';
import { Field, formatDateTime } from './parts.tsx';
import { CustomerVehiclePicker, type DatedDraft, instant, StaffSelect, wallClock, WhenFields, withDate } from './pickers.tsx';

type AppointmentFormValues = {
  customerId: string | null;
  customerVehicleId: string | null;
  technicianId: string | null;
  serviceType: string;
  appointmentDate: string | null;
  duration: number;
  description: string;
  status: AppointmentStatus;
  estimatedCost: string;
  actualCost: string;
  notes: string;
};

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

function toCreateInput(shopId: string, values: AppointmentFormValues): DatedDraft<CreateAppointmentInput> {
  return {
    serviceCenterId: shopId,
    customerId: values.customerId ?? undefined,
    customerVehicleId: values.customerVehicleId,
    technicianId: values.technicianId,
    serviceType: values.serviceType,
    appointmentDate: instant(values.appointmentDate),
    duration: values.duration,
    description: values.description,
    status: values.status,
    estimatedCost: orNull(values.estimatedCost),
    notes: values.notes,
  };
}

function toUpdateInput(id: string, values: AppointmentFormValues): DatedDraft<AppointmentUpdateInput> {
  return {
    id,
    serviceType: values.serviceType,
    appointmentDate: instant(values.appointmentDate),
    duration: values.duration,
    description: values.description,
    technicianId: values.technicianId,
    estimatedCost: orNull(values.estimatedCost),
    actualCost: orNull(values.actualCost),
    notes: values.notes,
  };
}

const validateCreate = zodFormValidator(createAppointmentSchema);
const validateUpdate = zodFormValidator(updateAppointmentSchema);

/**
 * 'Schedule New Service Appointment' for a customer of the shop (defaults: now + 24 h, 60 minutes,
 * scheduled), or, given an appointment, its edit and reschedule form
 * (docs/appointments.md#the-page-service-appointments-tech-mode).
 */
export function AppointmentForm({ shopId, appointment, onDone }: { shopId: string; appointment?: ServiceAppointment; onDone: () => void }) {
  const utils = trpc.useUtils();
  const editing = appointment !== undefined;
  const form = useForm<AppointmentFormValues>({
    initialValues: {
      customerId: null,
      customerVehicleId: null,
      technicianId: appointment?.technicianId ?? null,
      serviceType: appointment?.serviceType ?? '',
      appointmentDate: wallClock(appointment?.appointmentDate ?? Date.now() + DEFAULT_LEAD_MS),
      duration: appointment?.duration ?? DURATION_DEFAULT,
      description: appointment?.description ?? '',
      status: appointment?.status ?? 'scheduled',
      estimatedCost: appointment?.estimatedCost ?? '',
      actualCost: appointment?.actualCost ?? '',
      notes: appointment?.notes ?? '',
    },
    validate: (values) => {
      const errors = appointment
        ? validateUpdate(toUpdateInput(appointment.id, values))
        : validateCreate(toCreateInput(shopId, values));
      if (!values.appointmentDate) errors.appointmentDate = 'Appointment date and time are required';
      if (!appointment && !values.customerId) errors.customerId = 'Choose the customer';
      return errors;
    },
  });
  const done = (message: string) => {
    notifySuccess('Success', message);
    void utils.appointments.invalidate();
    onDone();
  };
  const failed = (fallback: string) => (error: Parameters<typeof errorMessage>[0]) => {
    form.setErrors(fieldErrors(error));
    notifyError('Error', errorMessage(error, fallback));
  };
  const create = trpc.appointments.create.useMutation({ onSuccess: () => done('Service appointment created successfully'), onError: failed('Failed to create service appointment') });
  const update = trpc.appointments.update.useMutation({ onSuccess: () => done('Service appointment updated successfully'), onError: failed('Failed to update service appointment') });
  const submit = (values: AppointmentFormValues) => {
    if (appointment) {
      const input = withDate(toUpdateInput(appointment.id, values));
      if (input) update.mutate(input);
    } else {
      const input = withDate(toCreateInput(shopId, values));
      if (input) create.mutate(input);
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        {appointment ? (
          <Text size="sm">
            {appointment.customerName ?? 'Customer'} · {appointment.vehicleLabel ?? 'No vehicle named'}
          </Text>
        ) : (
          <CustomerVehiclePicker
            shopId={shopId}
            customer={form.getInputProps('customerId')}
            vehicle={form.getInputProps('customerVehicleId')}
            vehiclePlaceholder="Choose a vehicle"
          />
        )}
        <TextInput label="Service Type" withAsterisk placeholder="e.g. Oil Change, Brake Service, Inspection" {...form.getInputProps('serviceType')} />
        <WhenFields date={form.getInputProps('appointmentDate')} duration={form.getInputProps('duration')} />
        <Textarea label="Description" placeholder="What needs doing" autosize minRows={2} maxRows={8} {...form.getInputProps('description')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <StaffSelect shopId={shopId} label="Technician" emptyLabel="Not assigned" {...form.getInputProps('technicianId')} />
          {editing ? null : (
            <Select
              label="Status"
              allowDeselect={false}
              data={APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))}
              {...form.getInputProps('status')}
            />
          )}
          <TextInput label="Estimated Cost" placeholder="e.g. 89.90" inputMode="decimal" {...form.getInputProps('estimatedCost')} />
          {editing ? <TextInput label="Actual Cost" placeholder="e.g. 94.50" inputMode="decimal" {...form.getInputProps('actualCost')} /> : null}
        </SimpleGrid>
        <Textarea label="Service Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <FormActions onCancel={onDone} loading={create.isPending || update.isPending}>
          {editing ? 'Save Changes' : 'Create Appointment'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function AppointmentDetail({ appointment }: { appointment: ServiceAppointment }) {
  const names: [string, string | null][] = [
    ['Customer', appointment.customerName],
    ['Vehicle', appointment.vehicleLabel],
    ['Technician', appointment.technicianName],
    ['Service Center', appointment.serviceCenterName],
  ];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h4">
          {appointment.serviceType}
        </Title>
        <Text size="sm" c="dimmed">
          Appointment #{shortId(appointment.id)} · {formatDateTime(appointment.appointmentDate)}
        </Text>
      </Stack>
      <Group gap="xs">
        <AppointmentStatusBadge status={appointment.status} />
        <Text size="sm">{formatDuration(appointment.duration)}</Text>
      </Group>
      {appointment.description ? (
        <Field label="Description">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {appointment.description}
          </Text>
        </Field>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label="Estimated Cost">
          <Text size="sm">{formatCost(appointment.estimatedCost) ?? '-'}</Text>
        </Field>
        <Field label="Actual Cost">
          <Text size="sm">{formatCost(appointment.actualCost) ?? '-'}</Text>
        </Field>
      </SimpleGrid>
      <Field label="Service Notes">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={appointment.notes ? undefined : 'dimmed'}>
          {appointment.notes ?? 'No notes yet'}
        </Text>
      </Field>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {names.map(([label, name]) => (
          <Field key={label} label={label}>
            <Text size="sm">{name ?? (label === 'Technician' ? 'Not assigned' : 'N/A')}</Text>
          </Field>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
