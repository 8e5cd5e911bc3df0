import { Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { CreateAppointmentInput } from '../../../shared/appointments.ts';
import { STAFF_ROLE_LABELS } from '../../../shared/shops.ts';
import { INQUIRY_PRIORITIES, INQUIRY_PRIORITY_LABELS, type CustomerInquiry, type InquiryPriority } from '../../../shared/inquiries.ts';
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
      <WorkDetails key={inquiry.updatedAt.getTime()} inquiry={inquiry} />
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
  const update = trpc.inquiries.update.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Customer inquiry updated successfully');
      void utils.inquiries.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to update customer inquiry')),
  });
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
