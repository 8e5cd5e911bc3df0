import { Badge, Button, Card, Group, Menu, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconClipboardList,
  IconDots,
  IconDoorExit,
  IconDownload,
  IconGasStation,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconSchema,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { dueSummary, worstUrgency } from '../../shared/due.ts';
import { DUE_THRESHOLDS, type DueItem, type GarageVehicle } from '../../shared/garage.ts';
import { exportLinks } from '../components/garage/links.ts';
import { DueTable } from '../components/garage/DueTable.tsx';
import { EditVehicleForm } from '../components/garage/EditVehicleForm.tsx';
import { RecordForm } from '../components/garage/RecordForm.tsx';
import { ShareVehicle } from '../components/garage/ShareVehicle.tsx';
import { formatMiles, UrgencyBadge } from '../components/garage/UrgencyBadge.tsx';
import { ownKey, useRecordTargets } from '../components/garage/use-record-targets.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { ConfirmBody, EmptyState, ShopDialog } from '../components/shop/parts.tsx';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';
import { browserTimeZone } from '../lib/time-zone.ts';

interface CardActions {
  onEdit: () => void;
  onAdd: () => void;
  onRemove: () => void;
  onShare: () => void;
  onLeave: () => void;
}

function GarageCard({ entry, due, onEdit, onAdd, onRemove, onShare, onLeave }: { entry: GarageVehicle; due: DueItem[] } & CardActions) {
  const { vehicle } = entry;
  const owner = entry.access === 'owner';
  const keeps = entry.access !== 'viewer';
  const urgency = worstUrgency(due.map((item) => item.urgency));
  const links = exportLinks(vehicle.id, null);
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const next = due[0];
  return (
    <Card withBorder padding="md" component="section" aria-label={entry.nickname}>
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
              {vehicle.trim ? ` ${vehicle.trim}` : ''} · {formatMiles(entry.odometer)}
              {vehicle.vin ? ` · VIN ${vehicle.vin}` : ''}
            </Text>
            {next ? (
              <Text size="sm" mt={4}>
                Next due: <strong>{next.service}</strong>, {dueSummary(next)}
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
        {due.length > 0 ? (
          <DueTable items={due} name={entry.nickname} />
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
  const garage = trpc.garage.list.useQuery();
  const due = trpc.garage.due.useQuery({ timeZone: browserTimeZone() });
  const { targets } = useRecordTargets();
  const [editing, setEditing] = useState<GarageVehicle | null>(null);
  const [adding, setAdding] = useState<GarageVehicle | null>(null);
  const [removing, setRemoving] = useState<GarageVehicle | null>(null);
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
        description={`Your vehicles and what is due. Due means within ${DUE_THRESHOLDS.dueDays} days or ${DUE_THRESHOLDS.dueMiles} miles, Soon within ${DUE_THRESHOLDS.soonDays} days or ${DUE_THRESHOLDS.soonMiles} miles.`}
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
              onEdit={() => setEditing(entry)}
              onAdd={() => setAdding(entry)}
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
