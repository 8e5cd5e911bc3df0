import { Box, Button, Card, Container, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrain, IconCheck, IconCube3dSphere, IconUsers } from '@tabler/icons-react';
import { Brand } from '../components/shell/Brand.tsx';
import { appName } from '../lib/app-name.ts';

function goToSignIn(): void {
  window.location.assign('/api/login');
}

const features = [
  {
    title: '3D Vehicle Scanning',
    body: 'Scan components with your camera and get a 3D model you can turn, measure and annotate.',
    icon: IconCube3dSphere,
  },
  {
    title: 'Smart Diagnostics',
    body: 'AI-powered diagnostics and maintenance recommendations, with automated issue detection.',
    icon: IconBrain,
  },
  {
    title: 'Multi-Level Support',
    body: 'Plain-language guidance for owners, full technical depth for professional technicians.',
    icon: IconUsers,
  },
];

const promises = [
  '3D vehicle component scanning with your camera',
  'AI-powered diagnostics and maintenance recommendations',
  'Automated issue detection',
  'Service interval tracking',
  'Predictive maintenance alerts',
  'Avatar-guided assistance at every step',
];

/** What a signed-out visitor sees (docs/screens.md#landing-page). */
export function LandingPage() {
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Brand />
            <Button onClick={goToSignIn}>Sign In</Button>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <Container size="lg" py={{ base: 40, sm: 72 }}>
          <Stack align="center" gap="lg" ta="center">
            <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
              Professional Vehicle Diagnostics
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              Identify any vehicle by its VIN, see every component on an interactive diagram and get guidance that
              fits you, whether you own the car or fix it for a living.
            </Text>
            <Button size="lg" onClick={goToSignIn}>
              Get Started
            </Button>
          </Stack>
        </Container>
        <Container size="lg" pb={56}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {features.map((feature) => (
              <Card key={feature.title} withBorder padding="lg">
                <Stack gap="sm">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    <feature.icon size={26} />
                  </ThemeIcon>
                  <Title order={2} size="h4">
                    {feature.title}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {feature.body}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
        <Box bg="var(--mantine-color-default-hover)" py={56}>
          <Container size="md">
            <Stack align="center" gap="lg">
              <Title order={2} ta="center">
                Everything your vehicle needs, in one place
              </Title>
              <List
                spacing="xs"
                icon={
                  <ThemeIcon color="green" size={22} radius="xl" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {promises.map((promise) => (
                  <List.Item key={promise}>{promise}</List.Item>
                ))}
              </List>
              <Button size="lg" onClick={goToSignIn}>
                Start Now
              </Button>
            </Stack>
          </Container>
        </Box>
      </Box>
      <Box component="footer" py="md">
        <Text ta="center" size="sm" c="dimmed">
          © {new Date().getFullYear()} {appName}
        </Text>
      </Box>
    </Box>
  );
}
