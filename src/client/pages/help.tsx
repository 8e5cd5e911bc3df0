import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBook, IconChevronRight, IconHelpCircle, IconMessageCircle, IconPhone } from '@tabler/icons-react';
import { Link } from 'wouter';
import { ComingSoon, PageHeader } from '../components/PageHeader.tsx';

interface HelpCard {
  title: string;
  body: string;
  icon: typeof IconBook;
  /** Where the card leads; cards without one are not available yet. */
  href?: string;
}

const cards: HelpCard[] = [
  {
    title: 'Documentation',
    body: 'Guides to identifying your vehicle, reading the diagram and tracking service, in the Knowledge Base.',
    icon: IconBook,
    href: '/knowledge',
  },
  { title: 'Live Chat', body: 'Chat with a VinTech specialist about your vehicle or your account.', icon: IconMessageCircle },
  { title: 'Phone Support', body: 'Talk to our support team on weekdays.', icon: IconPhone },
  { title: 'FAQ', body: 'Answers to the questions owners and technicians ask most.', icon: IconHelpCircle, href: '/knowledge?tab=faq' },
];

function CardBody({ card }: { card: HelpCard }) {
  return (
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
      {card.href ? (
        <Text size="sm" c="blue" fw={600} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          Open <IconChevronRight size={14} aria-hidden />
        </Text>
      ) : null}
    </Stack>
  );
}

export default function HelpPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Help & Support" description="Find answers or reach our team." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {cards.map((card) =>
          card.href ? (
            <Card key={card.title} withBorder padding="lg" component={Link} href={card.href}>
              <CardBody card={card} />
            </Card>
          ) : (
            <Card key={card.title} withBorder padding="lg" aria-disabled="true">
              <CardBody card={card} />
            </Card>
          ),
        )}
      </SimpleGrid>
      <ComingSoon>Support features coming soon...</ComingSoon>
    </Stack>
  );
}
