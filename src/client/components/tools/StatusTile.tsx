import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small card of a tool page's grid: a name, its status as a coloured badge, and details below. */
export function StatusTile({ title, status, color, children }: { title: string; status: string; color: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Badge variant="light" color={color}>
            {status}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
