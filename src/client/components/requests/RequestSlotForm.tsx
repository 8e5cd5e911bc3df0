import { Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createAppointmentSchema,
  DEFAULT_LEAD_MS,
  DURATION_DEFAULT,
  type CreateAppointmentInput,
  type ServiceAppointment,
} from '../../../shared/appointments.ts';
import type { ServiceCenter } from '../../../shared/service-centers.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, fieldErrors, trpc } from '../../lib/trpc.ts';
import { type DatedDraft, instant, wallClock, WhenFields, withDate } from '../shop/pickers.tsx';
import { GarageVehicleSelect } from './GarageVehicleSelect.tsx';

interface SlotValues {
  garageVehicleId: string | null;
  serviceType: string;
  /** The wall-clock moment the picker shows, in the browser's zone. */
  appointmentDate: string | null;
  duration: number;
  description: string;
}

/** What the form holds, as the owner's request the server takes (docs/appointments.md#rules). */
function toRequest(shopId: string, values: SlotValues): DatedDraft<CreateAppointmentInput> {
  return {
    serviceCenterId: shopId,
    garageVehicleId: values.garageVehicleId || undefined,
    serviceType: values.serviceType,
    appointmentDate: instant(values.appointmentDate),
    duration: values.duration,
    description: values.description || null,
  };
}

/**
 * "Request an appointment": the owner proposes a slot to a shop for one of their garage vehicles;
 * the shop confirms or reschedules it, and the owner follows it under My Requests.
 */
export function RequestSlotForm({ shop, onCancel, onRequested }: { shop: ServiceCenter; onCancel: () => void; onRequested: (appointment: ServiceAppointment) => void }) {
  const utils = trpc.useUtils();
  const form = useForm<SlotValues>({
    initialValues: {
      garageVehicleId: null,
      serviceType: '',
      appointmentDate: wallClock(Date.now() + DEFAULT_LEAD_MS),
      duration: DURATION_DEFAULT,
      description: '',
    },
    validate: (values) => {
      const request = toRequest(shop.id, values);
      const errors: Record<string, string> = {};
      if (!request.appointmentDate) errors.appointmentDate = 'Choose a date and time';
      const parsed = createAppointmentSchema.safeParse({ ...request, appointmentDate: request.appointmentDate ?? new Date() });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = String(issue.path[0] ?? 'form');
          errors[key] ??= issue.message;
        }
      }
      if (request.appointmentDate && request.appointmentDate.getTime() < Date.now()) errors.appointmentDate ??= 'Choose a time in the future';
      return errors;
    },
  });
  const create = trpc.appointments.create.useMutation({
    onSuccess: (appointment) => {
      notifySuccess('Appointment requested', `${shop.name} will confirm or suggest another time`);
      void utils.appointments.invalidate();
      onRequested(appointment);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError('Error', errorMessage(error, 'The appointment could not be requested'));
    },
  });
  return (
    <Card withBorder padding="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          const request = withDate(toRequest(shop.id, values));
          if (request) create.mutate(request);
        })}
      >
        <Stack gap="sm">
          <Text fw={600} size="lg">
            Request an appointment at {shop.name}
          </Text>
          <Text size="sm" c="dimmed">
            {shop.city}, {shop.state}. The time is a request until the shop confirms it.
          </Text>
          <GarageVehicleSelect {...form.getInputProps('garageVehicleId')} />
          <TextInput label="Service" withAsterisk placeholder="e.g. Oil change" {...form.getInputProps('serviceType')} />
          <WhenFields
            dateLabel="Preferred date and time"
            earliest={new Date()}
            date={form.getInputProps('appointmentDate')}
            duration={form.getInputProps('duration')}
          />
          <Textarea label="Notes for the shop" autosize minRows={2} maxRows={6} placeholder="Anything the shop should know" {...form.getInputProps('description')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Back to shops
            </Button>
            <Button type="submit" loading={create.isPending}>
              Request appointment
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
