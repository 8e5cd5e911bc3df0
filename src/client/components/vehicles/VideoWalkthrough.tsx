import { ActionIcon, Alert, Badge, Box, Card, Grid, Group, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconVideoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { BodyKind } from '../../../shared/vehicles.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { BodyDrawing } from './BodyDrawing.tsx';

/** The player shows a static position (docs/vehicles.md#what-a-vehicle-shows). */
const STATIC_POSITION = '05:23';
/** How long the guided tour dwells on each chapter. */
const CHAPTER_MS = 4000;

export function VideoWalkthrough({ vehicleId, kind, electric }: { vehicleId: string; kind: BodyKind; electric: boolean }) {
  const videos = trpc.vehicles.videos.useQuery({ vehicleId });
  const [playing, setPlaying] = useState(false);
  const [chapterIndex, setChapterIndex] = useState(0);
  const video = videos.data?.[0];
  const chapterCount = video?.chapters.length ?? 0;

  useEffect(() => {
    if (!playing || chapterCount === 0) return;
    const timer = window.setInterval(() => setChapterIndex((i) => (i + 1) % chapterCount), CHAPTER_MS);
    return () => window.clearInterval(timer);
  }, [playing, chapterCount]);

  if (videos.isLoading) return <Skeleton h={320} radius="md" />;
  if (videos.error) {
    return (
      <Alert color="red" title="Could not load the walkthrough">
        {errorMessage(videos.error, 'Please try again.')}
      </Alert>
    );
  }
  if (!video) {
    return (
      <Card withBorder padding="xl">
        <Stack align="center" gap="xs">
          <IconVideoOff size={32} aria-hidden />
          <Text c="dimmed">No video walkthrough available for this vehicle</Text>
        </Stack>
      </Card>
    );
  }

  const current = video.chapters[chapterIndex];
  return (
    <Card withBorder padding="md">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Box
              pos="relative"
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                overflow: 'hidden',
                background: 'linear-gradient(160deg, var(--mantine-color-blue-light), var(--mantine-color-default-hover))',
              }}
            >
              <Box px="8%" pt="4%" pb="10%" style={{ aspectRatio: '16 / 9' }}>
                <BodyDrawing kind={kind} exhaust={!electric} floorBattery={electric} label={`Walkthrough thumbnail: ${video.title}`} />
              </Box>
              <Group pos="absolute" top={0} left={0} right={0} bottom={0} justify="center" align="center">
                <ActionIcon
                  size={64}
                  radius="xl"
                  variant="filled"
                  aria-label={playing ? 'Pause walkthrough' : 'Play walkthrough'}
                  onClick={() => setPlaying((p) => !p)}
                >
                  {playing ? <IconPlayerPauseFilled size={30} /> : <IconPlayerPlayFilled size={30} />}
                </ActionIcon>
              </Group>
              <Group
                pos="absolute"
                left={0}
                right={0}
                bottom={0}
                px="sm"
                py={6}
                justify="space-between"
                wrap="nowrap"
                style={{ background: 'rgba(0, 0, 0, 0.62)', color: '#fff' }}
              >
                <Text size="sm" c="#fff" truncate>
                  {playing && current ? `Chapter ${chapterIndex + 1}: ${current.title}` : video.title}
                </Text>
                <Text size="sm" c="#fff" ff="monospace" style={{ flexShrink: 0 }}>
                  {STATIC_POSITION} / {video.duration ?? '--:--'}
                </Text>
              </Group>
            </Box>

            <Stack gap={4}>
              <Title order={3} size="h4">
                {video.title}
              </Title>
              {video.description ? <Text size="sm">{video.description}</Text> : null}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {video.chapters.length > 0 ? (
            <Stack gap="xs">
              <Title order={4} size="h5">
                Chapters
              </Title>
              <Timeline active={playing ? chapterIndex : -1} bulletSize={18} lineWidth={2}>
                {video.chapters.map((chapter, index) => (
                  <Timeline.Item
                    key={`${chapter.startTime}-${chapter.title}`}
                    aria-current={playing && index === chapterIndex ? 'step' : undefined}
                    title={
                      <Group gap="xs" wrap="wrap">
                        <Text fw={600} size="sm">
                          {chapter.title}
                        </Text>
                        <Badge variant="light" color="gray" ff="monospace">
                          {chapter.startTime} - {chapter.endTime}
                        </Badge>
                      </Group>
                    }
                  >
                    <Text size="sm" c="dimmed">
                      {chapter.description}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          ) : null}
        </Grid.Col>
      </Grid>
    </Card>
  );
}
