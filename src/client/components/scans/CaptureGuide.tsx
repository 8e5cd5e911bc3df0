import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SCAN_LIMITS } from '../../../shared/scans.ts';
import { SectionCard } from '../tools/SectionCard.tsx';

const TIPS: { title: string; body: string }[] = [
  { title: 'Walk around the part', body: 'Move yourself around it in one loop, not the part, and stay at a steady 30–50 cm.' },
  {
    title: 'Overlap every photo',
    body: `Keep at least ${Math.round(SCAN_LIMITS.minOverlap * 100)} % overlap between neighbouring shots: each photo should show most of what the one before it showed.`,
  },
  { title: 'Even light', body: 'Diffuse light, no direct sun or flash glare on chrome or wet surfaces.' },
  { title: 'Hold still', body: 'Stop for each shot and let the camera focus: a blurry photo is not added.' },
  { title: 'Clean the surface', body: 'Wipe off oil and brake dust: they read as false surface detail.' },
];

/** How to take the photos of a scan (docs/scans.md#the-page). */
export function CaptureGuide() {
  return (
    <SectionCard title="Capture Guide" description={`${SCAN_LIMITS.recommendedMin}–${SCAN_LIMITS.maxPhotos} photos work best.`}>
      <List
        spacing="sm"
        icon={
          <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCheck size={14} />
          </ThemeIcon>
        }
      >
        {TIPS.map((tip) => (
          <List.Item key={tip.title}>
            <Text size="sm" fw={600} span>
              {tip.title}:{' '}
            </Text>
            <Text size="sm" span>
              {tip.body}
            </Text>
          </List.Item>
        ))}
      </List>
    </SectionCard>
  );
}
