import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { InspectionSummary } from '../../../shared/inspections.ts';
import { useUnits } from '../../lib/units.ts';
import { CardsOrTable } from '../shop/ListTable.tsx';
import { ConditionCounts, InspectionStatusBadge } from './badges.tsx';
import { formatDate } from './helpers.ts';

const href = (inspection: InspectionSummary) => `/inspections/${inspection.id}`;

/** The other party: the shop for its customer, the customer for the shop. */
function who(inspection: InspectionSummary, customer: boolean): string {
  if (!inspection.serviceCenterId) return 'Own check';
  return (customer ? inspection.serviceCenterName : inspection.customerName) ?? '-';
}

/** Recommendations still open: the customer's to decide, the shop's to wait for. */
function Pending({ inspection, customer }: { inspection: InspectionSummary; customer: boolean }) {
  if (inspection.status !== 'shared' || inspection.pendingDecisions === 0) return null;
  return (
    <Badge variant="light" color="blue" size="sm">
      {inspection.pendingDecisions} {customer ? 'to decide' : 'awaiting the customer'}
    </Badge>
  );
}

/** Phones get a card per inspection, wider screens a table; every entry opens the inspection. */
export function InspectionList({ items, customer }: { items: InspectionSummary[]; customer: boolean }) {
  const f = useUnits();
  return (
    <CardsOrTable
      label="Inspections"
      minWidth={760}
      cards={items.map((inspection) => (
        <Card key={inspection.id} withBorder padding="md" component={Link} href={href(inspection)}>
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} c="blue" style={{ overflowWrap: 'anywhere' }}>
                  {inspection.vehicleLabel}
                </Text>
                <Text size="sm" c="dimmed">
                  {who(inspection, customer)} · {formatDate(inspection.completedAt ?? inspection.createdAt, f)}
                </Text>
              </Stack>
              <InspectionStatusBadge status={inspection.status} style={{ flexShrink: 0 }} />
            </Group>
            <ConditionCounts counts={inspection.counts} />
            <Pending inspection={inspection} customer={customer} />
          </Stack>
        </Card>
      ))}
      columns={['Vehicle', customer ? 'Shop' : 'Customer', 'Status', 'Findings', 'Date']}
    >
      {items.map((inspection) => (
        <Table.Tr key={inspection.id}>
          <Table.Td>
            <Anchor component={Link} href={href(inspection)} fw={600}>
              {inspection.vehicleLabel}
            </Anchor>
          </Table.Td>
          <Table.Td>{who(inspection, customer)}</Table.Td>
          <Table.Td>
            <Stack gap={4} align="flex-start">
              <InspectionStatusBadge status={inspection.status} />
              <Pending inspection={inspection} customer={customer} />
            </Stack>
          </Table.Td>
          <Table.Td>
            <ConditionCounts counts={inspection.counts} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(inspection.completedAt ?? inspection.createdAt, f)}</Table.Td>
        </Table.Tr>
      ))}
    </CardsOrTable>
  );
}
