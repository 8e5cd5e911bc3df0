import { Alert, Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreateAppointmentInput } from '../../../shared/appointments.ts';
import { STAFF_ROLE_LABELS } from '../../../shared/shops.ts';
import type { CustomerInquiry } from '../../../shared/inquiries.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { InquiryDetail } from './InquiryDialogs.tsx';
import { InquiryThread } from './InquiryThread.tsx';

/**
 * `appointments.create` as the appointments domain takes it for a shop's customer: the shop, the
 * customer record and, from an inquiry, the inquiry, the customer's vehicle and the technician.
 */
type AppointmentFromInquiry = CreateAppointmentInput & {
  serviceCenterId: string;
  customerId: string;
  inquiryId: string;
  customerVehicleId?: string | null;
  technicianId?: string | null;
};

/** What the shop's staff do with one inquiry: assign, talk with the customer, convert (docs/inquiries.md#staff). */
export function StaffInquiryPanel({ inquiry, shopId }: { inquiry: CustomerInquiry; shopId: string }) {
  return (
    <Stack gap="lg">
      <InquiryDetail inquiry={inquiry} />
      <Assignment inquiry={inquiry} shopId={shopId} />
      <Card withBorder padding="sm">
        <InquiryThread inquiryId={inquiry.id} shopSide />
      </Card>
      <ConvertToAppointment inquiry={inquiry} shopId={shopId} />
    </Stack>
  );
}

function Assignment({ inquiry, shopId }: { inquiry: CustomerInquiry; shopId: string }) {
  const utils = trpc.useUtils();
  const staff = trpc.inquiries.technicians.useQuery({ serviceCenterId: shopId });
  const assign = trpc.inquiries.assign.useMutation({
    onSuccess: (updated) => {
      notifySuccess('Success', updated.assignedToName ? `Assigned to ${updated.assignedToName}` : 'Assignment cleared');
      void utils.inquiries.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to update customer inquiry')),
  });
  return (
    <Select
      label="Assigned technician"
      placeholder={staff.isPending ? 'Loading staff…' : 'Nobody yet'}
      clearable
      disabled={assign.isPending}
      value={inquiry.assignedToId}
      data={(staff.data ?? []).map((s) => ({ value: s.userId, label: `${s.name} (${STAFF_ROLE_LABELS[s.role]})` }))}
      onChange={(value) => assign.mutate({ id: inquiry.id, technicianId: value })}
    />
  );
}

/** A local date and time an hour from now, as a datetime-local field shows it. */
function nextHourLocal(): string {
  const date = new Date(Date.now() + 60 * 60_000);
  date.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
}

function ConvertToAppointment({ inquiry, shopId }: { inquiry: CustomerInquiry; shopId: string }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState(nextHourLocal);
  const [duration, setDuration] = useState<number | string>(60);
  const [serviceType, setServiceType] = useState(inquiry.subject.slice(0, 100));
  const create = trpc.appointments.create.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Appointment booked from the inquiry');
      setOpen(false);
      void utils.appointments.invalidate();
      void utils.inquiries.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to create service appointment')),
  });
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
  const submit = () => {
    const date = new Date(when);
    if (Number.isNaN(date.getTime())) return notifyError('Error', 'Choose the date and time of the appointment');
    const input: AppointmentFromInquiry = {
      appointmentDate: date,
      duration: typeof duration === 'number' ? duration : Number(duration),
      serviceType,
      description: inquiry.description.slice(0, 2000),
      serviceCenterId: shopId,
      customerId: inquiry.shopCustomerId!,
      inquiryId: inquiry.id,
      customerVehicleId: inquiry.customerVehicleId,
      technicianId: inquiry.assignedToId,
    };
    // The extended input of appointments.create (see AppointmentFromInquiry).
    (create.mutate as unknown as (value: AppointmentFromInquiry) => void)(input);
  };
  return (
    <Card withBorder padding="sm" aria-label="Convert to appointment">
      <Stack gap="xs">
        <Text fw={600}>Book an appointment for this inquiry</Text>
        <TextInput type="datetime-local" label="Date and time" value={when} onChange={(e) => setWhen(e.currentTarget.value)} />
        <Group grow>
          <NumberInput label="Duration (minutes)" min={15} max={1440} step={15} value={duration} onChange={setDuration} />
          <TextInput label="Service type" maxLength={100} value={serviceType} onChange={(e) => setServiceType(e.currentTarget.value)} />
        </Group>
        {create.isError ? <Alert color="red">{errorMessage(create.error, 'Failed to create service appointment')}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button loading={create.isPending} onClick={submit}>
            Book appointment
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
