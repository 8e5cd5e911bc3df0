import { Accordion, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { worstCondition, type Inspection, type InspectionItem } from '../../../shared/inspections.ts';
import { ConditionBadge } from './badges.tsx';
import { groupItems, signedInPhotoUrl } from './helpers.ts';
import { ItemEditor } from './ItemEditor.tsx';
import { ItemView } from './ItemView.tsx';

/** A signed inspection's findings; the checks no one did are named on one line, not as empty cards. */
function SignedItems({ inspection, items, onSaved }: { inspection: Inspection; items: InspectionItem[]; onSaved: (inspection: Inspection) => void }) {
  const unchecked = items.filter((item) => item.status === null);
  return (
    <Stack gap="sm">
      {items
        .filter((item) => item.status !== null)
        .map((item) => (
          <ItemView key={item.id} inspection={inspection} item={item} photoUrl={signedInPhotoUrl} onSaved={onSaved} />
        ))}
      {unchecked.length > 0 ? (
        <Text size="sm" c="dimmed" px={4}>
          Not checked: {unchecked.map((item) => item.name).join(', ')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The items by component, every group open: a technician works down the list, a customer reads it. */
export function ItemGroups({ inspection, onSaved, onRemove }: { inspection: Inspection; onSaved: (inspection: Inspection) => void; onRemove: (item: InspectionItem) => void }) {
  const groups = groupItems(inspection.items);
  // Groups are open unless closed, so one a new item brings shows at once.
  const [closed, setClosed] = useState<string[]>([]);
  if (groups.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        This inspection has no items{inspection.canEdit ? ' yet: add one below.' : '.'}
      </Text>
    );
  }
  return (
    <Accordion
      multiple
      value={groups.map((group) => group.key).filter((key) => !closed.includes(key))}
      onChange={(open) => setClosed(groups.map((group) => group.key).filter((key) => !open.includes(key)))}
      variant="separated"
      chevronPosition="left"
      // Item cards sit inside: the panel's own padding would squeeze them on a phone.
      styles={{ content: { padding: 'var(--mantine-spacing-xs)' } }}
    >
      {groups.map((group) => {
        const checked = group.items.filter((item) => item.status !== null).length;
        const worst = worstCondition(group.items.map((item) => item.status));
        return (
          <Accordion.Item key={group.key} value={group.key} id={`component-${group.key}`} style={{ scrollMarginTop: 72 }}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" gap="xs" pr="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600}>{group.name}</Text>
                  <Text size="xs" c="dimmed">
                    {checked} of {group.items.length} checked
                  </Text>
                </Stack>
                {worst ? <ConditionBadge condition={worst} style={{ flexShrink: 0 }} /> : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              {inspection.canEdit ? (
                <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
                  {group.items.map((item) => (
                    <ItemEditor key={item.id} inspectionId={inspection.id} item={item} onSaved={onSaved} onRemove={() => onRemove(item)} />
                  ))}
                </SimpleGrid>
              ) : (
                <SignedItems inspection={inspection} items={group.items} onSaved={onSaved} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}
