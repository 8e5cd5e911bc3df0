import { ActionIcon, Button, Card, Center, Group, Menu, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCalendar,
  IconCalendarCheck,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconDots,
  IconEye,
  IconPlayerPlay,
  IconPlus,
  IconSearch,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS_LABELS,
  DATE_FILTER_LABELS,
  DATE_FILTERS,
  formatDuration,
  type AppointmentStatus,
  type DateFilter,
  type ServiceAppointment,
} from '../../shared/appointments.ts';
import { customerLabel, LIST_PAGE_SIZE } from '../../shared/inquiries.ts';
import { formatCost } from '../../shared/money.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { AppointmentDetail, AppointmentForm } from '../components/shop/AppointmentDialogs.tsx';
import { AppointmentStatusBadge } from '../components/shop/badges.tsx';
import { browserTimeZone, EmptyState, formatDateTime, ShopDialog, StatCards, TableSkeleton } from '../components/shop/parts.tsx';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

const STATUS_ACTIONS: { status: Exclude<AppointmentStatus, 'no_show' | 'scheduled'>; label: string; icon: typeof IconPlayerPlay }[] = [
  { status: 'confirmed', label: 'Confirm Appointment', icon: IconCalendarCheck },
  { status: 'in_progress', label: 'Start Service', icon: IconPlayerPlay },
  { status: 'completed', label: 'Mark Completed', icon: IconCircleCheck },
  { status: 'cancelled', label: 'Cancel Appointment', icon: IconCircleX },
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

export default function ServiceAppointmentsPage() {
  const { role } = useSession();
  const canChangeStatus = role === 'tech';
  const utils = trpc.useUtils();
  const timeZone = useMemo(browserTimeZone, []);
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<AppointmentStatus | 'all'>('all');
  const [date, setDate] = useState<DateFilter>('all');
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<ServiceAppointment | null>(null);

  const stats = trpc.appointments.stats.useQuery({ timeZone });
  const list = trpc.appointments.list.useInfiniteQuery(
    { search: query || undefined, status: status === 'all' ? undefined : status, date, timeZone, limit: LIST_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const appointments = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtering = query !== '' || status !== 'all' || date !== 'all';

  const setAppointmentStatus = trpc.appointments.setStatus.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Service appointment updated successfully');
      void utils.appointments.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to update service appointment')),
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Service Appointments"
        description="The shop's schedule, from booking to completion"
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
        <TextInput
          aria-label="Search appointments"
          placeholder="Search appointments..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          aria-label="Filter by status"
          w={170}
          allowDeselect={false}
          value={status}
          onChange={(value) => setStatus((value ?? 'all') as AppointmentStatus | 'all')}
          data={[{ value: 'all', label: 'All Statuses' }, ...APPOINTMENT_STATUSES.map((value) => ({ value, label: APPOINTMENT_STATUS_LABELS[value] }))]}
        />
        <Select
          aria-label="Filter by date"
          w={170}
          allowDeselect={false}
          value={date}
          onChange={(value) => setDate((value ?? 'all') as DateFilter)}
          data={DATE_FILTERS.map((value) => ({ value, label: DATE_FILTER_LABELS[value] }))}
        />
      </Group>

      {list.isPending ? (
        <Card withBorder padding={0}>
          <TableSkeleton columns={7} rows={5} />
        </Card>
      ) : list.isError ? (
        <EmptyState title="Appointments could not be loaded" hint={errorMessage(list.error, 'Please try again.')} />
      ) : appointments.length === 0 ? (
        <EmptyState
          title="No appointments found"
          hint={filtering ? 'Try adjusting your search criteria' : 'Get started by scheduling your first service appointment'}
        />
      ) : (
        <Stack gap="md">
          <Card withBorder padding={0}>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Service Type</Table.Th>
                    <Table.Th>Date &amp; Time</Table.Th>
                    <Table.Th>Duration</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Cost</Table.Th>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {appointments.map((appointment) => (
                    <Table.Tr key={appointment.id}>
                      <Table.Td maw={260}>
                        <Text size="sm" fw={500} truncate="end">
                          {appointment.serviceType}
                        </Text>
                        {appointment.description ? (
                          <Text size="xs" c="dimmed" truncate="end">
                            {appointment.description}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{formatDateTime(appointment.appointmentDate)}</Table.Td>
                      <Table.Td>{formatDuration(appointment.duration)}</Table.Td>
                      <Table.Td>
                        <AppointmentStatusBadge status={appointment.status} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {customerLabel(appointment.customerId)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Costs appointment={appointment} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label="View details">
                            <ActionIcon variant="subtle" onClick={() => setViewing(appointment)} aria-label={`View details of ${appointment.serviceType}`}>
                              <IconEye size={16} />
                            </ActionIcon>
                          </Tooltip>
                          {canChangeStatus ? (
                            <Menu position="bottom-end" withinPortal>
                              <Menu.Target>
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`Change status of ${appointment.serviceType}`}
                                  loading={setAppointmentStatus.isPending && setAppointmentStatus.variables?.id === appointment.id}
                                >
                                  <IconDots size={16} />
                                </ActionIcon>
                              </Menu.Target>
                              <Menu.Dropdown>
                                {STATUS_ACTIONS.map((action) => (
                                  <Menu.Item
                                    key={action.status}
                                    leftSection={<action.icon size={14} />}
                                    color={action.status === 'cancelled' ? 'red' : undefined}
                                    disabled={appointment.status === action.status}
                                    onClick={() => setAppointmentStatus.mutate({ id: appointment.id, status: action.status })}
                                  >
                                    {action.label}
                                  </Menu.Item>
                                ))}
                              </Menu.Dropdown>
                            </Menu>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          {list.hasNextPage ? (
            <Center>
              <Button variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </Center>
          ) : null}
        </Stack>
      )}

      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="Schedule New Service Appointment">
        <AppointmentForm onDone={() => setCreating(false)} />
      </ShopDialog>
      <ShopDialog opened={viewing !== null} onClose={() => setViewing(null)} title="Appointment Details">
        {viewing ? <AppointmentDetail appointment={appointments.find((a) => a.id === viewing.id) ?? viewing} /> : null}
      </ShopDialog>
    </Stack>
  );
}
