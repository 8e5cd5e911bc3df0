import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS, createAppointmentSchema, DEFAULT_LEAD_MS, DURATION_DEFAULT, DURATION_MAX, DURATION_MIN, DURATION_STEP, type AppointmentStatus, type CreateAppointmentInput, type ServiceAppointment } from '../../../shared/appointments.ts';
import { formatCost } from '../../../shared/money.ts';
import { formatDuration, shortId } from '../../../shared/format.ts';
import { zodFormValidator } from '../../lib/forms.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { AppointmentStatusBadge } from './badges.tsx';
import { Field, formatDateTime } from './parts.tsx';

type AppointmentFormValues = {
  serviceType: string;
  appointmentDate: string | null;
  duration: number;
  description: string;
  status: AppointmentStatus;
};

function toInput(values: AppointmentFormValues): CreateAppointmentInput {
  return {
    serviceType: values.serviceType,
    // The picker answers wall-clock text in the browser's zone; the server gets an exact instant.
    appointmentDate: values.appointmentDate ? dayjs(values.appointmentDate).toDate() : (undefined as unknown as Date),
    duration: values.duration,
    description: values.description,
    status: values.status,
  };
}

const validateInput = zodFormValidator<Record<string, unknown>>(createAppointmentSchema);

/**
 * 'Schedule New Service Appointment' with its defaults: now + 24 h, 60 minutes, scheduled
 * (docs/appointments.md#the-page-service-appointments-tech-mode).
 */
export function AppointmentForm({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<AppointmentFormValues>({
    initialValues: {
      serviceType: '',
      appointmentDate: dayjs(Date.now() + DEFAULT_LEAD_MS).second(0).format('YYYY-MM-DD HH:mm:ss'),
      duration: DURATION_DEFAULT,
      description: '',
      status: 'scheduled',
    },
    validate: (values) => {
      const errors = validateInput(toInput(values) as unknown as Record<string, unknown>);
      if (!values.appointmentDate) errors.appointmentDate = 'Appointment date and time are required';
      return errors;
    },
  });
  const create = trpc.appointments.create.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Service appointment created successfully');
      void utils.appointments.invalidate();
      onDone();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'Failed to create service appointment'));
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => create.mutate(toInput(values)))} noValidate>
      <Stack gap="sm">
        <TextInput label="Service Type" withAsterisk placeholder="e.g. Oil Change, Brake Service, Inspection" {...form.getInputProps('serviceType')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTimePicker
            label="Appointment Date & Time"
            withAsterisk
            valueFormat="MMM D, YYYY h:mm A"
            timePickerProps={{ format: '12h', hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', amPmInputLabel: 'AM or PM' }}
            submitButtonProps={{ 'aria-label': 'Apply date and time' }}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('appointmentDate')}
          />
          <NumberInput
            label="Duration (minutes)"
            withAsterisk
            min={DURATION_MIN}
            max={DURATION_MAX}
            step={DURATION_STEP}
            allowDecimal={false}
            {...form.getInputProps('duration')}
            // Input that is not a number becomes 0, and the minimum then says why it is refused
            // (docs/appointments.md#the-page-service-appointments-tech-mode).
            onChange={(value) => form.setFieldValue('duration', typeof value === 'number' ? value : Number(value) || 0)}
          />
        </SimpleGrid>
        <Textarea label="Description" placeholder="What needs doing" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
        <Select
          label="Status"
          allowDeselect={false}
          data={APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))}
          {...form.getInputProps('status')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Appointment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function AppointmentDetail({ appointment }: { appointment: ServiceAppointment }) {
  const ids: [string, string | null][] = [
    ['Customer', appointment.customerId],
    ['Service Center', appointment.serviceCenterId],
    ['Technician', appointment.technicianId],
    ['Vehicle', appointment.vehicleId],
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
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="sm">
        {ids
          .filter(([label, id]) => id || label === 'Customer' || label === 'Service Center')
          .map(([label, id]) => (
            <Field key={label} label={label}>
              <Text size="sm" ff="monospace">
                {id ? shortId(id) : 'N/A'}
              </Text>
            </Field>
          ))}
      </SimpleGrid>
    </Stack>
  );
}
