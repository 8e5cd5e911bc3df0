import { Skeleton, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { worstCondition, type Condition, type Inspection } from '../../../shared/inspections.ts';
import { bodyKindOf } from '../../../shared/vehicle-catalog.ts';
import { trpc } from '../../lib/trpc.ts';
import { ComponentLegend, VehicleDiagram } from '../vehicles/VehicleDiagram.tsx';

/** Brings a component's group of items into view (the groups carry `component-<id>`). */
export function scrollToComponent(componentId: string): void {
  document.getElementById(`component-${componentId}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** The drawing's vehicle and components; the page waits for them too before jumping to a component. */
export function useDiagramData(vehicleId: string | undefined) {
  const vehicle = trpc.vehicles.get.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: vehicleId !== undefined });
  const components = trpc.vehicles.components.useQuery({ vehicleId: vehicleId ?? '' }, { enabled: vehicleId !== undefined });
  return { vehicle, components, settled: !vehicle.isPending && !components.isPending };
}

/**
 * The vehicle's diagram coloured by this inspection alone: each component takes the worst status
 * of its items. Choosing a hotspot jumps to that component's items. Nothing shows if the diagram
 * cannot load: the items below say everything it does.
 */
export function InspectionDiagram({ inspection }: { inspection: Inspection }) {
  const { vehicle, components } = useDiagramData(inspection.vehicleId);
  const conditions = useMemo(() => {
    const byComponent = new Map<string, (Condition | null)[]>();
    for (const item of inspection.items) {
      if (item.componentId) byComponent.set(item.componentId, [...(byComponent.get(item.componentId) ?? []), item.status]);
    }
    const worst = new Map<string, Condition>();
    for (const [componentId, statuses] of byComponent) {
      const condition = worstCondition(statuses);
      if (condition) worst.set(componentId, condition);
    }
    return worst;
  }, [inspection.items]);

  if (vehicle.isPending || components.isPending) return <Skeleton h={200} radius="md" />;
  if (!vehicle.data || !components.data || components.data.length === 0) return null;
  return (
    <Stack gap="sm">
      <VehicleDiagram
        kind={bodyKindOf(vehicle.data)}
        vehicleName={inspection.vehicleLabel}
        components={components.data}
        selectedId={null}
        onSelect={(component) => scrollToComponent(component.id)}
        conditions={conditions}
      />
      <ComponentLegend components={components.data} conditions={conditions} />
    </Stack>
  );
}
