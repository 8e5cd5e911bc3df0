import { Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import {
  IconBell,
  IconClipboardList,
  IconDoorExit,
  IconDots,
  IconDownload,
  IconGasStation,
  IconPencil,
  IconPlus,
  IconPrinter,
  IconSchema,
  IconTrash,
  IconUpload,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'wouter';
import { dueSummary, worstUrgency } from '../../../shared/due.ts';
import { URGENCIES, type DueItem, type GarageVehicle } from '../../../shared/garage.ts';
import type { Reminder } from '../../../shared/reminders.ts';
import { useUnits } from '../../lib/units.ts';
import { DueTable, type ReminderActions } from './DueTable.tsx';
import { LatestDiagnosticSession } from './LatestDiagnosticSession.tsx';
import { LatestInspection } from './LatestInspection.tsx';
import { exportLinks } from './links.ts';
import { UrgencyBadge } from './UrgencyBadge.tsx';
import { ownKey } from './use-record-targets.ts';

export interface CardActions {
  onEdit: () => void;
  onAdd: () => void;
  onAddReminder: () => void;
  onImport: () => void;
  onRemove: () => void;
  onShare: () => void;
  onLeave: () => void;
}

/** One vehicle of My Garage: what is due, its latest inspection, and what can be done with it. */
export function GarageCard({
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
        <LatestInspection vehicleId={vehicle.id} />
        <LatestDiagnosticSession vehicleId={vehicle.id} />
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
