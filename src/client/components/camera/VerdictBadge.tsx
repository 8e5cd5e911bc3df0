import { Badge } from '@mantine/core';
import { PHOTO_VERDICT_LABELS, type PhotoVerdict } from '../../../shared/photo-analysis.ts';

const COLORS: Readonly<Record<PhotoVerdict, string>> = { sharp: 'green', blurry: 'yellow', too_dark: 'gray', overexposed: 'orange' };

export function VerdictBadge({ verdict }: { verdict: PhotoVerdict }) {
  return (
    <Badge variant="light" color={COLORS[verdict]} data-testid="photo-verdict" style={{ flexShrink: 0 }}>
      {PHOTO_VERDICT_LABELS[verdict]}
    </Badge>
  );
}
