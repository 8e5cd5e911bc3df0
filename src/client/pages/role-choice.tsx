import { Badge, Button, Card, Center, Container, List, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconCar, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import type { Role } from '../../shared/constants.ts';
import { appName } from '../lib/app-name.ts';
import { toasts } from '../lib/notify.ts';
import { trpc } from '../lib/trpc.ts';

const choices: { role: Role; title: string; audience: string; points: string[]; icon: typeof IconCar }[] = [
  {
    role: 'simple',
    title: 'Simple User',
    audience: 'Vehicle owner',
    icon: IconCar,
    points: [
      'Easy explanations',
      'Guided step-by-step instructions',
      'Basic vehicle information',
      'Safety-focused recommendations',
    ],
  },
  {
    role: 'tech',
    title: 'Advanced Technician',
    audience: 'Professional',
    icon: IconTool,
    points: ['Detailed specs', 'Advanced diagnostic tools', '3D component visualization', 'Service record management'],
  },
];

/**
 * A new account picks its experience level; the choice is saved on the server
 * (docs/accounts.md#role-choice-and-modes).
 */
export default function RoleChoicePage() {
  const [chosen, setChosen] = useState<Role | null>(null);
  const utils = trpc.useUtils();
  const setRole = trpc.auth.setRole.useMutation(toasts({ failed: 'Could not save your choice. Please try again.', then: (user) => utils.auth.me.setData(undefined, user) }));

  return (
    <Center mih="100vh" py="xl">
      <Container size="md" w="100%">
        <Stack gap="xl" align="center">
          <Stack gap={6} align="center" ta="center">
            <Title order={1}>Welcome to {appName}</Title>
            <Text c="dimmed" size="lg">
              Choose your experience level to get started
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" w="100%" role="radiogroup" aria-label="Experience level">
            {choices.map((choice) => {
              const selected = chosen === choice.role;
              return (
                <UnstyledButton
                  key={choice.role}
                  onClick={() => setChosen(choice.role)}
                  role="radio"
                  aria-checked={selected}
                  aria-label={choice.title}
                >
                  <Card
                    withBorder
                    padding="lg"
                    h="100%"
                    style={{
                      borderColor: selected ? 'var(--mantine-color-blue-filled)' : undefined,
                      borderWidth: selected ? 2 : 1,
                      background: selected ? 'var(--mantine-color-blue-light)' : undefined,
                    }}
                  >
                    <Stack gap="sm">
                      <ThemeIcon size={48} radius="md" variant={selected ? 'filled' : 'light'} aria-hidden>
                        <choice.icon size={28} />
                      </ThemeIcon>
                      <Title order={2} size="h3">
                        {choice.title}
                      </Title>
                      <Badge variant="light" w="fit-content">
                        {choice.audience}
                      </Badge>
                      <List size="sm" spacing={4}>
                        {choice.points.map((point) => (
                          <List.Item key={point}>{point}</List.Item>
                        ))}
                      </List>
                    </Stack>
                  </Card>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          <Button
            size="lg"
            disabled={!chosen}
            loading={setRole.isPending}
            onClick={() => chosen && setRole.mutate({ role: chosen })}
          >
            Continue to {appName}
          </Button>
          <Text size="sm" c="dimmed">
            You can change this level anytime in settings.
          </Text>
        </Stack>
      </Container>
    </Center>
  );
}
