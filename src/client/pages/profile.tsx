import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconLock, IconShieldCheck } from '@tabler/icons-react';
import { initialsOf } from '../../shared/auth.ts';
import { shortUserId } from '../../shared/format.ts';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';
import { ApiTokensCard } from '../components/profile/ApiTokensCard.tsx';
import { ChangePasswordButton } from '../components/profile/ChangePasswordButton.tsx';
import { EditProfileButton } from '../components/profile/EditProfileButton.tsx';
import { YourDataCard } from '../components/profile/YourDataCard.tsx';
import { useSession } from '../lib/session.tsx';

const inertActions = [
  { label: 'Email Notifications', icon: IconBell },
  { label: 'Privacy Settings', icon: IconShieldCheck },
  { label: 'Two-Factor', icon: IconLock },
];

export default function ProfilePage() {
  const { user, role } = useSession();
  const initials = initialsOf(user);
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Profile" />
      <Card withBorder padding="lg">
        <Group gap="lg" wrap="nowrap" align="flex-start">
          <Avatar size={72} radius="xl" color="blue">
            {initials}
          </Avatar>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} size="h3">
              {fullName || user.email}
            </Title>
            {fullName ? (
              <Text c="dimmed" size="sm">
                {user.email}
              </Text>
            ) : null}
            <Text size="sm">
              ID: <Text span ff="monospace">{shortUserId(user.id, 'Unknown')}</Text>
            </Text>
            <Group gap="xs">
              <Badge variant="light">Current Role: {role === 'tech' ? 'Tech' : 'Simple'} Mode</Badge>
              <Text size="xs" c="dimmed">
                Member since {user.createdAt.toLocaleDateString()}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Account
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <EditProfileButton user={user} />
            <ChangePasswordButton />
            {inertActions.map((action) => (
              <Button key={action.label} variant="default" leftSection={<action.icon size={16} />} justify="flex-start" disabled>
                {action.label}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      </Card>
      <ApiTokensCard />
      <YourDataCard />
      <ComingSoon>Profile management features coming soon...</ComingSoon>
    </Stack>
  );
}
