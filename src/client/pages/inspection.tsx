import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { inspectionIdSchema, type Inspection, type InspectionItem } from '../../shared/inspections.ts';
import { InspectionActions } from '../components/inspections/InspectionActions.tsx';
import { InspectionDiagram, scrollToComponent, useDiagramData } from '../components/inspections/InspectionDiagram.tsx';
import { InspectionHeader } from '../components/inspections/InspectionHeader.tsx';
import { ItemGroups } from '../components/inspections/ItemGroups.tsx';
import { SaveSummary } from '../components/inspections/SaveIndicator.tsx';
import { SaveTracker, SaveTrackerContext } from '../components/inspections/save-tracker.ts';
import { ConfirmDialog, EmptyState } from '../components/shop/parts.tsx';
import { notifyError } from '../lib/notify.ts';
import { errorMessage, trpc } from '../lib/trpc.ts';

function Loading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the inspection">
      <Skeleton h={180} radius="md" />
      <Skeleton h={36} w="60%" />
      <Skeleton h={260} radius="md" />
    </Stack>
  );
}

/** One inspection: a draft to fill in and sign, or a signed report to share or decide on. */
export default function InspectionPage() {
  const { id } = useParams<{ id: string }>();
  const valid = inspectionIdSchema.safeParse(id).success;
  const utils = trpc.useUtils();
  const [tracker] = useState(() => new SaveTracker());
  const [removing, setRemoving] = useState<InspectionItem | null>(null);
  const inspection = trpc.inspections.get.useQuery({ id }, { enabled: valid });
  const onSaved = (updated: Inspection) => {
    utils.inspections.get.setData({ id }, updated);
    void utils.inspections.list.invalidate();
    // Signing, sharing and decisions change the diagram's colours and the garage's summary.
    void utils.inspections.conditions.invalidate();
  };
  // The vehicle page and Camera Tools link to one component's items (?component=).
  const [params] = useSearchParams();
  const focus = params.get('component');
  // Once the diagram above has its height, or the jump would land short.
  const diagram = useDiagramData(inspection.data?.vehicleId);
  const loaded = inspection.data !== undefined && diagram.settled;
  useEffect(() => {
    if (loaded && focus) scrollToComponent(focus);
  }, [loaded, focus]);
  const remove = trpc.inspections.update.useMutation({
    onSuccess: (updated) => {
      onSaved(updated);
      setRemoving(null);
    },
    onError: (error) => notifyError('Not removed', errorMessage(error, 'The item could not be removed')),
  });

  const back = (
    <Button component={Link} href="/inspections" variant="subtle" leftSection={<IconArrowLeft size={16} />} px="xs">
      All inspections
    </Button>
  );
  if (!valid || inspection.isError) {
    const missing = !valid || inspection.error?.data?.code === 'NOT_FOUND';
    return (
      <Stack gap="lg">
        <Group>{back}</Group>
        <EmptyState
          title={missing ? 'Inspection not found' : 'The inspection could not be loaded'}
          hint={missing ? 'It may have been removed, or it is not shared with you.' : errorMessage(inspection.error, 'Please try again.')}
          action={
            missing ? null : (
              <Button variant="default" onClick={() => void inspection.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </Stack>
    );
  }
  const data = inspection.data;
  return (
    <SaveTrackerContext.Provider value={tracker}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="xs">
          {back}
          {data?.canEdit ? <SaveSummary tracker={tracker} /> : null}
        </Group>
        {!data ? (
          <Loading />
        ) : (
          <>
            <InspectionHeader inspection={data} onSaved={onSaved} />
            <InspectionActions inspection={data} tracker={tracker} onSaved={onSaved} />
            <InspectionDiagram inspection={data} />
            {data.canEdit ? (
              <Text size="sm" c="dimmed">
                Mark each check Good, Attention or Urgent. A measurement suggests a status, and a finding suggests the action to take; everything saves as you type.
              </Text>
            ) : null}
            <ItemGroups inspection={data} onSaved={onSaved} onRemove={setRemoving} />
          </>
        )}
      </Stack>
      <ConfirmDialog
        target={removing}
        title="Remove this item?"
        message={(item) => `“${item.name}” and its findings and photos leave this inspection.`}
        confirmLabel="Remove item"
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={(item) => remove.mutate({ id, removeItemIds: [item.id] })}
      />
    </SaveTrackerContext.Provider>
  );
}
