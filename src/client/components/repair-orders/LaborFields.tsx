import { Autocomplete, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { serviceName } from '../../../shared/due.ts';
import { trpc } from '../../lib/trpc.ts';
import { StaffSelect } from '../shop/pickers.tsx';
import { LINE_TEXT_LIMITS, type LineFormValues } from './line-form.ts';

/**
 * A labour line: what is done, the service it is in the owner's history (suggested from the
 * chosen component's service schedule), who does it, hours and rate.
 */
export function LaborFields({ shopId, vehicleId, form }: { shopId: string; vehicleId: string; form: UseFormReturnType<LineFormValues> }) {
  const components = trpc.vehicles.components.useQuery({ vehicleId });
  const component = components.data?.find((c) => c.id === form.values.componentId);
  const suggestions = [...new Set((component ? [component] : (components.data ?? [])).flatMap((c) => c.serviceSchedule.map((s) => serviceName(s.label))))];
  return (
    <Stack gap="sm">
      <TextInput label="Description" withAsterisk maxLength={LINE_TEXT_LIMITS.description} placeholder="e.g. Replace front brake pads" data-autofocus {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Component"
          placeholder={components.isPending ? 'Loading…' : 'Whole vehicle'}
          clearable
          searchable
          data={(components.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('componentId')}
        />
        <Autocomplete
          label="Service type"
          description="As it goes into the owner's service history"
          withAsterisk
          placeholder="e.g. Brake pads"
          maxLength={LINE_TEXT_LIMITS.serviceType}
          data={suggestions}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('serviceType')}
        />
      </SimpleGrid>
      <StaffSelect shopId={shopId} label="Technician" emptyLabel="Not assigned" {...form.getInputProps('technicianId')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="Hours" withAsterisk inputMode="decimal" placeholder="1.5" rightSection="h" {...form.getInputProps('hours')} />
        <TextInput label="Rate" description="Per hour" withAsterisk inputMode="decimal" leftSection="$" placeholder="0.00" {...form.getInputProps('rate')} />
      </SimpleGrid>
    </Stack>
  );
}
