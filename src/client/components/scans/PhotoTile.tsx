import { Badge, Card, Image, Progress, Stack, Text } from '@mantine/core';
import { isLowOverlap, percent, useOverlapColour } from './photo-overlap.ts';
import type { PhotoItem, PhotoState } from './use-scan-uploads.ts';

const BADGE: Record<PhotoState, { label: string; color: string }> = {
  measuring: { label: 'Checking', color: 'gray' },
  queued: { label: 'In line', color: 'gray' },
  uploading: { label: 'Uploading', color: 'blue' },
  waiting: { label: 'Will retry', color: 'orange' },
  stored: { label: 'Added', color: 'green' },
  refused: { label: 'Not added', color: 'red' },
};

/** One photo taken on this page: its thumbnail, where its upload is, its overlap with the one before, and why it was not added. */
export function PhotoTile({ item, number }: { item: PhotoItem; number: number }) {
  const badge = BADGE[item.state];
  const colour = useOverlapColour();
  return (
    <Card withBorder padding="xs" aria-label={`Photo ${number}: ${badge.label}`} role="group">
      <Card.Section>
        <Image src={item.url} alt={`Photo ${number}, ${item.name}`} h={96} fit="cover" style={{ opacity: item.state === 'refused' ? 0.45 : 1 }} />
      </Card.Section>
      <Stack gap={4} mt="xs">
        <Badge variant="light" color={badge.color} size="sm">
          {badge.label}
        </Badge>
        {item.state === 'uploading' ? <Progress value={Math.round(item.progress * 100)} size="sm" aria-label={`Upload of photo ${number}`} /> : null}
        {item.overlap !== null && item.state !== 'refused' ? (
          <Text size="xs" fw={500} c={colour(item.overlap, 'dimmed')} data-testid="photo-overlap">
            {isLowOverlap(item.overlap) ? `Only ${percent(item.overlap)} overlap with the previous photo` : `Overlap ${percent(item.overlap)}`}
          </Text>
        ) : null}
        {item.message ? (
          <Text size="xs" c={item.state === 'refused' ? 'red' : 'dimmed'}>
            {item.message}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
