import { ActionIcon, Button, Group, Indicator, Popover, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { AppNotification } from '../../../shared/notifications.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatDateTime } from '../shop/parts.tsx';
import { ScrollBox } from '../ScrollBox.tsx';

/**
 * The bell in both shells' headers (docs/notifications.md): the unread count, and the latest
 * notifications newest first; opening one marks it read and goes to its link.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const unread = trpc.notifications.unreadCount.useQuery(undefined, { refetchInterval: 30_000, refetchOnWindowFocus: true });
  const list = trpc.notifications.list.useQuery({ limit: 20 }, { enabled: opened });
  const markRead = trpc.notifications.markRead.useMutation({ onSettled: () => void utils.notifications.invalidate() });
  const count = unread.data?.count ?? 0;

  const open = (notification: AppNotification) => {
    if (!notification.readAt) markRead.mutate({ id: notification.id });
    setOpened(false);
    if (notification.link) navigate(notification.link);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Notifications" disabled={opened}>
          <Indicator label={count > 99 ? '99+' : count} size={16} color="red" disabled={count === 0} offset={6}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={count ? `Notifications, ${count} unread` : 'Notifications'}
              onClick={() => setOpened((o) => !o)}
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600} size="sm">
            Notifications
          </Text>
          <Button size="compact-xs" variant="subtle" disabled={count === 0} onClick={() => markRead.mutate({ all: true })}>
            Mark all read
          </Button>
        </Group>
        <ScrollBox mah={360}>
          {list.isPending ? (
            <Text size="sm" c="dimmed" px="sm" pb="sm">
              Loading…
            </Text>
          ) : list.isError ? (
            <Text size="sm" c="red" px="sm" pb="sm">
              Notifications could not be loaded
            </Text>
          ) : list.data.items.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" pb="sm">
              Nothing new. Replies and status changes of your requests appear here.
            </Text>
          ) : (
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Notifications">
              {list.data.items.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    onClick={() => open(n)}
                    px="sm"
                    py="xs"
                    w="100%"
                    data-unread={n.readAt ? undefined : 'true'}
                    style={{
                      borderTop: '1px solid var(--mantine-color-default-border)',
                      background: n.readAt ? undefined : 'var(--mantine-color-blue-light)',
                    }}
                  >
                    <Text size="sm" fw={n.readAt ? 400 : 600}>
                      {n.title}
                    </Text>
                    {n.body ? (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {n.body}
                      </Text>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(n.createdAt)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
        </ScrollBox>
      </Popover.Dropdown>
    </Popover>
  );
}
