import { Stack } from '@mantine/core';
import { PageHeader } from '../components/PageHeader.tsx';

export default function HomePage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Vehicle Identification" />
    </Stack>
  );
}
