import { Stack } from '@mantine/core';
import { useLocation } from 'wouter';
import { PageHeader } from '../components/PageHeader.tsx';
import { routes } from '../routes.tsx';

/** Shows the title of a technician route whose tool page is not in this build. */
export default function ToolPage() {
  const [location] = useLocation();
  const title = routes.find((route) => route.path === location)?.title ?? 'Tools';
  return (
    <Stack gap="lg">
      <PageHeader title={title} />
    </Stack>
  );
}
