import { Alert, Button, Card, Group, Modal, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconPlus, IconUserCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { NO_AVATAR_GREETING, type Avatar } from '../../shared/avatars.ts';
import { MOBILE_BREAKPOINT_PX } from '../../shared/constants.ts';
import { AssistantSettings } from '../components/avatars/AssistantSettings.tsx';
import { ActiveAssistantCard, AvatarCard, GallerySkeleton } from '../components/avatars/AvatarGallery.tsx';
import { AvatarEditor } from '../components/avatars/AvatarEditor.tsx';
import { useAvatarActions } from '../components/avatars/use-avatar-actions.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useSession } from '../lib/session.tsx';
import { trpc } from '../lib/trpc.ts';

type Dialog = { kind: 'create' } | { kind: 'edit'; avatar: Avatar } | { kind: 'delete'; avatar: Avatar } | null;

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
