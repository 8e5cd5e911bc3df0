import { Alert, Anchor, Card, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { CONDITION_LABELS, inspectionIdSchema, type Inspection, type InspectionItem, type InspectionStatus } from '../../../shared/inspections.ts';
import type { StoredFile } from '../../../shared/files.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

/** The items photos of the component go to; all of them when the inspection has none of it. */
function itemsOf(inspection: Inspection, componentId: string | null): { items: InspectionItem[]; ofComponent: boolean } {
  const own = inspection.items.filter((item) => item.componentId === componentId);
  return own.length > 0 ? { items: own, ofComponent: true } : { items: inspection.items, ofComponent: false };
}

/** A finding is what the photo is most likely for: the first item marked urgent or needing attention. */
function defaultItem(items: readonly InspectionItem[]): InspectionItem | undefined {
  return items.find((item) => item.status === 'urgent' || item.status === 'attention') ?? items[0];
}

/** Why a loaded inspection takes no more photos: signed ones are final; a draft is its makers'. */
const CLOSED_BECAUSE: Readonly<Record<InspectionStatus, string>> = {
  draft: 'Only the people who carry out this inspection add its photos.',
  completed: 'It is completed and signed.',
  shared: 'It is completed, signed and shared.',
};

const itemLabel = (item: InspectionItem) =>
  [item.name, item.status ? CONDITION_LABELS[item.status] : null, item.photos.length > 0 ? `${item.photos.length} photo${item.photos.length === 1 ? '' : 's'}` : null].filter(Boolean).join(' · ');

export interface InspectionTarget {
  inspectionId: string;
  componentId: string | null;
  inspection: Inspection | undefined;
  loading: boolean;
  /** Why the inspection could not be loaded (not found, not the user's to see). */
  error: unknown;
  items: InspectionItem[];
  ofComponent: boolean;
  item: InspectionItem | undefined;
  setItemId: (id: string | null) => void;
  editable: boolean;
  lastAttached: string | null;
  /** Attaches a stored photo to the chosen item; reports its own failure, so it never throws. */
  attach: (file: StoredFile) => Promise<void>;
}

/**
 * The inspection item Camera Tools file each kept shot under, from `?inspection=<id>&component=<id>`
 * (the vehicle page's Take Photos); null without them, and the camera works as on its own.
 */
export function useInspectionTarget(search: string): InspectionTarget | null {
  const params = new URLSearchParams(search);
  const raw = params.get('inspection');
  const inspectionId = raw && inspectionIdSchema.safeParse(raw).success ? raw : null;
  const componentId = params.get('component');
  const inspection = trpc.inspections.get.useQuery({ id: inspectionId ?? '' }, { enabled: inspectionId !== null });
  const [chosenId, setItemId] = useState<string | null>(null);
  const [lastAttached, setLastAttached] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const attachPhoto = trpc.inspections.attachPhoto.useMutation();
  if (!inspectionId) return null;
  const { items, ofComponent } = inspection.data ? itemsOf(inspection.data, componentId) : { items: [], ofComponent: false };
  const item = items.find((candidate) => candidate.id === chosenId) ?? defaultItem(items);
  const editable = inspection.data !== undefined && inspection.data.status === 'draft' && inspection.data.canEdit;
  return {
    inspectionId,
    componentId,
    inspection: inspection.data,
    loading: inspection.isPending,
    error: inspection.error,
    items,
    ofComponent,
    item,
    setItemId,
    editable,
    lastAttached,
    attach: async (file) => {
      if (!editable) return;
      if (!item) {
        notifyError('Not attached', 'The photo is saved in your gallery: the inspection has no item to attach it to');
        return;
      }
      try {
        const updated = await attachPhoto.mutateAsync({ id: inspectionId, itemId: item.id, fileId: file.id });
        utils.inspections.get.setData({ id: inspectionId }, updated);
        setLastAttached(item.name);
        notifySuccess('Photo saved', `Attached to ${item.name}`);
      } catch (error) {
        notifyError('Not attached', errorMessage(error, 'The photo is saved in your gallery but could not be attached to the inspection'));
      }
    },
  };
}

/** Above the camera: which inspection item the next photo goes to, and the way back to it. */
export function InspectionBanner({ target }: { target: InspectionTarget }) {
  const { inspection, item, items } = target;
  const back = (onTint: boolean) => (
    // On the alert's tint the link colour falls short of 4.5:1: there it takes the text's colour, underlined.
    <Anchor
      component={Link}
      href={`/inspections/${target.inspectionId}${target.componentId ? `?component=${encodeURIComponent(target.componentId)}` : ''}`}
      size="sm"
      {...(onTint ? { c: 'inherit', underline: 'always' as const, fw: 600 } : {})}
    >
      Back to the inspection
    </Anchor>
  );
  if (target.loading) return <Skeleton h={96} radius="md" aria-busy="true" />;
  if (!inspection) {
    return (
      <Alert color="red" title="Could not load the inspection">
        {errorMessage(target.error, 'Please try again.')} Photos you take are still saved to your gallery.
      </Alert>
    );
  }
  if (!target.editable) {
    return (
      <Alert color="yellow" title="Photos cannot be added to this inspection anymore" data-testid="inspection-target">
        <Stack gap={4}>
          <Text size="sm">
            {CLOSED_BECAUSE[inspection.status]} Photos you take are saved to your gallery only.
          </Text>
          {back(true)}
        </Stack>
      </Alert>
    );
  }
  return (
    <Card withBorder padding="md" data-testid="inspection-target" style={{ borderLeft: '4px solid var(--mantine-color-blue-filled)' }}>
      <Stack gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          <IconClipboardCheck size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
          {item ? `Photos go to: ${item.componentName ?? 'General'} — ${item.name}` : 'This inspection has no items yet: add one on the inspection to attach photos'}
        </Text>
        <Text size="sm" c="dimmed">
          {inspection.vehicleLabel}
          {inspection.customerName ? ` of ${inspection.customerName}` : ''}: every photo you keep is attached to the item below.
          {target.ofComponent ? '' : ' This inspection has no checks of the chosen component, so any of its items can take the photo.'}
        </Text>
        <Select
          label="Inspection item"
          data={items.map((candidate) => ({ value: candidate.id, label: target.ofComponent ? itemLabel(candidate) : `${candidate.componentName ?? 'General'}: ${itemLabel(candidate)}` }))}
          value={item?.id ?? null}
          onChange={target.setItemId}
          allowDeselect={false}
          maw={480}
        />
        {/* Always there, so a screen reader hears each new attachment. */}
        <Text size="sm" c="var(--mantine-color-green-light-color)" aria-live="polite" data-testid="attached-to">
          {target.lastAttached ? `Attached to ${target.lastAttached}` : ''}
        </Text>
        {back(false)}
      </Stack>
    </Card>
  );
}
