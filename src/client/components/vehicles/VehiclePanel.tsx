import { Alert, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconListDetails, IconSchema, IconVideo } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { Role } from '../../../shared/constants.ts';
import { bodyKindOf } from '../../../shared/vehicle-catalog.ts';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { ComponentDetails } from './ComponentDetails.tsx';
import { PartsListTab } from './PartsListTab.tsx';
import { QuickActions } from './QuickActions.tsx';
import { ComponentLegend, VehicleDiagram } from './VehicleDiagram.tsx';
import { VideoWalkthrough } from './VideoWalkthrough.tsx';

/**
 * The chosen vehicle's tabs. Mounted once per vehicle (keyed by id), so choosing another vehicle
 * starts again from the diagram with no component selected and zoom at 1.
 */
export function VehiclePanel({ vehicle, role }: { vehicle: Vehicle; role: Role }) {
  const components = trpc.vehicles.components.useQuery({ vehicleId: vehicle.id });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const kind = bodyKindOf(vehicle);
  const list = components.data ?? [];
  // A link may open the diagram at a component (`&component=Exhaust` from a trouble code), by name or id.
  const [params] = useSearchParams();
  const asked = params.get('component');
  const linked = selectedId === null && asked ? (list.find((c) => c.id === asked || c.name.toLowerCase() === asked.toLowerCase()) ?? null) : null;
  const selected = list.find((c) => c.id === selectedId) ?? linked;
  const shownId = selected?.id ?? null;
  const electric = list.some((c) => c.name === 'Drive Motor');
  const vehicleName = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  // Empty unless the vehicle is in the user's garage.
  const due = trpc.garage.due.useQuery({ vehicleId: vehicle.id, timeZone: browserTimeZone() });
  const dueItems = (due.data ?? []).filter((item) => item.componentId === shownId);
  // The vehicle page is shown signed in only. Empty unless the user's latest finished inspection
  // of this vehicle (their own self-check, or a shop's shared with them) checked a component.
  const conditions = trpc.inspections.conditions.useQuery({ vehicleId: vehicle.id });
  const statuses = useMemo(() => new Map((conditions.data ?? []).map((c) => [c.componentId, c.status])), [conditions.data]);
  const selectedCondition = conditions.data?.find((c) => c.componentId === shownId);

  return (
    <Tabs defaultValue="diagram" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="diagram" leftSection={<IconSchema size={16} />}>
          Component Diagram
        </Tabs.Tab>
        <Tabs.Tab value="walkthrough" leftSection={<IconVideo size={16} />}>
          Video Walkthrough
        </Tabs.Tab>
        <Tabs.Tab value="parts" leftSection={<IconListDetails size={16} />}>
          Parts List
        </Tabs.Tab>
      </Tabs.List>

      <Tabs.Panel value="diagram">
        {components.isLoading ? (
          <Skeleton h={360} radius="md" />
        ) : components.error ? (
          <Alert color="red" title="Could not load the components">
            {errorMessage(components.error, 'Please try again.')}
          </Alert>
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <Stack gap="sm">
                <VehicleDiagram
                  kind={kind}
                  vehicleName={vehicleName}
                  components={list}
                  selectedId={shownId}
                  onSelect={(component) => setSelectedId(component.id)}
                  conditions={statuses}
                />
                <ComponentLegend components={list} conditions={statuses} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              <Stack gap="md">
                <ComponentDetails component={selected} role={role} due={dueItems} condition={selectedCondition} />
                <QuickActions vehicle={vehicle} component={selected} />
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Tabs.Panel>

      <Tabs.Panel value="walkthrough">
        <VideoWalkthrough vehicleId={vehicle.id} kind={kind} electric={electric} />
      </Tabs.Panel>

      <Tabs.Panel value="parts">
        <PartsListTab vehicle={vehicle} role={role} />
      </Tabs.Panel>
    </Tabs>
  );
}
