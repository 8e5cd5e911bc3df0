import { Card, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Inspection, InspectionItem, InspectionPhoto } from '../../../shared/inspections.ts';
import { useUnits } from '../../lib/units.ts';
import { DecisionBadge, ItemHeading } from './badges.tsx';
import { DecisionControls } from './DecisionControls.tsx';
import { formatMeasurement, type PhotoUrl } from './helpers.ts';
import { PhotoLightbox, PhotoThumbs } from './ItemPhotos.tsx';

/** One finding as it was signed: what the customer reads and, on a shared inspection, decides on. */
export function ItemView({ inspection, item, photoUrl, onSaved }: { inspection: Inspection; item: InspectionItem; photoUrl: PhotoUrl; onSaved: (inspection: Inspection) => void }) {
  const f = useUnits();
  const [open, setOpen] = useState<InspectionPhoto | null>(null);
  const measurement = formatMeasurement(item, f);
  return (
    <Card withBorder padding="sm" role="group" aria-label={item.name}>
      <Stack gap={6}>
        <ItemHeading item={item} />
        {measurement ? <Text size="sm">Measured: {measurement}</Text> : null}
        {item.notes ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {item.notes}
          </Text>
        ) : null}
        <PhotoThumbs item={item} photoUrl={photoUrl} onOpen={setOpen} />
        {item.recommendation ? (
          <Stack gap={6}>
            <Text size="sm">
              <Text span fw={600}>
                Recommended:
              </Text>{' '}
              {item.recommendation}
              {item.estimatedCost ? ` · estimated ${f.money(item.estimatedCost)}` : ''}
            </Text>
            {inspection.canDecide ? <DecisionControls inspection={inspection} item={item} onSaved={onSaved} /> : item.decision ? <DecisionBadge decision={item.decision} /> : null}
          </Stack>
        ) : null}
        <PhotoLightbox photo={open} photoUrl={photoUrl} onClose={() => setOpen(null)} />
      </Stack>
    </Card>
  );
}
