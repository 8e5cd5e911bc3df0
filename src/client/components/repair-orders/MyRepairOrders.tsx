import { Alert, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { formatCents } from '../../../shared/money.ts';
import type { RepairOrderSummary } from '../../../shared/repair-order-views.ts';
import { trpc } from '../../lib/trpc.ts';
import { formatDate } from '../shop/parts.tsx';
import { listItems, LoadMore } from '../shop/ShopList.tsx';
import { orderPath } from './format.ts';
import { RepairOrderStatusBadge } from './StatusBadge.tsx';

function OrderCard({ order }: { order: RepairOrderSummary }) {
  return (
    <Card withBorder padding="sm" component={Link} href={orderPath(order.id)}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} c="blue">
            Repair order #{order.number}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {order.shopName} · {order.vehicleLabel}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(order.createdAt)} · {formatCents(order.totalCents)}
          </Text>
          {order.status === 'sent' ? (
            <Badge variant="filled" color="blue" size="sm" mt={2}>
              Awaiting your approval
            </Badge>
          ) : null}
        </Stack>
        <RepairOrderStatusBadge status={order.status} style={{ flexShrink: 0 }} />
      </Group>
    </Card>
  );
}

/** My Requests' "Repair orders": the estimates and invoices shops sent me, newest first. */
export function MyRepairOrders() {
  const list = trpc.repairOrders.mine.useInfiniteQuery({ limit: 20 }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const items = listItems(list);
  return (
    <Stack gap="sm" component="section" aria-label="Repair orders">
      <Title order={2} size="h4">
        Repair orders
      </Title>
      {list.isPending ? (
        <Skeleton h={80} />
      ) : list.isError ? (
        <Alert color="red">Your repair orders could not be loaded</Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No repair orders yet. When a shop sends you an estimate for your vehicle, it appears here for your approval.
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          <LoadMore list={list} />
        </Stack>
      )}
    </Stack>
  );
}
