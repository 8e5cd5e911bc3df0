import { Badge, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatHours } from '../../../shared/repair-order-totals.ts';
import { LINE_KIND_LABELS } from '../../../shared/repair-orders.ts';
import type { RepairOrder, RepairOrderLine } from '../../../shared/repair-order-views.ts';
import { TableHead } from '../TableHead.tsx';
import { lineAmountText, lineDetails, quantityText, showsHours, showsStock } from './format.ts';

const struck = (line: RepairOrderLine) => (line.decision === 'declined' ? 'line-through' : undefined);

function KindBadge({ line }: { line: RepairOrderLine }) {
  return (
    <Badge variant="outline" color="gray" size="sm" style={{ flexShrink: 0 }}>
      {LINE_KIND_LABELS[line.kind]}
    </Badge>
  );
}

/** The description, struck through when declined, with its service, component, technician, part number and stock. */
function Description({ line, worked, stock }: { line: RepairOrderLine; worked: boolean; stock: boolean }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={500} td={struck(line)} style={{ overflowWrap: 'anywhere' }}>
          {line.description}
        </Text>
        {line.decision === 'declined' ? (
          <Badge variant="light" color="red" size="sm">
            Declined
          </Badge>
        ) : null}
      </Group>
      {lineDetails(line, stock).map((detail) => (
        <Text key={detail} size="xs" c="dimmed">
          {detail}
        </Text>
      ))}
      {worked && line.kind === 'labor' && line.decision !== 'declined' ? (
        <Text size="xs">
          Worked {formatHours(line.workedHundredths)} h of {formatHours(line.hoursHundredths ?? 0)} h{line.clockRunning ? ' · your clock is running' : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

function Amount({ line }: { line: RepairOrderLine }) {
  return (
    <Text size="sm" fw={600} td={struck(line)} style={{ whiteSpace: 'nowrap' }}>
      {lineAmountText(line)}
    </Text>
  );
}

/**
 * The order's lines: a card each on phones, a table on wider screens. `actions` puts a line's
 * controls (edit, clock, the customer's decision) beside it.
 */
export function LineItems({ order, actions }: { order: RepairOrder; actions?: (line: RepairOrderLine) => ReactNode }) {
  const worked = showsHours(order);
  const stock = showsStock(order);
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm">
        {order.lines.map((line) => (
          <Card key={line.id} withBorder padding="sm" aria-label={line.description} component="article">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <KindBadge line={line} />
                <Amount line={line} />
              </Group>
              <Description line={line} worked={worked} stock={stock} />
              {quantityText(line) ? (
                <Text size="xs" td={struck(line)}>
                  {quantityText(line)}
                </Text>
              ) : null}
              {actions ? actions(line) : null}
            </Stack>
          </Card>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <Card withBorder padding={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Lines">
              <TableHead columns={['Kind', 'Description', 'Quantity', { label: 'Amount', align: 'right' }, actions && 'Actions']} />
              <Table.Tbody>
                {order.lines.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td>
                      <KindBadge line={line} />
                    </Table.Td>
                    <Table.Td>
                      <Description line={line} worked={worked} stock={stock} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" td={struck(line)}>
                        {quantityText(line) ?? '-'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Amount line={line} />
                    </Table.Td>
                    {actions ? <Table.Td>{actions(line)}</Table.Td> : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </Box>
    </>
  );
}
