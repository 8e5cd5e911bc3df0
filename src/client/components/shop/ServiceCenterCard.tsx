import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { CARD_SERVICES_SHOWN, type ServiceCenter } from '../../../shared/service-centers.ts';
import { ActiveBadge } from './badges.tsx';

/** A center in the grid or the list; the whole card opens its details. */
export function ServiceCenterCard({ center, layout, onOpen }: { center: ServiceCenter; layout: 'grid' | 'list'; onOpen: () => void }) {
  const shown = center.services.slice(0, CARD_SERVICES_SHOWN);
  const more = center.services.length - shown.length;
  return (
    <UnstyledButton onClick={onOpen} w="100%" h="100%" data-testid="service-center-card">
      <Card withBorder padding="md" h="100%">
        <Stack gap={8}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end">
                {center.name}
              </Text>
              <Text size="sm" c="dimmed">
                {center.city}, {center.state}
              </Text>
            </Stack>
            <ActiveBadge active={center.isActive} />
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" truncate="end">
              {center.address}
            </Text>
          </Group>
          {shown.length ? (
            <Group gap={6} mt={layout === 'grid' ? 4 : 0}>
              {shown.map((service) => (
                <Badge key={service} variant="light" color="blue" size="sm">
                  {service}
                </Badge>
              ))}
              {more > 0 ? (
                <Badge variant="outline" color="gray" size="sm">
                  +{more} more
                </Badge>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Card>
    </UnstyledButton>
  );
}
