import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'wouter';
import { repairOrderIdSchema } from '../../shared/repair-orders.ts';
import type { RepairOrder } from '../../shared/repair-order-views.ts';
import { isInvoice, printPath } from '../components/repair-orders/format.ts';
import { OrderActions } from '../components/repair-orders/OrderActions.tsx';
import { OrderHeader } from '../components/repair-orders/OrderHeader.tsx';
import { OrderLines } from '../components/repair-orders/OrderLines.tsx';
import { OrderTotals } from '../components/repair-orders/OrderTotals.tsx';
import { Payments } from '../components/repair-orders/Payments.tsx';
import { EmptyState } from '../components/shop/parts.tsx';
import { useSession } from '../lib/session.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

function Loading() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the repair order">
      <Skeleton h={160} radius="md" />
      <Skeleton h={36} w="50%" />
      <Skeleton h={220} radius="md" />
    </Stack>
  );
}

/** One repair order: its staff price and work it; its customer decides on the estimate and follows it. */
export default function RepairOrderPage() {
  const { id } = useParams<{ id: string }>();
  const { role } = useSession();
  const valid = repairOrderIdSchema.safeParse(id).success;
  const utils = trpc.useUtils();
  const order = trpc.repairOrders.get.useQuery({ id }, { enabled: valid });
  const onSaved = (updated: RepairOrder) => {
    utils.repairOrders.get.setData({ id }, updated);
    void utils.repairOrders.list.invalidate();
    void utils.repairOrders.mine.invalidate();
  };

  // Staff come from the shop's list; the customer from My Requests.
  const staff = order.data ? order.data.viewer === 'staff' : role === 'tech';
  const back = (
    <Button component={Link} href={staff ? '/repair-orders' : '/requests'} variant="subtle" leftSection={<IconArrowLeft size={16} />} px="xs">
      {staff ? 'All repair orders' : 'My Requests'}
    </Button>
  );
  if (!valid || order.isError) {
    const missing = !valid || order.error?.data?.code === 'NOT_FOUND';
    return (
      <Stack gap="lg">
        <Group>{back}</Group>
        <EmptyState
          title={missing ? 'Repair order not found' : 'The repair order could not be loaded'}
          hint={missing ? 'It may have been cancelled, or it is not yours to see.' : errorMessage(order.error, 'Please try again.')}
          action={
            missing ? null : (
              <Button variant="default" onClick={() => void order.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </Stack>
    );
  }
  const data = order.data;
  return (
    <Stack gap="lg">
      <Group>{back}</Group>
      {!data ? (
        <Loading />
      ) : (
        <>
          <OrderHeader order={data} />
          {data.viewer === 'staff' ? <OrderActions order={data} onSaved={onSaved} /> : null}
          {/* The customer's choices start over when the order changes state or lines (a revised estimate sent again). */}
          <OrderLines key={`${data.status}:${data.lines.map((line) => line.id).join()}`} order={data} onSaved={onSaved} />
          <OrderTotals order={data} />
          <Payments payments={data.payments} staff={data.viewer === 'staff'} />
          {data.viewer === 'customer' ? (
            <Group>
              <Button component={Link} href={printPath(data.id)} variant="default" leftSection={<IconPrinter size={16} />}>
                {isInvoice(data.status) ? 'Print invoice' : 'Print estimate'}
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
