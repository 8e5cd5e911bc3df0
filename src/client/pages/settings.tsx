import { Button, Card, Group, Select, Stack, Switch, Text, Title, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconLogout, IconRefresh } from '@tabler/icons-react';
import { THEMES, type ThemeChoice } from '../../shared/constants.ts';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { CalendarFeedCard } from '../components/reminders/CalendarFeedCard.tsx';
import { useSession } from '../lib/session.tsx';
import { toMantineScheme, toThemeChoice } from '../lib/theme.ts';

const themeLabels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export default function SettingsPage() {
  const { user, role, setRole, updatePreferences, signOut } = useSession();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const prefs = user.preferences;

  const chooseTheme = (choice: ThemeChoice) => {
    setColorScheme(toMantineScheme(choice));
    const dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    if (dark !== prefs.darkMode) void updatePreferences({ darkMode: dark });
  };

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Settings" description="Choose how VinTech looks and how much guidance it gives." />

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            User Mode
          </Title>
          <Text size="sm" c="dimmed">
            Simple Mode explains things in plain words; Tech Mode shows full technical detail and the shop tools.
          </Text>
          <Group>
            <Button variant={role === 'simple' ? 'filled' : 'default'} onClick={() => void setRole('simple')} aria-pressed={role === 'simple'}>
              Simple Mode
            </Button>
            <Button variant={role === 'tech' ? 'filled' : 'default'} onClick={() => void setRole('tech')} aria-pressed={role === 'tech'}>
              Tech Mode
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Appearance
          </Title>
          <Switch
            label="Dark Mode"
            description="Use a dark colour scheme"
            checked={computed === 'dark'}
            onChange={(event) => chooseTheme(event.currentTarget.checked ? 'dark' : 'light')}
          />
          <Select
            label="Theme"
            data={THEMES.map((value) => ({ value, label: themeLabels[value] }))}
            value={toThemeChoice(colorScheme)}
            onChange={(value) => value && chooseTheme(value as ThemeChoice)}
            allowDeselect={false}
            maw={240}
          />
        </Stack>
      </Card>

      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            Assistant and notifications
          </Title>
          <Switch
            label="Avatar assistant"
            description="Show your avatar's tips in the corner of every page"
            checked={prefs.assistantEnabled}
            onChange={(event) => void updatePreferences({ assistantEnabled: event.currentTarget.checked })}
          />
          <Switch
            label="Push notifications"
            description="Alerts in the app about your vehicles and appointments"
            checked={prefs.notifications}
            onChange={(event) => void updatePreferences({ notifications: event.currentTarget.checked })}
          />
          <Switch
            label="Email notifications"
            description="Appointment reminders and service updates by email"
            checked={prefs.emailNotifications}
            onChange={(event) => void updatePreferences({ emailNotifications: event.currentTarget.checked })}
          />
        </Stack>
      </Card>

      <CalendarFeedCard />

      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Session
          </Title>
          <Text size="sm" c="dimmed">
            Reset Session signs you out and returns you to the start, like Sign Out.
          </Text>
          <Group>
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={signOut}>
              Reset Session
            </Button>
            <Button color="red" variant="light" leftSection={<IconLogout size={16} />} onClick={signOut}>
              Sign Out
            </Button>
          </Group>
        </Stack>
      </Card>
      <ComingSoon>Additional settings features coming soon...</ComingSoon>
    </Stack>
  );
}
