import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconEdit, IconStar, IconTrash } from '@tabler/icons-react';
import { OUTFIT_LABELS, PERSONALITY_INFO, TIPS_LEVEL_INFO, VOICE_LABELS, type Avatar } from '../../../shared/avatars.ts';
import { AvatarPreview } from './AvatarPreview.tsx';

/** The avatar gallery: the active assistant, a card per avatar and the loading placeholder. */

export function ActiveAssistantCard({ avatar, onEdit }: { avatar: Avatar; onEdit(): void }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconStar size={18} aria-hidden />
          <Title order={2} size="h4">
            Active Assistant
          </Title>
        </Group>
        <Group gap="lg" align="center" wrap="wrap">
          <AvatarPreview style={avatar.style} personality={avatar.personality} size="lg" />
          <Stack gap={6} style={{ flex: 1, minWidth: 200 }}>
            <Text fw={700} size="lg">
              {avatar.displayName}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color="grape">
                {PERSONALITY_INFO[avatar.personality].label}
              </Badge>
              <Badge variant="light" color="blue">
                Voice: {VOICE_LABELS[avatar.voice].replace(' (Coming Soon)', '')}
              </Badge>
              <Badge variant="light" color="teal">
                Tips: {TIPS_LEVEL_INFO[avatar.tipsLevel].label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {PERSONALITY_INFO[avatar.personality].description}
            </Text>
          </Stack>
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={onEdit} aria-label={`Edit ${avatar.displayName}`}>
            Edit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function AvatarCard({
  avatar,
  busy,
  onSetActive,
  onEdit,
  onDelete,
}: {
  avatar: Avatar;
  busy: boolean;
  onSetActive(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  const rows: [string, string][] = [
    ['Personality', PERSONALITY_INFO[avatar.personality].label],
    ['Tips level', TIPS_LEVEL_INFO[avatar.tipsLevel].label],
    ['Voice', VOICE_LABELS[avatar.voice].replace(' (Coming Soon)', '')],
    ['Outfit', OUTFIT_LABELS[avatar.style.outfit]],
  ];
  return (
    <Card withBorder padding="md" data-testid="avatar-card">
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <AvatarPreview style={avatar.style} personality={avatar.personality} size="md" decorative />
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={3} size="h5" lineClamp={1}>
              {avatar.displayName}
            </Title>
            {avatar.isActive ? (
              <Badge color="green" variant="light" leftSection={<IconCheck size={12} />} w="fit-content">
                Active
              </Badge>
            ) : null}
          </Stack>
        </Group>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th fw={400} c="dimmed" w="45%">
                  {label}
                </Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="xs" mt="auto">
          {avatar.isActive ? null : (
            <Button size="xs" onClick={onSetActive} loading={busy} aria-label={`Set Active: ${avatar.displayName}`}>
              Set Active
            </Button>
          )}
          <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit} aria-label={`Edit ${avatar.displayName}`}>
            Edit
          </Button>
          <Tooltip label="The active avatar can't be deleted" disabled={!avatar.isActive}>
            {/* A disabled button takes no pointer events; the wrapper still shows why. */}
            <span>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={onDelete}
                disabled={avatar.isActive}
                aria-label={`Delete ${avatar.displayName}`}
              >
                Delete
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}

export function GallerySkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading avatars">
      <Skeleton height={150} radius="md" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={200} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

