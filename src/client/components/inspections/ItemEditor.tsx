import { ActionIcon, Badge, Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  CONDITION_COLORS,
  CONDITION_LABELS,
  CONDITION_SHORT,
  CONDITIONS,
  INSPECTION_LIMITS,
  suggestedCondition,
  type CheckTemplate,
  type Condition,
  type Inspection,
  type InspectionItem,
  type ItemChange,
} from '../../../shared/inspections.ts';
import { useUnits } from '../../lib/units.ts';
import { checkOf, signedInPhotoUrl } from './helpers.ts';
import { ItemPhotos } from './ItemPhotos.tsx';
import { SaveText } from './SaveIndicator.tsx';
import { useAutosave } from './use-autosave.ts';

interface ItemDraft {
  status: Condition | null;
  measurement: number | string;
  notes: string;
  recommendation: string;
  estimatedCost: string;
}

function measuredValue(measurement: number | string): number | null {
  if (typeof measurement === 'number') return measurement;
  const value = Number(measurement.replace(',', '.'));
  return measurement.trim() === '' || !Number.isFinite(value) ? null : value;
}

/**
 * The recommendation that goes with a new status: the check's action fills an empty field when
 * something is found, and leaves again when the finding goes and the text was never touched.
 */
function recommendationFor(status: Condition | null, current: string, check: CheckTemplate | undefined): Partial<ItemDraft> {
  if (!check) return {};
  const found = status === 'attention' || status === 'urgent';
  if (found && current.trim() === '') return { recommendation: check.action };
  if (!found && current === check.action) return { recommendation: '' };
  return {};
}

const needsAction = (status: Condition | null) => status === 'attention' || status === 'urgent';

/** One check of a draft: its status, measurement, notes, recommendation, estimate and photos. */
export function ItemEditor({ inspectionId, item, onSaved, onRemove }: { inspectionId: string; item: InspectionItem; onSaved: (inspection: Inspection) => void; onRemove?: () => void }) {
  const f = useUnits();
  const check = checkOf(item);
  // A status the measurement picked may follow the measurement; one the user picked stays.
  const [autoStatus, setAutoStatus] = useState(false);
  const save = useAutosave<ItemDraft>({
    key: `item:${item.id}`,
    initial: () => ({
      status: item.status,
      measurement: item.measurement ?? '',
      notes: item.notes ?? '',
      recommendation: item.recommendation ?? '',
      estimatedCost: item.estimatedCost ?? '',
    }),
    toInput: (draft, fields) => {
      const change: ItemChange = { id: item.id };
      if (fields.has('status')) change.status = draft.status;
      if (fields.has('measurement')) change.measurement = typeof draft.measurement === 'number' ? draft.measurement : draft.measurement.trim() || null;
      if (fields.has('notes')) change.notes = draft.notes;
      if (fields.has('recommendation')) change.recommendation = draft.recommendation;
      if (fields.has('estimatedCost')) change.estimatedCost = draft.estimatedCost.trim() === '' ? null : f.decimalFromInput(draft.estimatedCost);
      return { id: inspectionId, items: [change] };
    },
    onSaved,
  });
  const { draft } = save;
  const suggestion = suggestedCondition(check, measuredValue(draft.measurement));

  function choose(condition: Condition) {
    const status = draft.status === condition ? null : condition;
    setAutoStatus(false);
    save.change({ status, ...recommendationFor(status, draft.recommendation, check) }, true);
  }

  function measure(measurement: number | string) {
    const patch: Partial<ItemDraft> = { measurement };
    if (draft.status === null || autoStatus) {
      const suggested = suggestedCondition(check, measuredValue(measurement));
      patch.status = suggested;
      Object.assign(patch, recommendationFor(suggested, draft.recommendation, check));
      setAutoStatus(suggested !== null);
    }
    save.change(patch);
  }

  const unit = item.unit ?? null;
  const showAction = needsAction(draft.status) || draft.recommendation !== '' || draft.estimatedCost !== '';
  return (
    <Card withBorder padding="sm" role="group" aria-label={item.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.name}
          </Text>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <SaveText state={save.state} onRetry={() => void save.flush()} />
            {onRemove ? (
              <Tooltip label="Remove this item">
                <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove ${item.name}`} onClick={onRemove}>
                  <IconTrash size={14} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        </Group>
        {save.state.kind === 'error' ? (
          <Text size="xs" c="red">
            {save.state.message}
          </Text>
        ) : null}
        <Group gap={6} wrap="nowrap" maw={420} role="group" aria-label={`Status of ${item.name}`}>
          {CONDITIONS.map((condition) => {
            const chosen = draft.status === condition;
            return (
              <Button
                key={condition}
                size="xs"
                flex={1}
                px={6}
                variant={chosen ? 'light' : 'default'}
                color={CONDITION_COLORS[condition]}
                leftSection={chosen ? <IconCheck size={14} /> : null}
                aria-pressed={chosen}
                aria-label={`${item.name}: ${CONDITION_SHORT[condition]}`}
                onClick={() => choose(condition)}
                style={chosen ? { outline: `2px solid var(--mantine-color-${CONDITION_COLORS[condition]}-filled)`, outlineOffset: -2 } : undefined}
              >
                {CONDITION_SHORT[condition]}
              </Button>
            );
          })}
        </Group>
        {unit || check?.limits ? (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NumberInput
              label={unit ? `Measurement (${unit})` : 'Measurement'}
              value={draft.measurement}
              onChange={measure}
              onBlur={() => void save.flush()}
              suffix={unit ? ` ${unit}` : undefined}
              decimalScale={2}
              hideControls
              w={140}
            />
            {suggestion ? (
              <Badge variant="light" color={CONDITION_COLORS[suggestion]} mb={8} style={{ flexShrink: 0 }}>
                Suggests {CONDITION_LABELS[suggestion]}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        {showAction ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <TextInput
              label="Recommended action"
              value={draft.recommendation}
              maxLength={INSPECTION_LIMITS.recommendation}
              onChange={(event) => save.change({ recommendation: event.currentTarget.value })}
              onBlur={() => void save.flush()}
            />
            <TextInput
              label="Estimated cost"
              inputMode="decimal"
              leftSection={f.currencySign}
              placeholder="0.00"
              value={draft.estimatedCost}
              onChange={(event) => save.change({ estimatedCost: event.currentTarget.value })}
              onBlur={() => void save.flush()}
            />
          </SimpleGrid>
        ) : null}
        <Textarea
          aria-label={`Notes on ${item.name}`}
          placeholder="Notes"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={INSPECTION_LIMITS.notes}
          value={draft.notes}
          onChange={(event) => save.change({ notes: event.currentTarget.value })}
          onBlur={() => void save.flush()}
        />
        <ItemPhotos inspectionId={inspectionId} item={item} photoUrl={signedInPhotoUrl} onSaved={onSaved} />
      </Stack>
    </Card>
  );
}
