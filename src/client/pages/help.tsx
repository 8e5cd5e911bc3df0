import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconHelpCircle, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';

const cards = [
  { title: 'Documentation', body: 'Guides to identifying your vehicle, reading the diagram and tracking service.', icon: IconBook },
  { title: 'Live Chat', body: 'Chat with a VinTech specialist about your vehicle or your account.', icon: IconMessageCircle },
  { title: 'Phone Support', body: 'Talk to our support team on weekdays.', icon: IconPhone },
  { title: 'FAQ', body: 'Answers to the questions owners and technicians ask most.', icon: IconHelpCircle },
];

export default function HelpPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Help & Support" description="Find answers or reach our team." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {cards.map((card) => (
          <Card key={card.title} withBorder padding="lg" aria-disabled="true">
            <Stack gap="sm">
              <ThemeIcon size="lg" variant="light" aria-hidden>
                <card.icon size={20} />
              </ThemeIcon>
              <Title order={2} size="h4">
                {card.title}
              </Title>
              <Text size="sm" c="dimmed">
                {card.body}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <ComingSoon>Support features coming soon...</ComingSoon>
    </Stack>
  );
}
