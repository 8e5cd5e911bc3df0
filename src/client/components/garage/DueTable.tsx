import { ActionIcon, Button, Group, Menu, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { dueSummary } from '../../../shared/due.ts';
import { URGENCIES, type DueItem } from '../../../shared/garage.ts';
import { repeatText, type Reminder } from '../../../shared/reminders.ts';
import { intervalTextIn } from '../../../shared/units.ts';
import { useUnits } from '../../lib/units.ts';
import { TableHead } from '../TableHead.tsx';
import { UrgencyBadge } from './UrgencyBadge.tsx';

const DUE_SHOWN = 6;

/** Where a due item's count starts, in words. */
function LastDone({ item }: { item: DueItem }) {
  const f = useUnits();
  if (item.basis === 'tracking') {
    return (
      <Text size="sm" c="dimmed">
        Tracked since {f.day(item.trackingDate)}
      </Text>
    );
  }
  return (
    <Text size="sm">
      {[item.lastServiceDate ? f.day(item.lastServiceDate) : null, item.lastServiceMileage !== null ? f.distance(item.lastServiceMileage) : null].filter(Boolean).join(' · ')}
      {item.basis === 'known' ? (
        <Text span size="xs" c="dimmed" display="block">
          as told when saved
        </Text>
      ) : null}
    </Text>
  );
}

export interface ReminderActions {
  onEdit: (reminder: Reminder) => void;
  onDone: (reminder: Reminder) => void;
  onDelete: (reminder: Reminder) => void;
}

type Row = { kind: 'item'; item: DueItem } | { kind: 'reminder'; item: Reminder };

/** Most urgent first; within an urgency the fewest days (or miles) left first, as the server orders items. */
function merged(items: DueItem[], reminders: Reminder[]): Row[] {
  const rows: Row[] = [...reminders.map((item): Row => ({ kind: 'reminder', item })), ...items.map((item): Row => ({ kind: 'item', item }))];
  const rank = (row: Row) => URGENCIES.indexOf(row.item.urgency);
  const left = (row: Row) => Math.min(row.item.daysLeft ?? Infinity, row.item.milesLeft === null ? Infinity : row.item.milesLeft / 30);
  return rows.sort((a, b) => rank(a) - rank(b) || left(a) - left(b));
}

function NextDue({ item }: { item: DueItem | Reminder }) {
  const f = useUnits();
  return (
    <>
      <Text size="sm">{[item.dueDate ? f.day(item.dueDate) : null, item.dueMileage !== null ? f.distance(item.dueMileage) : null].filter(Boolean).join(' or ')}</Text>
      <Text size="xs" c="dimmed">
        {dueSummary(item, f.units)}
      </Text>
    </>
  );
}

function ReminderName({ reminder, actions }: { reminder: Reminder; actions: ReminderActions }) {
  const { units } = useUnits();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {reminder.title}
        </Text>
        <Text size="xs" c="dimmed">
          Your reminder · {repeatText(reminder, units)}
        </Text>
        {reminder.notes ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {reminder.notes}
          </Text>
        ) : null}
      </div>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${reminder.title}`}>
            <IconDots size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCheck size={14} />} onClick={() => actions.onDone(reminder)}>
            Mark done
          </Menu.Item>
          <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => actions.onEdit(reminder)}>
            Edit reminder
          </Menu.Item>
          <Menu.Item leftSection={<IconTrash size={14} color="var(--mantine-color-red-filled)" aria-hidden />} onClick={() => actions.onDelete(reminder)}>
            Delete reminder
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** A garage vehicle's due list, the owner's reminders among the computed items: the most urgent first, six at a time. */
export function DueTable({ items, reminders = [], actions, name }: { items: DueItem[]; reminders?: Reminder[]; actions?: ReminderActions; name: string }) {
  const f = useUnits();
  const [all, setAll] = useState(false);
  const rows = merged(items, reminders);
  const shown = all ? rows : rows.slice(0, DUE_SHOWN);
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={`Maintenance due for ${name}`}>
          <TableHead columns={['Service', { label: 'Last done', visibleFrom: 'sm' }, 'Next due', 'Urgency']} />
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={row.kind === 'item' ? `${row.item.componentId}:${row.item.service}` : `reminder:${row.item.id}`}>
                <Table.Td>
                  {row.kind === 'reminder' && actions ? (
                    <ReminderName reminder={row.item} actions={actions} />
                  ) : row.kind === 'item' ? (
                    <>
                      <Text size="sm" fw={500}>
                        {row.item.service}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.item.componentName} · {intervalTextIn(row.item.intervalText, f.units)}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" fw={500}>
                      {row.item.title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {row.kind === 'item' ? (
                    <LastDone item={row.item} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      -
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <NextDue item={row.item} />
                </Table.Td>
                <Table.Td w={1}>
                  {/* Never cut: the badge keeps its width, the other columns wrap. */}
                  <UrgencyBadge urgency={row.item.urgency} size="sm" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length > DUE_SHOWN ? (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </Button>
      ) : null}
    </Stack>
  );
}
