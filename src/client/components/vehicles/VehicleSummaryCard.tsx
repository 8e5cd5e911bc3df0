import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Vehicle } from '../../../shared/vehicles.ts';

/**
 * The summary card's fields in their order (docs/vehicles.md#what-a-vehicle-shows); each is shown
 * only when the vehicle has it.
 */
function summaryFields(vehicle: Vehicle): [string, string][] {
  const fields: [string, string | number | null][] = [
    ['Year', vehicle.year],
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Trim', vehicle.trim],
    ['VIN', vehicle.vin],
    ['Engine', vehicle.engine],
    ['Transmission', vehicle.transmission],
    ['Drivetrain', vehicle.drivetrain],
    ['Body Style', vehicle.bodyStyle],
  ];
  return fields.flatMap(([label, value]) => (value === null || value === '' ? [] : [[label, String(value)]]));
}

export function VehicleSummaryCard({ vehicle, warnings, actions }: { vehicle: Vehicle; warnings: readonly string[]; actions?: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="vehicle-summary-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h3" id="vehicle-summary-title">
            {vehicle.year} {vehicle.make} {vehicle.model}
          </Title>
          <Group gap="sm">
            {actions}
            <Badge color="green" variant="light" size="lg" leftSection={<IconCircleCheck size={14} />}>
              Identified
            </Badge>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
          {summaryFields(vehicle).map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text component="dd" m={0} ff={label === 'VIN' ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {warnings.length > 0 ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="Please double-check">
            {warnings.length === 1 ? (
              warnings[0]
            ) : (
              <List size="sm">
                {warnings.map((warning) => (
                  <List.Item key={warning}>{warning}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
