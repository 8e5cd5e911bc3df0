import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}

/**
 * The 'coming soon' notes (docs/screens.md#tool-pages-with-sample-content), shown the same way
 * everywhere.
 */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="md" fs="italic">
      {children}
    </Text>
  );
}
