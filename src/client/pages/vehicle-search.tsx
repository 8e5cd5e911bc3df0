import { Button, Card, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';

export default function VehicleSearchPage() {
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="Vehicle Search" description="Look up a vehicle by its VIN, its details or its licence plate." />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="VIN" placeholder="17-character VIN" maxLength={17} />
            <TextInput label="License Plate" placeholder="e.g. 7ABC123" />
            <TextInput label="Make" placeholder="e.g. Toyota" />
            <TextInput label="Model" placeholder="e.g. Camry" />
            <TextInput label="Year" placeholder="e.g. 2020" inputMode="numeric" />
          </SimpleGrid>
          <Button leftSection={<IconSearch size={16} />} disabled style={{ alignSelf: 'flex-start' }}>
            Search Vehicle
          </Button>
        </Stack>
      </Card>
      <ComingSoon>Search functionality coming soon...</ComingSoon>
    </Stack>
  );
}
