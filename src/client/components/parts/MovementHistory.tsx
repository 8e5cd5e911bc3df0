import { Badge, Table, Text } from '@mantine/core';
import { MOVEMENT_LABELS, MOVEMENTS_PAGE_SIZE, type MovementKind } from '../../../shared/stock.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatDateTime } from '../shop/parts.tsx';
import { PagedListBody } from '../shop/ShopList.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';

const KIND_COLORS: Record<MovementKind, string> = { received: 'green', used: 'blue', adjusted: 'grape' };

const signed = (quantity: number) => (quantity > 0 ? `+${quantity}` : String(quantity));

/** A part's ledger, newest first: what moved, the stock after it, who and why. */
export function MovementHistory({ partId }: { partId: string }) {
  const list = trpc.parts.movements.useInfiniteQuery({ partId, limit: MOVEMENTS_PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  return (
    <PagedListBody
      list={list}
      skeleton={{ columns: 5, rows: 3 }}
      failure="The history could not be loaded"
      empty={{ title: 'No movements yet', hint: 'Stock received, used or adjusted is listed here.' }}
      gap="sm"
    >
      {(items) => (
        <ScrollTable label="Stock movements" minWidth={560}>
          <Table verticalSpacing="xs">
            <TableHead columns={['When', 'Movement', { label: 'Quantity', align: 'right' }, { label: 'On hand after', align: 'right' }, 'By, and why']} />
            <Table.Tbody>
              {items.map((movement) => (
                <Table.Tr key={movement.id}>
                  <Table.Td>{formatDateTime(movement.createdAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={KIND_COLORS[movement.kind]}>
                      {MOVEMENT_LABELS[movement.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {signed(movement.quantity)}
                  </Table.Td>
                  <Table.Td ta="right">{movement.balance}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{[movement.movedBy ?? 'A former member', movement.supplierName ? `from ${movement.supplierName}` : null].filter(Boolean).join(' ')}</Text>
                    {movement.reason ? (
                      <Text size="xs" c="dimmed">
                        {movement.reason}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </PagedListBody>
  );
}
