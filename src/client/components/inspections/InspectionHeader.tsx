import { Alert, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { INSPECTION_LIMITS, type Inspection } from '../../../shared/inspections.ts';
import { useUnits } from '../../lib/units.ts';
import { ConditionCounts, InspectionStatusBadge } from './badges.tsx';
import { Fact, PartyFacts } from './Facts.tsx';
import { formatDate } from './helpers.ts';
import { SaveText } from './SaveIndicator.tsx';
import { useAutosave } from './use-autosave.ts';

/** A draft's mileage (typed in the user's unit, kept in miles) and its general notes. */
function DraftDetails({ inspection, onSaved }: { inspection: Inspection; onSaved: (inspection: Inspection) => void }) {
  const f = useUnits();
  const save = useAutosave<{ mileage: string; notes: string }>({
    key: 'details',
    initial: () => ({ mileage: inspection.mileage === null ? '' : f.distanceInput(inspection.mileage), notes: inspection.notes ?? '' }),
    toInput: (draft, fields) => ({
      id: inspection.id,
      ...(fields.has('mileage') ? { mileage: draft.mileage.trim() === '' ? null : f.distanceFromInput(draft.mileage) } : {}),
      ...(fields.has('notes') ? { notes: draft.notes } : {}),
    }),
    onSaved,
  });
  return (
    <Stack gap="xs">
      {save.state.kind === 'idle' ? null : (
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="red">
            {save.state.kind === 'error' ? save.state.message : ''}
          </Text>
          <SaveText state={save.state} onRetry={() => void save.flush()} />
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Mileage" inputMode="numeric" rightSection={f.units.distanceUnit} value={save.draft.mileage} onChange={(event) => save.change({ mileage: event.currentTarget.value })} onBlur={() => void save.flush()} />
        <Textarea
          label="General notes"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={INSPECTION_LIMITS.inspectionNotes}
          value={save.draft.notes}
          onChange={(event) => save.change({ notes: event.currentTarget.value })}
          onBlur={() => void save.flush()}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function InspectionHeader({ inspection, onSaved }: { inspection: Inspection; onSaved: (inspection: Inspection) => void }) {
  const f = useUnits();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {inspection.vehicleLabel}
            </Title>
            <Text c="dimmed" size="sm">
              Inspection of {formatDate(inspection.createdAt, f)}
            </Text>
          </Stack>
          <InspectionStatusBadge status={inspection.status} size="lg" />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <PartyFacts inspection={inspection} />
          {inspection.canEdit ? null : <Fact label="Mileage">{f.distance(inspection.mileage)}</Fact>}
          <Fact label="Signed">{inspection.signedName ? `${inspection.signedName}, ${formatDate(inspection.completedAt, f)}` : 'Not signed yet'}</Fact>
        </SimpleGrid>
        <ConditionCounts counts={inspection.counts} />
        {inspection.canEdit ? <DraftDetails inspection={inspection} onSaved={onSaved} /> : inspection.notes ? <Fact label="General notes">{inspection.notes}</Fact> : null}
        {inspection.canDecide && inspection.pendingDecisions > 0 ? (
          <Alert color="blue" p="xs">
            {inspection.pendingDecisions === 1 ? '1 recommendation waits' : `${inspection.pendingDecisions} recommendations wait`} for your decision: approve to send the shop an appointment request, or decline.
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
