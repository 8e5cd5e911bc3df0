import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money.ts';
import { PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUSES, PURCHASE_ORDERS_PAGE_SIZE, type PurchaseOrderStatus, type PurchaseOrderSummary } from '../../../shared/purchase-orders.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatDate, ShopDialog } from '../shop/parts.tsx';
import { ListFilter, PagedListBody } from '../shop/ShopList.tsx';
import { TableHead } from '../TableHead.tsx';
import { ScrollTable } from '../tools/ScrollTable.tsx';
import { NewPurchaseOrder } from './NewPurchaseOrder.tsx';
import { PurchaseOrderBadge } from './PurchaseOrderBadge.tsx';
import { PurchaseOrderView } from './PurchaseOrderView.tsx';

type StatusFilter = PurchaseOrderStatus | 'all';
const STATUS_CHOICES: { value: StatusFilter; label: string }[] = [{ value: 'all', label: 'Every status' }, ...PURCHASE_ORDER_STATUSES.map((value) => ({ value, label: PURCHASE_ORDER_STATUS_LABELS[value] }))];

function OrderRows({ items, onOpen }: { items: PurchaseOrderSummary[]; onOpen: (order: PurchaseOrderSummary) => void }) {
  return (
    <ScrollTable label="Purchase orders" minWidth={680}>
      <Table verticalSpacing="sm" highlightOnHover>
        <TableHead columns={['Number', 'Supplier', 'Status', { label: 'Lines', align: 'right' }, { label: 'Received', align: 'right' }, { label: 'Total', align: 'right' }, 'Opened']} />
        <Table.Tbody>
          {items.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} aria-label={`Open PO #${order.number}`} onClick={() => onOpen(order)}>
                  PO #{order.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{order.supplierName}</Table.Td>
              <Table.Td>
                <PurchaseOrderBadge status={order.status} />
              </Table.Td>
              <Table.Td ta="right">{order.lineCount}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {order.totals.unitsReceived} of {order.totals.unitsOrdered}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(order.totals.orderedCents)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(order.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * The Purchase orders tab: the shop's orders to its suppliers, newest first, filtered by status and
 * supplier; "New purchase order" opens a draft, and an order opens to be ordered and received.
 */
export function PurchaseOrdersTab({ shopId }: { shopId: string }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [supplierId, setSupplierId] = useState('all');
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const suppliers = trpc.parts.suppliers.list.useQuery({ serviceCenterId: shopId });
  const list = trpc.purchaseOrders.list.useInfiniteQuery(
    { serviceCenterId: shopId, status: status === 'all' ? undefined : status, supplierId: supplierId === 'all' ? undefined : supplierId, limit: PURCHASE_ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const filtering = status !== 'all' || supplierId !== 'all';

  const supplierChoices = [{ value: 'all', label: 'Every supplier' }, ...(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <ListFilter label="Purchase order status" value={status} onChange={setStatus} data={STATUS_CHOICES} />
          <ListFilter label="Supplier" value={supplierId} onChange={setSupplierId} data={supplierChoices} />
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New purchase order
        </Button>
      </Group>
      <PagedListBody
        list={list}
        skeleton={{ columns: 7, rows: 4 }}
        failure="Purchase orders could not be loaded"
        empty={
          filtering
            ? { title: 'No purchase orders match', hint: 'Choose another status or supplier to see them.' }
            : { title: 'No purchase orders yet', hint: 'Order parts from one of your suppliers with "New purchase order"; receiving them adds them to the stock.' }
        }
      >
        {(items) => <OrderRows items={items} onOpen={(order) => setOpen(order.id)} />}
      </PagedListBody>
      <Text size="xs" c="dimmed">
        Totals are quantity ordered × unit cost. Received stock is in each part&apos;s history on the Inventory tab.
      </Text>
      <ShopDialog opened={creating} onClose={() => setCreating(false)} title="New purchase order">
        {creating ? (
          <NewPurchaseOrder
            shopId={shopId}
            onCancel={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              setOpen(id);
            }}
          />
        ) : null}
      </ShopDialog>
      <ShopDialog opened={open !== null} onClose={() => setOpen(null)} title="Purchase order" size="56rem">
        {open ? <PurchaseOrderView shopId={shopId} orderId={open} /> : null}
      </ShopDialog>
    </Stack>
  );
}
