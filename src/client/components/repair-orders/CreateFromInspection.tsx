import { Button } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useLocation } from 'wouter';
import type { Inspection } from '../../../shared/inspections.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { errorMessage, trpc } from '../../lib/trpc.ts';
import { orderPath } from './format.ts';

/**
 * "Create repair order" on a shop's finished inspection, for its staff (those who may share it):
 * the order starts with a labour line for each recommendation the customer has not declined.
 */
export function CreateFromInspection({ inspection }: { inspection: Inspection }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.repairOrders.create.useMutation({
    onSuccess: (order) => {
      void utils.repairOrders.list.invalidate();
      notifySuccess('Repair order created', `#${order.number} from this inspection`);
      navigate(orderPath(order.id));
    },
    onError: (error) => notifyError('Not created', errorMessage(error, 'The repair order could not be created')),
  });
  const { serviceCenterId, customerVehicleId } = inspection;
  if (!serviceCenterId || !customerVehicleId || !inspection.canShare || inspection.status === 'draft') return null;
  return (
    <Button variant="default" leftSection={<IconTool size={16} />} loading={create.isPending} onClick={() => create.mutate({ serviceCenterId, customerVehicleId, source: { inspectionId: inspection.id } })}>
      Create repair order
    </Button>
  );
}
