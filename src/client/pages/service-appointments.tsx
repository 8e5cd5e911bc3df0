import { Button, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendar,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconEdit,
  IconPlayerPlay,
  IconPlus,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS, DATE_FILTER_LABELS, DATE_FILTERS, type AppointmentStatus, type DateFilter, type ServiceAppointment } from '../../shared/appointments.ts';
import { customerLabel, formatDuration } from '../../shared/format.ts';
import { LIST_PAGE_SIZE } from '../../shared/inquiries.ts';
import { formatCost } from '../../shared/money.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { CreateOrderButton } from '../components/repair-orders/CreateOrderButton.tsx';
import { AppointmentDetail, AppointmentForm } from '../components/shop/AppointmentDialogs.tsx';
import { AppointmentStatusBadge } from '../components/shop/badges.tsx';
import { formatDateTime, ShopDialog, StatCards } from '../components/shop/parts.tsx';
import { ListFilter, listItems, ListSearch, ShopList, useListSearch, type ListColumn, type StatusAction } from '../components/shop/ShopList.tsx';
import { toasts } from '../lib/notify.ts';
import { useCurrentShop } from '../lib/current-shop.ts';
import { NoShopState } from '../components/shop/NoShopState.tsx';
import { trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';

const STATUS_ACTIONS: StatusAction<Exclude<AppointmentStatus, 'no_show' | 'scheduled'>>[] = [
  { status: 'confirmed', label: 'Confirm Appointment', icon: IconCalendarCheck },
  { status: 'in_progress', label: 'Start Service', icon: IconPlayerPlay },
  { status: 'completed', label: 'Mark Completed', icon: IconCircleCheck },
  { status: 'cancelled', label: 'Cancel Appointment', icon: IconCircleX, color: 'red' },
];

function Costs({ appointment }: { appointment: ServiceAppointment }) {
  const estimated = formatCost(appointment.estimatedCost);
  const actual = formatCost(appointment.actualCost);
  if (!estimated && !actual) return <Text size="sm">-</Text>;
  return (
    <Stack gap={0}>
      {estimated ? <Text size="sm">Est: {estimated}</Text> : null}
      {actual ? <Text size="sm">Act: {actual}</Text> : null}
    </Stack>
  );
}

const COLUMNS: ListColumn<ServiceAppointment>[] = [
  {
    header: 'Service Type',
    maw: 260,
    cell: (appointment) => (
      <>
        <Text size="sm" fw={500} truncate="end">
          {appointment.serviceType}
        </Text>
        {appointment.description ? (
          <Text size="xs" c="dimmed" truncate="end">
            {appointment.description}
          </Text>
        ) : null}
      </>
    ),
  },
  { header: 'Date & Time', cell: (appointment) => formatDateTime(appointment.appointmentDate) },
  { header: 'Duration', cell: (appointment) => formatDuration(appointment.duration) },
  { header: 'Status', cell: (appointment) => <AppointmentStatusBadge status={appointment.status} /> },
  {
    header: 'Customer',
    maw: 220,
    cell: (appointment) => (
      <>
        <Text size="sm" truncate="end">
          {appointment.customerName ?? customerLabel(appointment.customerId)}
        </Text>
        {appointment.vehicleLabel ? (
          <Text size="xs" c="dimmed" truncate="end">
            {appointment.vehicleLabel}
          </Text>
        ) : null}
      </>
    ),
  },
  { header: 'Cost', cell: (appointment) => <Costs appointment={appointment} /> },
];

export default function ServiceAppointmentsPage() {
  const current = useCurrentShop();
  return (
    <Stack gap="lg">
      {current.shopId ? (
        <ShopAppointments shopId={current.shopId} shopName={current.shop?.name ?? 'the shop'} />
      ) : (
        <>
          <PageHeader title="Service Appointments" description="The shop's schedule, from booking to completion" />
          <NoShopState current={current} what="Appointments" />
        </>
      )}
    </Stack>
  );
}

function ShopAppointments({ shopId, shopName }: { shopId: string; shopName: string }) {
  const utils = trpc.useUtils();
  const timeZone = useMemo(browserTimeZone, []);
  const { search, setSearch, query } = useListSearch();
  const [status, setStatus] = useState<AppointmentStatus | 'all'>('all');
  const [date, setDate] = useState<DateFilter>('all');
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<ServiceAppointment | null>(null);
  const [editing, setEditing] = useState<ServiceAppointment | null>(null);

  const stats = trpc.appointments.stats.useQuery({ timeZone, serviceCenterId: shopId });
  const list = trpc.appointments.list.useInfiniteQuery(
    { serviceCenterId: shopId, search: query || undefined, status: status === 'all' ? undefined : status, date, timeZone, limit: LIST_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );

  const setAppointmentStatus = trpc.appointments.setStatus.useMutation(toasts({ done: 'Service appointment updated successfully', failed: 'Failed to update service appointment', then: () => void utils.appointments.invalidate() }));

  const shown = (appointment: ServiceAppointment) => listItems(list).find((a) => a.id === appointment.id) ?? appointment;

  return (
    <>
      <PageHeader
        title="Service Appointments"
        description={`${shopName}: the schedule, from booking to completion`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New Appointment
          </Button>
        }
      />
      <StatCards
        loading={stats.isPending}
        stats={[
          { label: 'Total Appointments', caption: 'All time', value: stats.data?.total, icon: IconCalendar, color: 'blue' },
          { label: 'Today', caption: 'Dated today', value: stats.data?.today, icon: IconClock, color: 'violet' },
          { label: 'Scheduled', caption: 'Awaiting confirmation', value: stats.data?.scheduled, icon: IconCalendarEvent, color: 'yellow' },
          { label: 'Completed', caption: 'Service finished', value: stats.data?.completed, icon: IconCircleCheck, color: 'green' },
        ]}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <ListSearch label="Search appointments" placeholder="Search appointments..." value={search} onChange={setSearch} />
        <ListFilter
          label="Filter by status"
          value={status}
          onChange={setStatus}
          data={[{ value: 'all', label: 'All Statuses' }, ...APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))]}
        />
        <ListFilter label="Filter by date" value={date} onChange={setDate} data={DATE_FILTERS.map((value) => ({ value, label: DATE_FILTER_LABELS[value] }))} />
      </Group>

      <ShopList
        list={list}
        noun="appointments"
        filtering={query !== '' || status !== 'all' || date !== 'all'}
        emptyHint="Get started by scheduling your first service appointment"
        minWidth={900}
        columns={COLUMNS}
        rowName={(appointment) => appointment.serviceType}
        onView={setViewing}
        statusMenu={{
          actions: STATUS_ACTIONS,
          busyId: setAppointmentStatus.isPending ? (setAppointmentStatus.variables?.id ?? null) : null,
          onChoose: (appointment, next) => setAppointmentStatus.mutate({ id: appointment.id, status: next }),
        }}
      />

      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="Schedule New Service Appointment">
        <AppointmentForm shopId={shopId} onDone={() => setCreating(false)} />
      </ShopDialog>
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title="Edit or Reschedule Appointment">
        {editing ? <AppointmentForm key={editing.id} shopId={shopId} appointment={editing} onDone={() => setEditing(null)} /> : null}
      </ShopDialog>
      <ShopDialog opened={viewing !== null} onClose={() => setViewing(null)} title="Appointment Details">
        {viewing ? (
          <Stack gap="md">
            <AppointmentDetail appointment={shown(viewing)} />
            <Group justify="flex-end">
              {shown(viewing).status === 'cancelled' || shown(viewing).status === 'no_show' ? null : (
                <CreateOrderButton serviceCenterId={shopId} customerVehicleId={shown(viewing).customerVehicleId} source={{ appointmentId: viewing.id }} />
              )}
              <Button
                leftSection={<IconEdit size={16} />}
                onClick={() => {
                  setEditing(shown(viewing));
                  setViewing(null);
                }}
              >
                Edit or Reschedule
              </Button>
            </Group>
          </Stack>
        ) : null}
      </ShopDialog>
    </>
  );
}
