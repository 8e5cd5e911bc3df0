import { Alert, Anchor, Group, List, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { Link } from 'wouter';
import { dueSummary } from '../../../shared/due.ts';
import { type DueItem } from '../../../shared/garage.ts';
import { trpc } from '../../lib/trpc.ts';
import { browserTimeZone } from '../../lib/time-zone.ts';
import { useUnits } from '../../lib/units.ts';
import { UrgencyBadge } from './UrgencyBadge.tsx';

/** At most this many lines: the box stays small on a phone; the garage has the rest. */
const SHOWN = 3;

/** The home page's alerts: what is overdue or due on the user's saved vehicles, in a few lines. */
export function MaintenanceAlerts() {
  const due = trpc.garage.due.useQuery({ timeZone: browserTimeZone() });
  const { units } = useUnits();
  const alerts = (due.data ?? []).filter((item) => item.urgency === 'overdue' || item.urgency === 'due');
  if (alerts.length === 0) return null;
  const overdue = alerts.filter((item) => item.urgency === 'overdue').length;
  const counts = [overdue > 0 ? `${overdue} overdue` : null, alerts.length > overdue ? `${alerts.length - overdue} due` : null].filter(Boolean).join(', ');
  return (
    <Alert
      color={overdue > 0 ? 'red' : 'orange'}
      variant="light"
      icon={<IconTool size={18} />}
      title={`Maintenance: ${counts}`}
      aria-label="Maintenance alerts"
      py="xs"
    >
      <List spacing={4} size="sm" listStyleType="none" ml={0} pl={0}>
        {alerts.slice(0, SHOWN).map((item: DueItem) => (
          <List.Item key={`${item.garageVehicleId}:${item.componentId}:${item.service}`}>
            <Group gap={8} wrap="nowrap" align="flex-start">
              <UrgencyBadge urgency={item.urgency} size="sm" style={{ flexShrink: 0 }} />
              <Text size="sm" lineClamp={2}>
                <strong>{item.service}</strong> on {item.nickname}: {dueSummary(item, units)}
              </Text>
            </Group>
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} href="/garage" size="sm" mt={6} display="inline-block" c="inherit" fw={600} underline="always">
        {alerts.length > SHOWN ? `See all ${alerts.length} in My Garage` : 'Open My Garage'}
      </Anchor>
    </Alert>
  );
}
