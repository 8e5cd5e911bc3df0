import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconCamera, IconClipboardCheck, IconCube, IconFileReport } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { referenceKindFor } from '../../../shared/geometry/reference-models.ts';
import type { InspectionSummary } from '../../../shared/inspections.ts';
import type { Vehicle, VehicleComponent } from '../../../shared/vehicles.ts';
import { useCurrentShop } from '../../lib/current-shop.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { CreateInspectionModal } from './CreateInspectionModal.tsx';

/** Enough of the newest inspections to find an open draft and a finished one among them. */
const LOOKUP_LIMIT = 10;

/**
 * The inspections of this vehicle the user works with: their own (self-checks, and a shop's once
 * shared with them) and, in Tech Mode, the current shop's. The newest draft they may change and
 * the newest finished one.
 */
function useVehicleInspections(vehicleId: string) {
  const { role } = useSession();
  const { shopId, memberships } = useCurrentShop();
  const staffShopId = role === 'tech' ? shopId : null;
  const own = trpc.inspections.list.useQuery({ vehicleId, limit: LOOKUP_LIMIT });
  const shop = trpc.inspections.list.useQuery({ vehicleId, serviceCenterId: staffShopId ?? '', limit: LOOKUP_LIMIT }, { enabled: staffShopId !== null });
  const byId = new Map<string, InspectionSummary>();
  for (const inspection of [...(own.data ?? []), ...(staffShopId ? (shop.data ?? []) : [])]) byId.set(inspection.id, inspection);
  const newestFirst = [...byId.values()].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  // A self-check in the own list is the caller's; a shop's draft is for that shop's staff.
  const mayEdit = (inspection: InspectionSummary) =>
    inspection.serviceCenterId === null || (role === 'tech' && memberships.some((m) => m.serviceCenterId === inspection.serviceCenterId));
  return {
    loading: own.isPending || (staffShopId !== null && shop.isPending),
    draft: newestFirst.find((inspection) => inspection.status === 'draft' && mayEdit(inspection)) ?? null,
    finished: newestFirst.find((inspection) => inspection.status !== 'draft') ?? null,
  };
}

function Action({ hint, children }: { hint: string | null; children: (describedBy: string | undefined) => ReactNode }) {
  const id = useId();
  return (
    <Stack gap={2}>
      {children(hint ? id : undefined)}
      {hint ? (
        <Text id={id} size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Inspections from the diagram: start one for the vehicle, photograph the chosen component for the
 * open draft, open the newest finished report. A button that cannot act yet says what it needs.
 */
export function QuickActions({ vehicle, component }: { vehicle: Vehicle; component: VehicleComponent | null }) {
  const { role, setRole } = useSession();
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const f = useUnits();
  const { loading, draft, finished } = useVehicleInspections(vehicle.id);
  const day = (date: Date) => f.day(dayjs(date).format('YYYY-MM-DD'));

  const needs = [...(loading || draft ? [] : ['an inspection in progress (Create Inspection Report)']), ...(component ? [] : ['a component chosen on the diagram'])];
  const photoHint =
    needs.length > 0
      ? `Needs ${needs.join(' and ')}.`
      : draft
        ? `${role === 'simple' ? 'Opens Camera Tools in Tech Mode for' : 'Adds photos to'} the inspection started ${day(draft.createdAt)}.`
        : null;
  const takePhotos = async () => {
    if (!draft || !component) return;
    // Camera Tools belong to Tech Mode: the hint says so before the click switches.
    if (role === 'simple') {
      await setRole('tech');
      if (utils.auth.me.getData()?.role !== 'tech') return;
    }
    navigate(`/camera?inspection=${draft.id}&component=${component.id}`);
  };

  return (
    <Card withBorder padding="md">
      <Title order={3} size="h5" mb="sm">
        Quick Actions
      </Title>
      <Stack gap="xs">
        <Button variant="default" justify="flex-start" leftSection={<IconClipboardCheck size={16} />} onClick={() => setCreating(true)}>
          Create Inspection Report
        </Button>
        <Action hint={photoHint}>
          {(describedBy) => (
            <Button variant="default" justify="flex-start" leftSection={<IconCamera size={16} />} disabled={!draft || !component} aria-describedby={describedBy} onClick={() => void takePhotos()}>
              Take Photos
            </Button>
          )}
        </Action>
        <Action hint={loading ? null : finished ? `${finished.serviceCenterName ?? 'Self-check'}, ${day(finished.completedAt ?? finished.createdAt)}` : 'No completed inspection of this vehicle yet.'}>
          {(describedBy) =>
            finished ? (
              <Button component={Link} href={`/inspections/${finished.id}/report`} variant="default" justify="flex-start" leftSection={<IconFileReport size={16} />} aria-describedby={describedBy}>
                Generate Report
              </Button>
            ) : (
              <Button variant="default" justify="flex-start" leftSection={<IconFileReport size={16} />} disabled aria-describedby={describedBy}>
                Generate Report
              </Button>
            )
          }
        </Action>
        {role === 'tech' && component && referenceKindFor(component) ? (
          <Button component={Link} href={`/viewer?vehicle=${vehicle.id}&component=${component.id}`} variant="default" justify="flex-start" leftSection={<IconCube size={16} />}>
            View 3D Model
          </Button>
        ) : null}
      </Stack>
      <CreateInspectionModal vehicle={vehicle} componentId={component?.id ?? null} opened={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
