import { Button, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import type { orderSourceSchema } from '../../../shared/repair-orders.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { orderPath } from './format.ts';

type OrderSource = z.input<typeof orderSourceSchema>;
const SOURCE_NAMES = { appointmentId: 'appointment', inquiryId: 'inquiry', inspectionId: 'inspection' } as const;

/**
 * "Create repair order" for a shop's staff on an appointment, an inquiry or a finished inspection
 * (docs/repair-orders.md#creating-an-order): the order is for the customer's vehicle it names, and
 * remembers where it came from (an inspection's recommendations become its labour lines). Without a
 * customer vehicle there is nothing to order work on, and the button says so instead.
 */
export function CreateOrderButton({ serviceCenterId, customerVehicleId, source }: { serviceCenterId: string; customerVehicleId: string | null; source: OrderSource }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const from = (Object.keys(SOURCE_NAMES) as (keyof OrderSource)[]).find((key) => source[key]);
  const sourceName = from ? SOURCE_NAMES[from] : 'request';
  const create = trpc.repairOrders.create.useMutation({
    onSuccess: (order) => {
      void utils.repairOrders.list.invalidate();
      notifySuccess('Repair order created', `#${order.number} from this ${sourceName}`);
      navigate(orderPath(order.id));
    },
    onError: (error) => notifyError('Not created', errorMessage(error, 'The repair order could not be created')),
  });
  if (!customerVehicleId) {
    return (
      <Text size="sm" c="dimmed">
        This {sourceName} names no vehicle of a shop customer, so it cannot become a repair order.
      </Text>
    );
  }
  return (
    <Button variant="default" leftSection={<IconTool size={16} />} loading={create.isPending} onClick={() => create.mutate({ serviceCenterId, customerVehicleId, source })}>
      Create repair order
    </Button>
  );
}
