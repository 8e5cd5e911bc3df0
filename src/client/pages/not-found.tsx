import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'wouter';

/** Unknown paths (docs/screens.md#what-the-application-shows). */
export default function NotFoundPage() {
  return (
    <Card withBorder maw={480} mx="auto" mt="xl" p="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <IconAlertCircle color="var(--mantine-color-red-filled)" aria-hidden />
          <Title order={1} size="h2">
            404 Page Not Found
          </Title>
        </Group>
        <Text c="dimmed">Did you forget to add the page to the router?</Text>
        <Group>
          <Button component={Link} href="/" variant="light">
            Go to the home page
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
