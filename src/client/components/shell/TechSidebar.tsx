import { NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useCurrentShop } from '../../lib/current-shop.ts';
import { techNavGroups } from './nav.ts';
import { ScrollBox } from '../ScrollBox.tsx';

/**
 * The four groups of the technician sidebar (docs/screens.md#technician-shell); collapsed, only the
 * icons show (with their names as tooltips).
 */
export function TechSidebar({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const [location] = useLocation();
  const { canManage } = useCurrentShop();
  return (
    <ScrollBox h="100%">
      <Stack gap="xs" p={collapsed ? 4 : 'xs'} component="nav" aria-label="Technician tools">
        {techNavGroups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label}>
            {collapsed ? null : (
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
                {group.label}
              </Text>
            )}
            {group.items.filter((item) => canManage || !item.manageOnly).map((item) => {
              // A detail page (/customers/:id) keeps its list's item lit.
              const active = location === item.path || (item.path !== '/' && location.startsWith(`${item.path}/`));
              const icon = <item.icon size={20} stroke={1.7} aria-hidden />;
              const link = (
                <NavLink
                  key={item.path}
                  component={Link}
                  href={item.path}
                  label={collapsed ? undefined : item.label}
                  aria-label={collapsed ? item.label : undefined}
                  leftSection={icon}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  onClick={onNavigate}
                  styles={collapsed ? { root: { justifyContent: 'center', padding: 8 }, section: { marginInlineEnd: 0 } } : undefined}
                />
              );
              return collapsed ? (
                <Tooltip key={item.path} label={item.label} position="right">
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </div>
        ))}
      </Stack>
    </ScrollBox>
  );
}
