import { Badge, type BadgeProps } from '@mantine/core';
import { PURCHASE_ORDER_STATUS_COLORS, PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatus } from '../../../shared/purchase-orders.ts';

/** Draft, Ordered, Partially received, Received or Cancelled (docs/parts.md#purchase-orders). */
export function PurchaseOrderBadge({ status, ...props }: { status: PurchaseOrderStatus } & BadgeProps) {
  return (
    <Badge variant="light" color={PURCHASE_ORDER_STATUS_COLORS[status]} {...props}>
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
