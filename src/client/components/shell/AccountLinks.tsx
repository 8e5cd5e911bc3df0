import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'wouter';
import { NotificationBell } from '../notifications/NotificationBell.tsx';

/** The notification bell, Profile and Settings at the right of both shells' headers. */
export function AccountLinks() {
  return (
    <>
      <NotificationBell />
      <Tooltip label="Profile">
        <ActionIcon component={Link} href="/profile" variant="subtle" size="lg" aria-label="Profile">
          <IconUser size={20} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Settings">
        <ActionIcon component={Link} href="/settings" variant="subtle" size="lg" aria-label="Settings">
          <IconSettings size={20} />
        </ActionIcon>
      </Tooltip>
    </>
  );
}
