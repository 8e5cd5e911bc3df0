import { ConnectionStatus, OfflineBanner } from './ConnectionStatus.tsx';
import { ActionIcon, AppShell, Box, Button, Drawer, Group, Text, Tooltip } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { shortUserId } from '../../../shared/format.ts';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/constants.ts';
import { useSession } from '../../lib/session.tsx';
import { ShopPicker } from '../shops/ShopPicker.tsx';
import { AccountLinks } from './AccountLinks.tsx';
import { Brand } from './Brand.tsx';
import { readSidebarOpen, writeSidebarOpen } from './sidebar-state.ts';
import { TechSidebar } from './TechSidebar.tsx';

const headerLinks = [
  { label: 'Analytics', path: '/analytics' },
  { label: 'Database', path: '/database' },
];

/** The technician's shell with its collapsible sidebar, Ctrl/Cmd+B (docs/screens.md#technician-shell). */
export function TechShell({ children }: { children: ReactNode }) {
  const { user, setRole, signOut } = useSession();
  const [location] = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`) ?? false;
  const [open, setOpen] = useState(readSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggle = () => {
    if (isMobile) {
      setDrawerOpen((v) => !v);
      return;
    }
    setOpen((v) => {
      writeSidebarOpen(!v);
      return !v;
    });
  };
  useHotkeys([['mod+B', toggle]], []);

  const expanded = isMobile ? drawerOpen : open;
  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: 44 }}
      navbar={isMobile ? undefined : { width: open ? '16rem' : '3rem', breakpoint: 'sm' }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Tooltip label={expanded ? 'Collapse sidebar (Ctrl+B)' : 'Expand sidebar (Ctrl+B)'}>
              <ActionIcon
                variant="subtle"
                size="lg"
                onClick={toggle}
                aria-label="Toggle sidebar"
                aria-expanded={expanded}
                data-testid="sidebar-toggle"
              >
                {expanded ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
              </ActionIcon>
            </Tooltip>
            <Brand subtitle="Technician Dashboard" />
          </Group>
          <Group gap={4} wrap="nowrap">
            <Box visibleFrom="sm" mr="xs">
              <ShopPicker />
            </Box>
            <Group gap={4} visibleFrom="sm">
              {headerLinks.map((link) => (
                <Button
                  key={link.path}
                  component={Link}
                  href={link.path}
                  size="xs"
                  variant={location === link.path ? 'filled' : 'subtle'}
                  aria-current={location === link.path ? 'page' : undefined}
                >
                  {link.label}
                </Button>
              ))}
            </Group>
            {/* On a phone the header has room for "Simple" only; the button keeps its full name. */}
            <Button size="xs" variant="outline" onClick={() => void setRole('simple')} aria-label="Simple Mode">
              <Text span inherit visibleFrom="xs">
                Simple Mode
              </Text>
              <Text span inherit hiddenFrom="xs">
                Simple
              </Text>
            </Button>
            <AccountLinks />
          </Group>
        </Group>
      </AppShell.Header>

      {isMobile ? null : (
        <AppShell.Navbar data-testid="tech-sidebar" data-state={open ? 'expanded' : 'collapsed'}>
          <TechSidebar collapsed={!open} />
        </AppShell.Navbar>
      )}

      <Drawer
        opened={isMobile && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size="18rem"
        title="Technician tools"
        closeButtonProps={{ 'aria-label': 'Close technician tools' }}
        data-testid="tech-sidebar-drawer"
      >
        <Box px="sm" pb="sm">
          <ShopPicker />
        </Box>
        <TechSidebar collapsed={false} onNavigate={() => setDrawerOpen(false)} />
      </Drawer>

      <AppShell.Main>
        <OfflineBanner />
        {children}
      </AppShell.Main>

      <AppShell.Footer>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text size="sm">Tech ID: {shortUserId(user.id, 'Unknown')}</Text>
          <Group gap="md" wrap="nowrap">
            <ConnectionStatus />
            <Button variant="subtle" size="compact-sm" onClick={signOut}>
              Sign Out
            </Button>
          </Group>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
