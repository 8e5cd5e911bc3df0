import { Alert, Card, List, Stack, Switch, Table, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { PERSONALITY_INFO, VOICE_LABELS, type Avatar } from '../../../shared/avatars.ts';
import { useSession } from '../../lib/session.tsx';

const GUIDANCE_LABELS = { minimal: 'Minimal', basic: 'Basic', detailed: 'Detailed' } as const;

export function AssistantSettings({ active }: { active: Avatar | null }) {
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

