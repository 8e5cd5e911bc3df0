import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { dueSummary } from '../../../shared/due.ts';
import type { DueItem } from '../../../shared/garage.ts';
import { intervalTextIn } from '../../../shared/units.ts';
import { useUnits } from '../../lib/units.ts';
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

/** A garage vehicle's due list: the most urgent first, six at a time. */
export function DueTable({ items, name }: { items: DueItem[]; name: string }) {
  const f = useUnits();
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, DUE_SHOWN);
  return (
    <Stack gap={4}>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing={6} horizontalSpacing="xs" aria-label={`Maintenance due for ${name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Service</Table.Th>
              <Table.Th visibleFrom="sm">Last done</Table.Th>
              <Table.Th>Next due</Table.Th>
              <Table.Th>Urgency</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((item) => (
              <Table.Tr key={`${item.componentId}:${item.service}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.service}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {item.componentName} · {intervalTextIn(item.intervalText, f.units)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <LastDone item={item} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{[item.dueDate ? f.day(item.dueDate) : null, item.dueMileage !== null ? f.distance(item.dueMileage) : null].filter(Boolean).join(' or ')}</Text>
                  <Text size="xs" c="dimmed">
                    {dueSummary(item, f.units)}
                  </Text>
                </Table.Td>
                <Table.Td w={1}>
                  {/* Never cut: the badge keeps its width, the other columns wrap. */}
                  <UrgencyBadge urgency={item.urgency} size="sm" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length > DUE_SHOWN ? (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(!all)} style={{ alignSelf: 'flex-start' }}>
          {all ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      ) : null}
    </Stack>
  );
}
