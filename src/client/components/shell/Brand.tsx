import { Group, Text } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { Link } from 'wouter';
import { appName } from '../../lib/app-name.ts';

export function Brand({ subtitle }: { subtitle?: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Link href="/" aria-label={`${appName} home`} style={{ color: 'inherit', textDecoration: 'none', display: 'flex' }}>
        <Group gap={6} wrap="nowrap">
          <IconCar size={26} color="var(--mantine-color-blue-filled)" aria-hidden />
          <Text fw={700} size="lg">
            {appName}
          </Text>
        </Group>
      </Link>
      {subtitle ? (
        <Text size="sm" c="dimmed" visibleFrom="xs">
          {subtitle}
        </Text>
      ) : null}
    </Group>
  );
}
