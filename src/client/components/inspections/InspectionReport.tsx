import { Box, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { InspectionItem, PublicInspection } from '../../../shared/inspections.ts';
import { appName } from '../../lib/app-name.ts';
import { useUnits } from '../../lib/units.ts';
import { ConditionCounts, DecisionBadge, InspectionStatusBadge, ItemHeading } from './badges.tsx';
import { Fact, PartyFacts } from './Facts.tsx';
import { formatDate, formatMeasurement, groupItems, type PhotoUrl } from './helpers.ts';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

function ReportItem({ item, photoUrl }: { item: InspectionItem; photoUrl: PhotoUrl }) {
  const f = useUnits();
  const measurement = formatMeasurement(item, f);
  return (
    // A finding and its photos stay on one sheet where they fit.
    <Box py="xs" style={{ breakInside: 'avoid', borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Stack gap={4}>
        <ItemHeading item={item} />
        {measurement ? <Line label="Measurement">{measurement}</Line> : null}
        {item.notes ? (
          <Line label="Notes">
            <span style={{ whiteSpace: 'pre-wrap' }}>{item.notes}</span>
          </Line>
        ) : null}
        {item.recommendation ? <Line label="Recommended">{item.recommendation}</Line> : null}
        {item.estimatedCost ? <Line label="Estimated cost">{f.money(item.estimatedCost)}</Line> : null}
        {item.decision ? (
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Customer’s decision:
            </Text>
            <DecisionBadge decision={item.decision} />
          </Group>
        ) : null}
        {item.photos.length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt={4}>
            {item.photos.map((photo) => (
              <img
                key={photo.id}
                src={photoUrl(photo.id, false)}
                alt={`${item.name}: ${photo.name}`}
                style={{ width: '100%', maxHeight: 220, objectFit: 'contain', borderRadius: 4, breakInside: 'avoid', background: 'var(--mantine-color-default-hover)' }}
              />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Box>
  );
}

/** Checks no one did, named on one line so the findings stand out. */
function NotChecked({ items }: { items: InspectionItem[] }) {
  const names = items.filter((item) => item.status === null).map((item) => item.name);
  if (names.length === 0) return null;
  return (
    <Text size="sm" c="dimmed" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      Not checked: {names.join(', ')}
    </Text>
  );
}

/**
 * The inspection as a document: the page behind "Generate Report" and the public link both show
 * it, each with its own address for the photos.
 */
export function InspectionReport({ inspection, photoUrl }: { inspection: PublicInspection; photoUrl: PhotoUrl }) {
  const f = useUnits();
  const groups = groupItems(inspection.items);
  const recommended = inspection.items.filter((item) => item.recommendation && item.estimatedCost && (item.status === 'attention' || item.status === 'urgent'));
  const total = recommended.reduce((sum, item) => sum + Number(item.estimatedCost), 0);
  const checked = inspection.items.filter((item) => item.status !== null).length;
  return (
    <Stack gap="lg" component="article" aria-label="Inspection report">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Vehicle Inspection Report
        </Title>
        <Text fw={600} size="lg">
          {inspection.vehicleLabel}
        </Text>
        <Group gap="xs">
          <InspectionStatusBadge status={inspection.status} />
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <PartyFacts inspection={inspection} />
        <Fact label="Mileage">{f.distance(inspection.mileage)}</Fact>
        <Fact label="Inspected">{formatDate(inspection.completedAt ?? inspection.createdAt, f)}</Fact>
      </SimpleGrid>

      <Stack gap="xs">
        <Title order={2} size="h4">
          Summary
        </Title>
        <ConditionCounts counts={inspection.counts} size="md" />
        <Text size="sm">
          {checked} of {inspection.items.length} checks done.
          {recommended.length > 0 ? ` Estimated cost of the recommended work: ${f.money(total)}.` : ''}
        </Text>
        {inspection.notes ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {inspection.notes}
          </Text>
        ) : null}
      </Stack>

      {groups.map((group) => (
        <Stack key={group.key} gap={0} component="section" aria-label={group.name}>
          <Title order={2} size="h4" mb={4}>
            {group.name}
          </Title>
          {group.items
            .filter((item) => item.status !== null)
            .map((item) => (
              <ReportItem key={item.id} item={item} photoUrl={photoUrl} />
            ))}
          <NotChecked items={group.items} />
        </Stack>
      ))}

      <Divider />
      <Stack gap={2} style={{ breakInside: 'avoid' }}>
        <Text size="sm" fw={600}>
          Signature
        </Text>
        {inspection.signedName ? (
          <>
            <Text size="xl" fs="italic" style={{ fontFamily: 'Georgia, "Times New Roman", serif' }}>
              {inspection.signedName}
            </Text>
            <Text size="sm" c="dimmed">
              Signed {formatDate(inspection.completedAt, f)}
              {inspection.serviceCenterName ? ` for ${inspection.serviceCenterName}` : ''}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not signed yet: this is a draft, and its findings may still change.
          </Text>
        )}
      </Stack>
      <Text size="xs" c="dimmed">
        {appName} · printed {new Date().toLocaleDateString(f.units.locale, { dateStyle: 'long' })}
      </Text>
    </Stack>
  );
}
