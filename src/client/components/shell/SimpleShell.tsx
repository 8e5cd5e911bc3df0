import { ConnectionStatus, OfflineBanner } from './ConnectionStatus.tsx';
import { Anchor, AppShell, Burger, Button, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { shortUserId } from '../../../shared/format.ts';
import { greetingName } from '../../../shared/auth.ts';
import { useSession } from '../../lib/session.tsx';
import { AccountLinks } from './AccountLinks.tsx';
import { Brand } from './Brand.tsx';
import { simpleNavItems } from './nav.ts';

/** The owner's shell (docs/screens.md#simple-shell). */
export function SimpleShell({ children }: { children: ReactNode }) {
  const { user, setRole, signOut } = useSession();
  const [location] = useLocation();
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <AppShell header={{ height: 60 }} footer={{ height: 52 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="lg" size="sm" aria-label="Open navigation" />
            <Brand subtitle="Simple Mode" />
          </Group>
          {/* Seven links fit beside the name and the account icons only from lg; narrower, the burger holds them. */}
          <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main">
            {simpleNavItems.map((item) => (
              <Button
                key={item.path}
                component={Link}
                href={item.path}
                variant={location === item.path ? 'light' : 'subtle'}
                size="sm"
                px={10}
                aria-current={location === item.path ? 'page' : undefined}
              >
                {item.label}
              </Button>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="outline" size="xs" onClick={() => void setRole('tech')} visibleFrom="xs">
              Switch to Tech Mode
            </Button>
            <AccountLinks />
          </Group>
        </Group>
      </AppShell.Header>

      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        size="18rem"
        title="Menu"
        hiddenFrom="lg"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
      >
        <Stack gap={4} component="nav" aria-label="Main">
          {simpleNavItems.map((item) => (
            <NavLink
              key={item.path}
              component={Link}
              href={item.path}
              label={item.label}
              active={location === item.path}
              onClick={menu.close}
            />
          ))}
          <Button
            mt="md"
            variant="outline"
            onClick={() => {
              menu.close();
              void setRole('tech');
            }}
          >
            Switch to Tech Mode
          </Button>
        </Stack>
      </Drawer>

      <AppShell.Main>
        <OfflineBanner />
        {children}
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            Welcome, {greetingName(user, shortUserId(user.id, 'User'))}
          </Text>
          <Group gap="md" wrap="nowrap">
            <ConnectionStatus />
            <Anchor component="button" size="sm" onClick={() => void setRole('tech')}>
              Need advanced features?
            </Anchor>
            <Anchor component="button" size="sm" onClick={signOut}>
              Sign Out
            </Anchor>
          </Group>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
