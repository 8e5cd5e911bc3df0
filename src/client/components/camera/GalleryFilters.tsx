import { Button, Group, Select } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff } from '@tabler/icons-react';
import type { PhotosInput } from '../../../shared/files.ts';
import { trpc } from '../../lib/trpc.ts';

export type PhotoFilters = Pick<PhotosInput, 'vehicleId' | 'componentId' | 'inspectionId' | 'from' | 'to'>;

const dayText = (date: Date) => new Date(date).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Narrows the gallery to a vehicle (those of My Garage and of the inspections the user sees), one of
 * its components, one of its inspections, and days; the server applies them (files.photos).
 */
export function GalleryFilters({ value, onChange }: { value: PhotoFilters; onChange: (next: PhotoFilters) => void }) {
  const garage = trpc.garage.list.useQuery();
  const inspections = trpc.inspections.list.useQuery({ limit: 50 });
  const components = trpc.vehicles.components.useQuery({ vehicleId: value.vehicleId ?? '' }, { enabled: Boolean(value.vehicleId) });

  const vehicles = new Map<string, string>();
  for (const entry of garage.data ?? []) vehicles.set(entry.vehicle.id, `${entry.vehicle.year} ${entry.vehicle.make} ${entry.vehicle.model}`);
  for (const inspection of inspections.data ?? []) if (!vehicles.has(inspection.vehicleId)) vehicles.set(inspection.vehicleId, inspection.vehicleLabel);
  const ofVehicle = (inspections.data ?? []).filter((inspection) => inspection.vehicleId === value.vehicleId);
  const filtered = Object.values(value).some(Boolean);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Vehicle"
        placeholder="All vehicles"
        data={[...vehicles].map(([id, label]) => ({ value: id, label }))}
        value={value.vehicleId ?? null}
        onChange={(vehicleId) => onChange({ ...value, vehicleId: vehicleId ?? undefined, componentId: undefined, inspectionId: undefined })}
        clearable
        w={{ base: '100%', xs: 220 }}
      />
      {/* A vehicle's components and inspections are offered once a vehicle is chosen (a phone shows two fields, not four). */}
      {value.vehicleId && (
        <>
          <Select
            label="Component"
            placeholder="All components"
            data={(components.data ?? []).map((component) => ({ value: component.id, label: component.name }))}
            value={value.componentId ?? null}
            onChange={(componentId) => onChange({ ...value, componentId: componentId ?? undefined })}
            clearable
            w={{ base: '100%', xs: 180 }}
          />
          <Select
            label="Inspection"
            placeholder="All inspections"
            data={ofVehicle.map((inspection) => ({
              value: inspection.id,
              label: `${dayText(inspection.completedAt ?? inspection.createdAt)}${inspection.customerName ? ` · ${inspection.customerName}` : ''}`,
            }))}
            value={value.inspectionId ?? null}
            onChange={(inspectionId) => onChange({ ...value, inspectionId: inspectionId ?? undefined })}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </>
      )}
      <DatePickerInput
        type="range"
        label="Taken"
        placeholder="Any day"
        value={[value.from ?? null, value.to ?? null]}
        onChange={([from, to]) => {
          // A half-picked range waits for its other end; clearing both removes the filter.
          if ((from && to) || (!from && !to)) onChange({ ...value, from: from ?? undefined, to: to ?? undefined });
        }}
        allowSingleDateInRange
        clearable
        valueFormat="MMM D, YYYY"
        leftSection={<IconCalendar size={16} />}
        w={{ base: '100%', xs: 260 }}
      />
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
