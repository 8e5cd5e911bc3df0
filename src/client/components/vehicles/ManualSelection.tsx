import { Alert, Button, Card, SimpleGrid, Stack, Text, Title, Select } from '@mantine/core';
import { IconCar, IconInfoCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import type { Vehicle } from '../../../shared/vehicles.ts';
import { notifyError } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';

export interface Selection {
  year: string | null;
  make: string | null;
  model: string | null;
}

export interface ManualSelectionProps {
  value: Selection;
  onChange: (value: Selection) => void;
  onSelected: (vehicle: Vehicle) => void;
  /** Shown when a VIN decode pre-filled year and make. */
  hint: string | null;
}

export function ManualSelection({ value, onChange, onSelected, hint }: ManualSelectionProps) {
  const catalog = trpc.vehicles.catalog.useQuery();
  const year = value.year ? Number(value.year) : null;
  // Without a year yet, a make still lists its models: those of the newest catalog year.
  const modelYear = year ?? catalog.data?.years[0] ?? null;
  const models = trpc.vehicles.models.useQuery(
    { year: modelYear ?? 0, make: value.make ?? '' },
    { enabled: value.make !== null && modelYear !== null },
  );
  const choose = trpc.vehicles.choose.useMutation();

  // A model the newly chosen year does not have is cleared rather than silently kept.
  useEffect(() => {
    if (value.model && models.data && !models.data.includes(value.model)) onChange({ ...value, model: null });
  }, [models.data, value, onChange]);

  const complete = value.year !== null && value.make !== null && value.model !== null;

  async function select() {
    if (!value.year || !value.make || !value.model) {
      notifyError('Incomplete Selection', 'Please select year, make, and model');
      return;
    }
    try {
      onSelected(await choose.mutateAsync({ year: Number(value.year), make: value.make, model: value.model }));
    } catch (error) {
      notifyError('Vehicle Selection Failed', errorMessage(error, 'Unable to select this vehicle. Please try again.'));
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="manual-selection-title">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="manual-selection-title">
            Manual Selection
          </Title>
          <Text size="sm" c="dimmed">
            No VIN at hand? Choose the year, make and model.
          </Text>
        </Stack>
        {hint ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
            {hint}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select
            label="Year"
            placeholder="Select year"
            data={(catalog.data?.years ?? []).map(String)}
            value={value.year}
            onChange={(year) => onChange({ ...value, year })}
            disabled={!catalog.data}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Make"
            placeholder="Select make"
            data={catalog.data?.makes ?? []}
            value={value.make}
            onChange={(make) => onChange({ ...value, make, model: null })}
            disabled={!catalog.data}
            allowDeselect={false}
            checkIconPosition="right"
          />
          <Select
            label="Model"
            placeholder={value.make ? (models.isLoading ? 'Loading models...' : 'Select model') : 'Choose a make first'}
            data={models.data ?? []}
            value={value.model}
            onChange={(model) => onChange({ ...value, model })}
            disabled={value.make === null || !models.data}
            searchable
            nothingFoundMessage="No model matches"
            allowDeselect={false}
            checkIconPosition="right"
            error={models.error ? errorMessage(models.error, 'Could not load models') : undefined}
          />
        </SimpleGrid>
        <Button
          leftSection={<IconCar size={16} />}
          onClick={() => void select()}
          disabled={!complete}
          loading={choose.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Select Vehicle
        </Button>
      </Stack>
    </Card>
  );
}
