import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { DURATION_MAX, DURATION_MIN, DURATION_STEP } from '../../../shared/appointments.ts';
import type { CustomerOption } from '../../../shared/customers.ts';
import { STAFF_ROLE_LABELS, type StaffMember } from '../../../shared/shops.ts';
import { trpc } from '../../lib/trpc.ts';

// The shop's pickers, one of each for every form: its staff (`shops.staff.list`), its customers
// with their vehicles (`customers.options`), both read from the current shop (docs/customers.md), and
// an appointment's date, time and duration.

/** A select's value, change and error, as `form.getInputProps` gives them. */
interface Field {
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
}

const staffLabel = (member: StaffMember) => `${member.name ?? member.email} (${STAFF_ROLE_LABELS[member.role]})`;

/** One of the shop's staff, named with their role: an assignment, an appointment's technician. */
export function StaffSelect({ shopId, label, emptyLabel, disabled, ...field }: Field & { shopId: string; label: string; emptyLabel: string; disabled?: boolean }) {
  const staff = trpc.shops.staff.list.useQuery({ serviceCenterId: shopId });
  return (
    <Select
      label={label}
      clearable
      disabled={disabled}
      placeholder={staff.isPending ? 'Loading staff…' : emptyLabel}
      data={(staff.data ?? []).map((member) => ({ value: member.userId, label: staffLabel(member) }))}
      {...field}
    />
  );
}

const customerLabel = (customer: CustomerOption) => (customer.email ? `${customer.name} (${customer.email})` : customer.name);

/**
 * A customer of the shop, searched on the server by name, e-mail or phone, and then one of that
 * customer's vehicles. The chosen customer stays chosen (with its vehicles) whatever is searched next.
 */
export function CustomerVehiclePicker({ shopId, customer, vehicle, vehiclePlaceholder }: { shopId: string; customer: Field; vehicle: Field; vehiclePlaceholder: string }) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<CustomerOption | null>(null);
  const [searched] = useDebouncedValue(picked && search === customerLabel(picked) ? '' : search.trim(), 250);
  const found = trpc.customers.options.useQuery({ serviceCenterId: shopId, search: searched || undefined });
  const options = [...(picked ? [picked] : []), ...(found.data ?? []).filter((c) => c.id !== picked?.id)];
  const noVehicles = picked !== null && picked.vehicles.length === 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select
        label="Customer"
        withAsterisk
        searchable
        placeholder={found.data?.length === 0 && !searched ? 'No customers in this shop yet' : 'Search the shop\u2019s customers'}
        nothingFoundMessage={found.isPending ? 'Loading…' : 'No customer of this shop matches'}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        data={options.map((c) => ({ value: c.id, label: customerLabel(c) }))}
        error={customer.error}
        value={customer.value ?? null}
        onChange={(value) => {
          setPicked(options.find((c) => c.id === value) ?? null);
          customer.onChange(value);
          vehicle.onChange(null);
        }}
      />
      <Select
        label="Vehicle"
        clearable
        disabled={!picked || noVehicles}
        placeholder={noVehicles ? 'No vehicles on file' : vehiclePlaceholder}
        data={(picked?.vehicles ?? []).map((v) => ({ value: v.id, label: v.label }))}
        {...vehicle}
      />
    </SimpleGrid>
  );
}

/** A moment as the date-time picker shows it: wall-clock text in the browser's zone, to the minute. */
export const wallClock = (date: Date | number) => dayjs(date).second(0).format('YYYY-MM-DD HH:mm:ss');
/** The picker's wall-clock text as the exact instant the server gets, or null while none is chosen. */
export const instant = (text: string | null): Date | null => (text ? dayjs(text).toDate() : null);

/** An appointment input as a form builds it: the date may still be missing (the form says so). */
export type DatedDraft<T extends { appointmentDate?: unknown }> = Omit<T, 'appointmentDate'> & { appointmentDate: Date | null };

/** The input to send once a date is chosen; null while none is (validation has already said why). */
export function withDate<T extends { appointmentDate: Date | null }>(draft: T): (Omit<T, 'appointmentDate'> & { appointmentDate: Date }) | null {
  const { appointmentDate } = draft;
  return appointmentDate ? { ...draft, appointmentDate } : null;
}

/**
 * An appointment's date and time (wall-clock text in the browser's zone, e.g. "2026-05-01 09:00:00")
 * and its duration in minutes. A duration that is not a number becomes 0, and the minimum then says
 * why it is refused (docs/appointments.md#the-page-service-appointments-the-tech-shell).
 */
export function WhenFields({
  date,
  duration,
  dateLabel = 'Appointment Date & Time',
  earliest,
}: {
  date: Field;
  duration: { value?: number; onChange: (value: number) => void; error?: ReactNode };
  dateLabel?: string;
  /** The first day the calendar offers (an owner's request: today). */
  earliest?: Date;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <DateTimePicker
        label={dateLabel}
        minDate={earliest}
        withAsterisk
        valueFormat="MMM D, YYYY h:mm A"
        timePickerProps={{ format: '12h', hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes', amPmInputLabel: 'AM or PM' }}
        submitButtonProps={{ 'aria-label': 'Apply date and time' }}
        popoverProps={{ withinPortal: true }}
        {...date}
      />
      <NumberInput
        label="Duration (minutes)"
        withAsterisk
        min={DURATION_MIN}
        max={DURATION_MAX}
        step={DURATION_STEP}
        allowDecimal={false}
        // A value out of range is named by the form, never quietly changed to the nearest allowed one.
        clampBehavior="none"
        value={duration.value}
        error={duration.error}
        onChange={(value) => duration.onChange(typeof value === 'number' ? value : Number(value) || 0)}
      />
    </SimpleGrid>
  );
}
