import { Badge, Button, Card, Group, Menu, Modal, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconClipboardList,
  IconDots,
  IconDoorExit,
  IconDownload,
  IconBell,
  IconGasStation,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconSchema,
  IconTrash,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { dueSummary, worstUrgency } from '../../shared/due.ts';
import { DUE_THRESHOLDS, URGENCIES, type DueItem, type GarageVehicle } from '../../shared/garage.ts';
import { exportLinks } from '../components/garage/links.ts';
import { DueTable, type ReminderActions } from '../components/garage/DueTable.tsx';
import { ReminderForm } from '../components/reminders/ReminderForm.tsx';
import type { Reminder } from '../../shared/reminders.ts';
import { ImportStepper } from '../components/imports/ImportStepper.tsx';
import { EditVehicleForm } from '../components/garage/EditVehicleForm.tsx';
import { RecordForm } from '../components/garage/RecordForm.tsx';
import { ShareVehicle } from '../components/garage/ShareVehicle.tsx';
import { UrgencyBadge } from '../components/garage/UrgencyBadge.tsx';
import { ownKey, useRecordTargets } from '../components/garage/use-record-targets.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ConfirmBody, EmptyState, ShopDialog } from '../components/shop/parts.tsx';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { useUnits } from '../lib/units.ts';

interface CardActions {
  onEdit: () => void;
  onAdd: () => void;
  onAddReminder: () => void;
  onImport: () => void;
  onRemove: () => void;
  onShare: () => void;
  onLeave: () => void;
}

function GarageCard({
  entry,
  due,
  reminders,
  reminderActions,
  onEdit,
  onAdd,
  onAddReminder,
  onImport,
  onRemove,
  onShare,
  onLeave,
}: { entry: GarageVehicle; due: DueItem[]; reminders: Reminder[]; reminderActions: ReminderActions } & CardActions) {
  const { vehicle } = entry;
  const f = useUnits();
  const owner = entry.access === 'owner';
  const keeps = entry.access !== 'viewer';
  const urgency = worstUrgency([...due, ...reminders].map((item) => item.urgency));
  const links = exportLinks(vehicle.id, null);
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  // The most urgent of the computed items (already ordered) and the owner's reminders (ordered too).
  const firstItem = due[0];
  const firstReminder = reminders[0];
  const next =
    firstReminder && (!firstItem || URGENCIES.indexOf(firstReminder.urgency) < URGENCIES.indexOf(firstItem.urgency))
      ? { name: firstReminder.title, summary: dueSummary(firstReminder, f.units) }
      : firstItem
        ? { name: firstItem.service, summary: dueSummary(firstItem, f.units) }
        : null;
  return (
    <Card withBorder padding="md" component="section" aria-label={entry.nickname} id={`garage-${entry.id}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {entry.nickname}
            </Title>
            {entry.sharedBy ? (
              <Badge variant="light" color="grape" size="sm" mb={4}>
                Shared by {entry.sharedBy}
                {entry.access === 'viewer' ? ' · view only' : ''}
              </Badge>
            ) : null}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {name}
              {vehicle.trim ? ` ${vehicle.trim}` : ''} · {f.distance(entry.odometer)}
              {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
            </Text>
            {next ? (
              <Text size="sm" mt={4}>
                Next due: <strong>{next.name}</strong>, {next.summary}
              </Text>
            ) : null}
          </div>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <UrgencyBadge urgency={urgency} size="md" />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="default" size="compact-md" aria-label={`More for ${entry.nickname}`}>
                  <IconDots size={16} />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {keeps ? (
                  <Menu.Item leftSection={<IconPencil size={14} />} onClick={onEdit}>
                    Rename or update odometer
                  </Menu.Item>
                ) : null}
                {owner ? (
                  <Menu.Item leftSection={<IconUsers size={14} />} onClick={onShare}>
                    Share with your household
                  </Menu.Item>
                ) : null}
                <Menu.Item leftSection={<IconDownload size={14} />} component="a" href={links.csv}>
                  Export history (CSV)
                </Menu.Item>
                <Menu.Item leftSection={<IconPrinter size={14} />} component={Link} href={links.print}>
                  Printable history
                </Menu.Item>
                {keeps ? (
                  <Menu.Item leftSection={<IconUpload size={14} />} onClick={onImport}>
                    Import records (CSV)
                  </Menu.Item>
                ) : null}
                <Menu.Divider />
                {owner ? (
                  <Menu.Item leftSection={<IconTrash size={14} color="var(--mantine-color-red-filled)" aria-hidden />} onClick={onRemove}>
                    Remove from garage
                  </Menu.Item>
                ) : (
                  <Menu.Item leftSection={<IconDoorExit size={14} color="var(--mantine-color-red-filled)" aria-hidden />} onClick={onLeave}>
                    Leave this shared vehicle
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        {due.length + reminders.length > 0 ? (
          <DueTable items={due} reminders={reminders} actions={reminderActions} name={entry.nickname} />
        ) : (
          <Text size="sm" c="dimmed">
            No service intervals are known for this vehicle's components.
          </Text>
        )}
        <Group gap="xs">
          {keeps ? (
            <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
              Add Record
            </Button>
          ) : null}
          {owner ? (
            <Button variant="default" leftSection={<IconBell size={16} />} onClick={onAddReminder}>
              Add Reminder
            </Button>
          ) : null}
          <Button component={Link} href={`/records?vehicle=${encodeURIComponent(ownKey(vehicle.id))}`} variant="default" leftSection={<IconClipboardList size={16} />}>
            Service history
          </Button>
          <Button component={Link} href={`/garage/costs?vehicle=${vehicle.id}`} variant="default" leftSection={<IconGasStation size={16} />}>
            Fuel and costs
          </Button>
          <Button component={Link} href={`/?vehicle=${vehicle.id}`} variant="default" leftSection={<IconSchema size={16} />}>
            Diagram
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export default function GaragePage() {
  const utils = trpc.useUtils();
  const f = useUnits();
  const span = (miles: number) => (f.units.distanceUnit === 'mi' ? `${miles} miles` : f.distance(miles));
  const garage = trpc.garage.list.useQuery();
  const due = trpc.garage.due.useQuery({ timeZone: browserTimeZone() });
  const reminders = trpc.garage.reminders.list.useQuery({ timeZone: browserTimeZone() });
  const [reminderFor, setReminderFor] = useState<{ vehicleId: string; reminder?: Reminder } | null>(null);
  const [deletingReminder, setDeletingReminder] = useState<Reminder | null>(null);
  const removeReminder = trpc.garage.reminders.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Reminder deleted');
      void utils.garage.reminders.invalidate();
      setDeletingReminder(null);
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to delete the reminder')),
  });
  const markDone = trpc.garage.reminders.done.useMutation({
    onSuccess: ({ next }) => {
      notifySuccess('Reminder done', next ? `Next due ${dueSummary(next, f.units)}` : 'It is finished and leaves the list.');
      void utils.garage.reminders.invalidate();
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to mark the reminder done')),
  });
  const reminderActions: ReminderActions = {
    onEdit: (reminder) => setReminderFor({ vehicleId: reminder.vehicleId, reminder }),
    onDelete: setDeletingReminder,
    onDone: (reminder) => markDone.mutate({ id: reminder.id, timeZone: browserTimeZone() }),
  };
  // A notification links here with ?vehicle=<garage entry>: bring that vehicle into view.
  const focus = new URLSearchParams(useSearch()).get('vehicle');
  useEffect(() => {
    if (focus && garage.data) document.getElementById(`garage-${focus}`)?.scrollIntoView({ block: 'start' });
  }, [focus, garage.data]);
  const { targets } = useRecordTargets();
  const [editing, setEditing] = useState<GarageVehicle | null>(null);
  const [adding, setAdding] = useState<GarageVehicle | null>(null);
  const [removing, setRemoving] = useState<GarageVehicle | null>(null);
  /** The import stepper, for one vehicle (from its menu) or the first (the page's Import button). */
  const [importing, setImporting] = useState<{ vehicleId: string | null } | null>(null);
  const [sharing, setSharing] = useState<GarageVehicle | null>(null);
  const [leaving, setLeaving] = useState<GarageVehicle | null>(null);
  const leave = trpc.garage.shares.leave.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'You left the shared vehicle');
      void utils.garage.invalidate();
      setLeaving(null);
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to leave the vehicle')),
  });
  const remove = trpc.garage.remove.useMutation({
    onSuccess: () => {
      notifySuccess('Success', 'Vehicle removed from your garage');
      void utils.garage.invalidate();
      setRemoving(null);
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to remove the vehicle')),
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="My Garage"
        actions={
          garage.data?.some((v) => v.access !== 'viewer') ? (
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting({ vehicleId: null })}>
              Import
            </Button>
          ) : null
        }
        description={`Your vehicles and what is due. Due means within ${DUE_THRESHOLDS.dueDays} days or ${span(DUE_THRESHOLDS.dueMiles)}, Soon within ${DUE_THRESHOLDS.soonDays} days or ${span(DUE_THRESHOLDS.soonMiles)}.`}
      />
      {garage.isPending ? (
        <SimpleGrid cols={1} spacing="md" aria-busy="true">
          <Skeleton h={260} radius="md" />
          <Skeleton h={260} radius="md" />
        </SimpleGrid>
      ) : garage.isError ? (
        <EmptyState
          title="Your garage could not be loaded"
          hint={errorMessage(garage.error, 'Please try again.')}
          action={
            <Button variant="default" onClick={() => void garage.refetch()}>
              Try again
            </Button>
          }
        />
      ) : garage.data.length === 0 ? (
        <EmptyState
          title="Your garage is empty"
          hint="Identify a vehicle by VIN or by year, make and model, then choose Save to My Vehicles."
          action={
            <Button component={Link} href="/">
              Identify a vehicle
            </Button>
          }
        />
      ) : (
        <Stack gap="md">
          {garage.data.map((entry) => (
            <GarageCard
              key={entry.id}
              entry={entry}
              due={(due.data ?? []).filter((item) => item.garageVehicleId === entry.id)}
              reminders={(reminders.data ?? []).filter((item) => item.garageVehicleId === entry.id)}
              reminderActions={reminderActions}
              onEdit={() => setEditing(entry)}
              onAdd={() => setAdding(entry)}
              onAddReminder={() => setReminderFor({ vehicleId: entry.vehicle.id })}
              onImport={() => setImporting({ vehicleId: entry.vehicle.id })}
              onRemove={() => setRemoving(entry)}
              onShare={() => setSharing(entry)}
              onLeave={() => setLeaving(entry)}
            />
          ))}
        </Stack>
      )}

      <ShopDialog opened={editing !== null} onClose={() => setEditing(null)} title={editing ? `Edit ${editing.nickname}` : ''}>
        {editing ? <EditVehicleForm entry={editing} onDone={() => setEditing(null)} /> : null}
      </ShopDialog>
      <ShopDialog opened={adding !== null} onClose={() => setAdding(null)} title="Add Service Record">
        {adding ? (
          <RecordForm targets={targets} initial={{ targetKey: ownKey(adding.vehicle.id) }} onDone={() => setAdding(null)} onCancel={() => setAdding(null)} />
        ) : null}
      </ShopDialog>
      <Modal opened={importing !== null} onClose={() => setImporting(null)} title="Import records from CSV" size="48rem" yOffset="5vh" closeOnClickOutside={false}>
        {importing && garage.data ? <ImportStepper vehicles={garage.data.filter((v) => v.access !== 'viewer')} initialVehicleId={importing.vehicleId} onClose={() => setImporting(null)} /> : null}
      </Modal>
      <ShopDialog opened={reminderFor !== null} onClose={() => setReminderFor(null)} title={reminderFor?.reminder ? 'Edit Reminder' : 'Add Reminder'}>
        {reminderFor ? (
          <ReminderForm vehicleId={reminderFor.vehicleId} reminder={reminderFor.reminder} onDone={() => setReminderFor(null)} onCancel={() => setReminderFor(null)} />
        ) : null}
      </ShopDialog>
      <ShopDialog opened={deletingReminder !== null} onClose={() => setDeletingReminder(null)} title="Delete reminder">
        {deletingReminder ? (
          <ConfirmBody
            message={`Delete the reminder "${deletingReminder.title}"? This cannot be undone.`}
            confirmLabel="Delete"
            loading={removeReminder.isPending}
            onCancel={() => setDeletingReminder(null)}
            onConfirm={() => removeReminder.mutate({ id: deletingReminder.id })}
          />
        ) : null}
      </ShopDialog>
      <ShopDialog opened={sharing !== null} onClose={() => setSharing(null)} title={sharing ? `Share ${sharing.nickname}` : ''}>
        {sharing ? <ShareVehicle entry={sharing} /> : null}
      </ShopDialog>
      <ShopDialog opened={leaving !== null} onClose={() => setLeaving(null)} title="Leave shared vehicle">
        {leaving ? (
          <ConfirmBody
            message={`Leave ${leaving.nickname}? It disappears from your garage; its owner can share it with you again.`}
            confirmLabel="Leave"
            loading={leave.isPending}
            onCancel={() => setLeaving(null)}
            onConfirm={() => leave.mutate({ garageVehicleId: leaving.id })}
          />
        ) : null}
      </ShopDialog>
      <ShopDialog opened={removing !== null} onClose={() => setRemoving(null)} title="Remove from garage">
        {removing ? (
          <ConfirmBody
            message={`Remove ${removing.nickname} from your garage? Its service records are kept and come back if you save the vehicle again.`}
            confirmLabel="Remove"
            loading={remove.isPending}
            onCancel={() => setRemoving(null)}
            onConfirm={() => remove.mutate({ id: removing.id })}
          />
        ) : null}
      </ShopDialog>
    </Stack>
  );
}
