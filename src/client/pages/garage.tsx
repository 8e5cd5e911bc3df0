import { Button, Modal, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { dueSummary } from '../../shared/due.ts';
import { DUE_THRESHOLDS, type GarageVehicle } from '../../shared/garage.ts';
import type { Reminder } from '../../shared/reminders.ts';
import { type ReminderActions } from '../components/garage/DueTable.tsx';
import { EditVehicleForm } from '../components/garage/EditVehicleForm.tsx';
import { GarageCard } from '../components/garage/GarageCard.tsx';
import { RecordForm } from '../components/garage/RecordForm.tsx';
import { ShareVehicle } from '../components/garage/ShareVehicle.tsx';
import { ownKey, useRecordTargets } from '../components/garage/use-record-targets.ts';
import { ImportStepper } from '../components/imports/ImportStepper.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { ReminderForm } from '../components/reminders/ReminderForm.tsx';
import { ConfirmDialog, EmptyState, ShopDialog } from '../components/shop/parts.tsx';
import { notifyError, notifySuccess, toasts } from '../lib/notify.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { useUnits } from '../lib/units.ts';

export default function GaragePage() {
  const utils = trpc.useUtils();
  const f = useUnits();
  const span = (miles: number) => (f.units.distanceUnit === 'mi' ? `${miles} miles` : f.distance(miles));
  const garage = trpc.garage.list.useQuery();
  const due = trpc.garage.due.useQuery({ timeZone: browserTimeZone() });
  const reminders = trpc.garage.reminders.list.useQuery({ timeZone: browserTimeZone() });
  const [reminderFor, setReminderFor] = useState<{ vehicleId: string; reminder?: Reminder } | null>(null);
  const [deletingReminder, setDeletingReminder] = useState<Reminder | null>(null);
  const removeReminder = trpc.garage.reminders.remove.useMutation(
    toasts({
      done: 'Reminder deleted',
      failed: 'Failed to delete the reminder',
      then: () => {
        void utils.garage.reminders.invalidate();
        setDeletingReminder(null);
      },
    }),
  );
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
  const leave = trpc.garage.shares.leave.useMutation(
    toasts({
      done: 'You left the shared vehicle',
      failed: 'Failed to leave the vehicle',
      then: () => {
        void utils.garage.invalidate();
        setLeaving(null);
      },
    }),
  );
  const remove = trpc.garage.remove.useMutation(
    toasts({
      done: 'Vehicle removed from your garage',
      failed: 'Failed to remove the vehicle',
      then: () => {
        void utils.garage.invalidate();
        setRemoving(null);
      },
    }),
  );

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
      <ConfirmDialog
        target={deletingReminder}
        title="Delete reminder"
        message={(reminder) => `Delete the reminder "${reminder.title}"? This cannot be undone.`}
        confirmLabel="Delete"
        loading={removeReminder.isPending}
        onClose={() => setDeletingReminder(null)}
        onConfirm={(reminder) => removeReminder.mutate({ id: reminder.id })}
      />
      <ShopDialog opened={sharing !== null} onClose={() => setSharing(null)} title={sharing ? `Share ${sharing.nickname}` : ''}>
        {sharing ? <ShareVehicle entry={sharing} /> : null}
      </ShopDialog>
      <ConfirmDialog
        target={leaving}
        title="Leave shared vehicle"
        message={(entry) => `Leave ${entry.nickname}? It disappears from your garage; its owner can share it with you again.`}
        confirmLabel="Leave"
        loading={leave.isPending}
        onClose={() => setLeaving(null)}
        onConfirm={(entry) => leave.mutate({ garageVehicleId: entry.id })}
      />
      <ConfirmDialog
        target={removing}
        title="Remove from garage"
        message={(entry) => `Remove ${entry.nickname} from your garage? Its service records are kept and come back if you save the vehicle again.`}
        confirmLabel="Remove"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(entry) => remove.mutate({ id: entry.id })}
      />
    </Stack>
  );
}
