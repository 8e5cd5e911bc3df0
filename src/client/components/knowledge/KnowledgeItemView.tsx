import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { KNOWLEDGE_KIND_LABELS, type KnowledgeItem } from '../../../shared/knowledge.ts';
import { formatDate } from '../shop/parts.tsx';
import { AudienceBadge, PriorityBadge } from './badges.tsx';

/** One item in full: its text, then its steps numbered in order. */
export function KnowledgeItemView({ item, onEdit }: { item: KnowledgeItem; onEdit?: () => void }) {
  const steps = item.steps ?? [];
  return (
    <Stack gap="md">
      <Group gap={6}>
        <PriorityBadge priority={item.priority} />
        <AudienceBadge audience={item.audience} />
        <Text size="xs" c="dimmed">
          {KNOWLEDGE_KIND_LABELS[item.kind]} · updated {formatDate(item.updatedAt)}
        </Text>
      </Group>
      <Text style={{ whiteSpace: 'pre-line' }}>{item.body}</Text>
      {steps.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} size="h5">
            Steps
          </Title>
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Steps">
            {steps.map((step, index) => (
              <Group component="li" key={index} gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon size={26} radius="xl" variant="light" aria-hidden style={{ flexShrink: 0 }}>
                  <Text size="xs" fw={700}>
                    {index + 1}
                  </Text>
                </ThemeIcon>
                <Text size="sm" pt={3}>
                  <Text span size="sm" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {`Step ${index + 1}: `}
                  </Text>
                  {step}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      ) : null}
      {item.tags.length > 0 ? (
        <Text size="xs" c="dimmed">
          Tags: {item.tags.join(', ')}
        </Text>
      ) : null}
      {onEdit ? (
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
            Edit
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
