import { Badge, type BadgeProps } from '@mantine/core';
import { REPAIR_ORDER_STATUS_COLORS, REPAIR_ORDER_STATUS_LABELS, type RepairOrderStatus } from '../../../shared/repair-orders.ts';

export function RepairOrderStatusBadge({ status, ...props }: { status: RepairOrderStatus } & BadgeProps) {
  return (
    <Badge variant="light" color={REPAIR_ORDER_STATUS_COLORS[status]} {...props}>
      {REPAIR_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
