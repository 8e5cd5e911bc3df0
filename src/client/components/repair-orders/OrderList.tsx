import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatCents } from '../../../shared/money.ts';
import { REPAIR_ORDER_STATUS_LABELS, REPAIR_ORDER_STATUSES, REPAIR_ORDERS_PAGE_SIZE, type RepairOrderStatus } from '../../../shared/repair-orders.ts';
import type { RepairOrderSummary } from '../../../shared/repair-order-views.ts';
import { trpc } from '../../lib/trpc.ts';
import { CardsOrTable } from '../shop/ListTable.tsx';
import { formatDate } from '../shop/parts.tsx';
import { ListFilter, ListSearch, PagedListBody, useListSearch } from '../shop/ShopList.tsx';
import { orderPath } from './format.ts';
import { RepairOrderStatusBadge } from './StatusBadge.tsx';

type StatusFilter = RepairOrderStatus | 'all';
const FILTERS: { value: StatusFilter; label: string }[] = [{ value: 'all', label: 'All statuses' }, ...REPAIR_ORDER_STATUSES.map((value) => ({ value, label: REPAIR_ORDER_STATUS_LABELS[value] }))];

function NumberLink({ order }: { order: RepairOrderSummary }) {
  return (
    <Anchor component={Link} href={orderPath(order.id)} fw={600} aria-label={`Repair order #${order.number}`}>
      #{order.number}
    </Anchor>
  );
}

/** Phones get a card per order, wider screens a table; the number opens the order. */
function OrderRows({ items }: { items: RepairOrderSummary[] }) {
  return (
    <CardsOrTable
      label="Repair orders"
      minWidth={720}
      cards={items.map((order) => (
        <Card key={order.id} withBorder padding="md" component={Link} href={orderPath(order.id)}>
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text fw={600} c="blue">
                #{order.number} · {order.customerName}
              </Text>
              <RepairOrderStatusBadge status={order.status} style={{ flexShrink: 0 }} />
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {order.vehicleLabel}
            </Text>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {formatDate(order.createdAt)}
              </Text>
              <Text size="sm" fw={600}>
                {formatCents(order.totalCents)}
              </Text>
            </Group>
          </Stack>
        </Card>
      ))}
      columns={['Number', 'Customer', 'Vehicle', 'Status', { label: 'Total', align: 'right' }, 'Date']}
    >
      {items.map((order) => (
        <Table.Tr key={order.id}>
          <Table.Td>
            <NumberLink order={order} />
          </Table.Td>
          <Table.Td>{order.customerName}</Table.Td>
          <Table.Td>{order.vehicleLabel}</Table.Td>
          <Table.Td>
            <RepairOrderStatusBadge status={order.status} />
          </Table.Td>
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {formatCents(order.totalCents)}
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(order.createdAt)}</Table.Td>
        </Table.Tr>
      ))}
    </CardsOrTable>
  );
}

/** The current shop's orders, newest first: filtered by status, searched by customer or number. */
export function OrderList({ shopId }: { shopId: string }) {
  const { search, setSearch, query } = useListSearch();
  const [status, setStatus] = useState<StatusFilter>('all');
  const list = trpc.repairOrders.list.useInfiniteQuery(
    { serviceCenterId: shopId, status: status === 'all' ? undefined : status, search: query || undefined, limit: REPAIR_ORDERS_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="center">
        <ListSearch label="Search repair orders" placeholder="Search by customer or #number..." value={search} onChange={setSearch} />
        <ListFilter label="Status" value={status} onChange={setStatus} data={FILTERS} />
      </Group>
      <PagedListBody
        list={list}
        skeleton={{ columns: 6, rows: 5, cardHeight: 96 }}
        failure="Repair orders could not be loaded"
        empty={
          query || status !== 'all'
            ? { title: 'No repair orders match', hint: 'Try another name, number or status' }
            : { title: 'No repair orders yet', hint: 'Open one for a customer’s vehicle with “New repair order”, or from a completed inspection.' }
        }
      >
        {(items) => <OrderRows items={items} />}
      </PagedListBody>
    </Stack>
  );
}
