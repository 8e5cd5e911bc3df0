import { Alert, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'wouter';
import { repairOrderIdSchema } from '../../shared/repair-orders.ts';
import { orderPath } from '../components/repair-orders/format.ts';
import { OrderDocument } from '../components/repair-orders/OrderDocument.tsx';
import { PrintToolbar } from '../components/PrintToolbar.tsx';
import { errorMessage, trpc } from '../lib/trpc.ts';

/** A repair order laid out for paper (an estimate, or an invoice once invoiced): the shell and buttons are not printed. */
export default function RepairOrderPrintPage() {
  const { id } = useParams<{ id: string }>();
  const valid = repairOrderIdSchema.safeParse(id).success;
  const order = trpc.repairOrders.get.useQuery({ id }, { enabled: valid });
  return (
    <Stack gap="lg" className="print-page">
      <PrintToolbar back={{ href: orderPath(id), label: 'Back to the order' }} ready={Boolean(order.data)} />
      {!valid || order.error?.data?.code === 'NOT_FOUND' ? (
        <Alert color="yellow" title="Repair order not found">
          It may have been cancelled, or it is not yours to see.
        </Alert>
      ) : order.isError ? (
        <Alert color="red" title="The repair order could not be loaded">
          {errorMessage(order.error, 'Please try again.')}
        </Alert>
      ) : order.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the repair order">
          <Skeleton h={60} w="70%" />
          <Skeleton h={80} />
          <Skeleton h={240} />
        </Stack>
      ) : (
        <OrderDocument order={order.data} />
      )}
    </Stack>
  );
}
