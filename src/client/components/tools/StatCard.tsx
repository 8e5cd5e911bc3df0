import { Card, Group, Stack, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ComponentType<{ size?: number | string }>;
  color?: MantineColor;
}

/** A headline figure with its icon: the same card on every tool page and on Analytics. */
export function StatCard({ label, value, hint, icon: Icon, color = 'blue' }: StatCardProps) {
  return (
    <Card withBorder padding="md" role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={26} fw={700} lh={1.2}>
            {value}
          </Text>
          {hint ? (
            <Text size="xs" c="dimmed">
              {hint}
            </Text>
          ) : null}
        </Stack>
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}
