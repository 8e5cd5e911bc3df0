import { ActionIcon, Button, Divider, Group, Select, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCar, IconDownload, IconPaperclip, IconPencil, IconPlus, IconPrinter, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { RECORD_STATUS_LABELS, RECORD_STATUSES, RECORDS_PAGE_SIZE, type RecordStatus, type ServiceRecord } from '../../shared/service-records.ts';
import { RecordForm } from '../components/garage/RecordForm.tsx';
import { RecordFiles } from '../components/files/RecordFiles.tsx';
import { recordDay, RecordStatusBadge } from '../components/garage/UrgencyBadge.tsx';
import { TableHead } from '../components/TableHead.tsx';
import { useUnits } from '../lib/units.ts';
import { exportLinks } from '../components/garage/links.ts';
import { byLine } from '../components/garage/by-line.ts';
import { useRecordTargets } from '../components/garage/use-record-targets.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { Pager } from '../components/Pager.tsx';
import { ConfirmDialog, EmptyState, ShopDialog, TableSkeleton } from '../components/shop/parts.tsx';
import { toasts } from '../lib/notify.ts';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';

export default function RecordsPage() {
  const f = useUnits();
  const { role } = useSession();
  const tech = role === 'tech';
  const utils = trpc.useUtils();
  const timeZone = browserTimeZone();
  const { targets, isPending: targetsPending } = useRecordTargets();
  const [params, setParams] = useSearchParams();
  const targetKey = params.get('vehicle');
  const target = targets.find((t) => t.key === targetKey) ?? null;
  // Vehicles shared with the user to view only: their records show no edit or delete.
  const viewOnly = new Set(targets.filter((t) => !t.writable).map((t) => t.vehicleId));
  const canAdd = targets.some((t) => t.writable);

  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [status, setStatus] = useState<RecordStatus | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ServiceRecord | null>(null);
  const [deleting, setDeleting] = useState<ServiceRecord | null>(null);
  const [filesOf, setFilesOf] = useState<ServiceRecord | null>(null);
  const rangeError = from && to && from > to ? 'The start date must not be after the end date' : null;

  const records = trpc.garage.records.list.useQuery(
    {
      vehicleId: target?.vehicleId,
      customerVehicleId: target?.customerVehicleId ?? undefined,
      search: q || undefined,
      status: status ?? undefined,
      from: from || undefined,
      to: to || undefined,
      timeZone,
      limit: RECORDS_PAGE_SIZE,
      offset: (page - 1) * RECORDS_PAGE_SIZE,
    },
    { enabled: !rangeError && (targetKey === null || target !== null), placeholderData: (previous) => previous },
  );
  const remove = trpc.garage.records.remove.useMutation(
    toasts({
      done: 'Service record deleted',
      failed: 'Failed to delete the service record',
      then: () => {
        void utils.garage.invalidate();
        void utils.vehicles.serviceRecords.invalidate();
        setDeleting(null);
      },
    }),
  );
  const filtered = Boolean(q || status || from || to);
  const links = target ? exportLinks(target.vehicleId, target.customerVehicleId) : null;
  const resetPage = () => setPage(1);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Service Records"
        description={tech ? 'Work done on your own and your customers’ vehicles' : 'The service history of the vehicles in your garage'}
        actions={
          <Group gap="sm">
            <Button component={Link} href="/garage" variant="default" leftSection={<IconCar size={16} />}>
              My Garage
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} disabled={targetsPending || !canAdd}>
              Add Record
            </Button>
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Vehicle"
          placeholder="All vehicles"
          clearable
          data={targets.map((t) => ({ value: t.key, label: t.label }))}
          value={target?.key ?? null}
          onChange={(value) => {
            resetPage();
            setParams(value ? { vehicle: value } : {}, { replace: true });
          }}
          w={260}
        />
        <TextInput
          label="Search"
          placeholder="Service, component, notes..."
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            resetPage();
          }}
          style={{ flex: 1, minWidth: 180 }}
        />
        <Select
          label="Status"
          placeholder="All statuses"
          clearable
          data={RECORD_STATUSES.map((value) => ({ value, label: RECORD_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value as RecordStatus | null);
            resetPage();
          }}
          w={150}
        />
        <TextInput label="From" type="date" value={from} onChange={(event) => (setFrom(event.currentTarget.value), resetPage())} w={150} />
        <TextInput label="To" type="date" value={to} error={rangeError} onChange={(event) => (setTo(event.currentTarget.value), resetPage())} w={150} />
      </Group>
      {links ? (
        <Group gap="sm">
          <Button component="a" href={links.csv} variant="default" size="xs" leftSection={<IconDownload size={14} />}>
            Export CSV
          </Button>
          <Button component={Link} href={links.print} variant="default" size="xs" leftSection={<IconPrinter size={14} />}>
            Printable history
          </Button>
        </Group>
      ) : null}

      {rangeError ? (
        <EmptyState title="Check the dates" hint={rangeError} />
      ) : records.isPending || targetsPending ? (
        <TableSkeleton columns={7} />
      ) : records.isError ? (
        <EmptyState
          title="Service records could not be loaded"
          hint={errorMessage(records.error, 'Please try again.')}
          action={
            <Button variant="default" onClick={() => void records.refetch()}>
              Try again
            </Button>
          }
        />
      ) : records.data.items.length === 0 ? (
        <EmptyState
          title={filtered ? 'No records match these filters' : 'No service records yet'}
          hint={
            targets.length === 0
              ? 'Save a vehicle to My Garage from the vehicle page, then log its services here.'
              : filtered
                ? 'Try other words, another status or a wider date range.'
                : canAdd
                  ? 'Add the services done so far; due dates and alerts are worked out from them.'
                  : 'Nothing has been recorded for the vehicles shared with you yet.'
          }
          action={
            canAdd && !filtered ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                Add Record
              </Button>
            ) : targets.length === 0 ? (
              <Button component={Link} href="/" variant="default">
                Identify a vehicle
              </Button>
            ) : null
          }
        />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {records.data.total === 1 ? '1 record' : `${records.data.total} records`}
          </Text>
          <Table.ScrollContainer minWidth={860}>
            <Table striped highlightOnHover aria-label="Service records">
              <TableHead columns={['Date', 'Vehicle', 'Service', 'Component', 'Mileage', 'Cost', 'Status', 'By', { label: 'Actions', hidden: true }]} />
              <Table.Tbody>
                {records.data.items.map((record) => (
                  <Table.Tr key={record.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.day(recordDay(record.date))}</Table.Td>
                    <Table.Td>
                      {record.vehicle.year} {record.vehicle.make} {record.vehicle.model}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {record.serviceType}
                      </Text>
                      {record.description ? (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {record.description}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{record.componentName ?? '-'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.distance(record.mileageValue)}</Table.Td>
                    <Table.Td>{f.money(record.cost)}</Table.Td>
                    <Table.Td style={{ minWidth: 120 }}>
                      <RecordStatusBadge status={record.status} />
                    </Table.Td>
                    <Table.Td>{byLine(record)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label="Receipts and photos">
                          <ActionIcon variant="subtle" onClick={() => setFilesOf(record)} aria-label={`Receipts and photos of ${record.serviceType} of ${f.day(recordDay(record.date))}`}>
                            <IconPaperclip size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {viewOnly.has(record.vehicleId) ? null : (
                          <>
                            <Tooltip label="Edit">
                              <ActionIcon variant="subtle" onClick={() => setEditing(record)} aria-label={`Edit ${record.serviceType} of ${f.day(recordDay(record.date))}`}>
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label="Delete">
                              <ActionIcon variant="subtle" color="red" onClick={() => setDeleting(record)} aria-label={`Delete ${record.serviceType} of ${f.day(recordDay(record.date))}`}>
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager total={records.data.total} pageSize={RECORDS_PAGE_SIZE} page={page} onChange={setPage} />
        </Stack>
      )}

      <ShopDialog opened={adding} onClose={() => setAdding(false)} title="Add Service Record">
        <RecordForm targets={targets} initial={{ targetKey: target?.key }} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
      </ShopDialog>
      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title="Edit Service Record">
        {editing ? (
          <Stack gap="md">
            <RecordForm targets={targets} record={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
            <Divider label="Receipts and photos" labelPosition="left" />
            <RecordFiles recordId={editing.id} />
          </Stack>
        ) : null}
      </ShopDialog>
      <ShopDialog opened={filesOf !== null} onClose={() => setFilesOf(null)} title={filesOf ? `Receipts and photos: ${filesOf.serviceType}, ${f.day(recordDay(filesOf.date))}` : ''}>
        {filesOf ? <RecordFiles recordId={filesOf.id} canChange={!viewOnly.has(filesOf.vehicleId)} /> : null}
      </ShopDialog>
      <ConfirmDialog
        target={deleting}
        title="Delete Service Record"
        message={(record) => `Delete the ${record.serviceType} record of ${f.day(recordDay(record.date))}? Due dates are worked out again without it.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={(record) => remove.mutate({ id: record.id })}
      />
    </Stack>
  );
}
