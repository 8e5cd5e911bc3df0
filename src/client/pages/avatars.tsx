import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconEdit, IconPlus, IconStar, IconTrash, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  NO_AVATAR_GREETING,
  OUTFIT_LABELS,
  PERSONALITY_INFO,
  TIPS_LEVEL_INFO,
  VOICE_LABELS,
  type Avatar,
} from '../../shared/avatars.ts';
import { MOBILE_BREAKPOINT_PX } from '../../shared/constants.ts';
import { AvatarEditor } from '../components/avatars/AvatarEditor.tsx';
import { AvatarPreview } from '../components/avatars/AvatarPreview.tsx';
import { useAvatarActions } from '../components/avatars/use-avatar-actions.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';

type Dialog = { kind: 'create' } | { kind: 'edit'; avatar: Avatar } | { kind: 'delete'; avatar: Avatar } | null;

const GUIDANCE_LABELS = { minimal: 'Minimal', basic: 'Basic', detailed: 'Detailed' } as const;

function ActiveAssistantCard({ avatar, onEdit }: { avatar: Avatar; onEdit(): void }) {
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

function AvatarCard({
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

function GallerySkeleton() {
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

function AssistantSettings({ active }: { active: Avatar | null }) {
  const { user, role, updatePreferences } = useSession();
  const guidance = role === 'tech' ? 'technical' : 'simple';
  const rows: [string, string | null][] = [
    ['User Role', role === 'tech' ? 'Technician' : 'Simple User'],
    ['Guidance Level', GUIDANCE_LABELS[user.preferences.guidanceLevel] ?? null],
    ['Voice Type', active ? VOICE_LABELS[active.voice].replace(' (Coming Soon)', '') : null],
    ['Personality', active ? PERSONALITY_INFO[active.personality].label : null],
  ];
  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Current Preferences
          </Title>
          <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing={0}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th fw={500} w="50%">
                    {label}
                  </Table.Th>
                  <Table.Td c={value ? undefined : 'dimmed'}>{value ?? 'Not set'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Switch
            label="Show the assistant on every page"
            checked={user.preferences.assistantEnabled}
            onChange={(event) => void updatePreferences({ assistantEnabled: event.currentTarget.checked })}
          />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Quick Tips
          </Title>
          <List size="sm" spacing={6}>
            <List.Item>Your active avatar appears in the bottom-right corner of every page; click it to chat.</List.Item>
            <List.Item>A red dot means it has something to say about the page you just opened.</List.Item>
            <List.Item>Use Need Help? for guidance on the current page and Expert Tip for advice at your tips level.</List.Item>
            <List.Item>Closing the assistant turns it off; switch it back on here or in Settings.</List.Item>
          </List>
        </Stack>
      </Card>
      <Alert
        color={active ? 'green' : 'yellow'}
        variant="light"
        icon={active ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
        role="status"
      >
        {active
          ? `${active.displayName} is your active avatar and is providing ${guidance} guidance.`
          : `No active avatar: create or activate one to get ${guidance} guidance.`}
      </Alert>
    </Stack>
  );
}

export default function AvatarsPage() {
  const { role } = useSession();
  const avatars = trpc.avatars.list.useQuery();
  const active = trpc.avatars.active.useQuery();
  const actions = useAvatarActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`) ?? false;
  const close = () => setDialog(null);
  const list = avatars.data ?? [];
  const activeAvatar = active.data ?? list.find((a) => a.isActive) ?? null;
  const loadError = avatars.error ? 'Failed to fetch avatars' : active.error ? 'Failed to fetch active avatar' : null;
  const editing = dialog?.kind === 'edit' || dialog?.kind === 'create' ? dialog : null;
  const deleting = dialog?.kind === 'delete' ? dialog.avatar : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Avatar Management"
        description={`Design the assistant that greets you on every page with ${role === 'tech' ? 'technical' : 'simple'} guidance.`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
            Create New Avatar
          </Button>
        }
      />

      <Tabs defaultValue="gallery">
        <Tabs.List>
          <Tabs.Tab value="gallery">Avatar Gallery</Tabs.Tab>
          <Tabs.Tab value="settings">Assistant Settings</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="gallery" pt="md">
          {loadError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={loadError} mb="md">
              Check your connection, then reload the page.
            </Alert>
          ) : null}
          {avatars.isPending ? (
            <GallerySkeleton />
          ) : list.length === 0 && !avatars.isError ? (
            <Card withBorder padding="xl">
              <Stack align="center" gap="sm" ta="center">
                <IconUserCircle size={48} stroke={1.5} aria-hidden />
                <Title order={2} size="h3">
                  No Avatars Yet
                </Title>
                <Text c="dimmed" maw={460}>
                  {NO_AVATAR_GREETING}
                </Text>
                <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>
                  Create Your First Avatar
                </Button>
              </Stack>
            </Card>
          ) : (
            <Stack gap="lg">
              {activeAvatar ? <ActiveAssistantCard avatar={activeAvatar} onEdit={() => setDialog({ kind: 'edit', avatar: activeAvatar })} /> : null}
              <Stack gap="sm">
                <Title order={2} size="h4">
                  All Avatars ({list.length})
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                  {list.map((avatar) => (
                    <AvatarCard
                      key={avatar.id}
                      avatar={avatar}
                      busy={actions.settingActiveId === avatar.id}
                      onSetActive={() => actions.setActive(avatar)}
                      onEdit={() => setDialog({ kind: 'edit', avatar })}
                      onDelete={() => setDialog({ kind: 'delete', avatar })}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Stack>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="settings" pt="md">
          <AssistantSettings active={activeAvatar} />
        </Tabs.Panel>
      </Tabs>

      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.kind === 'edit' ? 'Edit Avatar' : 'Create New Avatar'}
        size="56rem"
        fullScreen={isMobile}
        yOffset="5vh"
        scrollAreaComponent={ScrollArea.Autosize}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {editing ? (
          <AvatarEditor key={editing.kind === 'edit' ? editing.avatar.id : 'new'} avatar={editing.kind === 'edit' ? editing.avatar : null} onDone={close} />
        ) : null}
      </Modal>

      <Modal opened={deleting !== null} onClose={close} title="Delete Avatar" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
        {deleting ? (
          <Stack gap="md">
            <Text>{`Are you sure you want to delete "${deleting.displayName}"? This action cannot be undone.`}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={actions.removing}>
                Cancel
              </Button>
              <Button color="red" loading={actions.removing} onClick={() => actions.remove(deleting, close)}>
                Delete
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
