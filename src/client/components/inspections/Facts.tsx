import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicInspection } from '../../../shared/inspections.ts';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Who did it for whom: a shop for its customer, or the owner on their own. */
export function PartyFacts({ inspection }: { inspection: Pick<PublicInspection, 'serviceCenterName' | 'customerName'> }) {
  if (!inspection.serviceCenterName) return <Fact label="Inspected by">The owner (self-check)</Fact>;
  return (
    <>
      <Fact label="Shop">{inspection.serviceCenterName}</Fact>
      <Fact label="Customer">{inspection.customerName ?? '-'}</Fact>
    </>
  );
}
