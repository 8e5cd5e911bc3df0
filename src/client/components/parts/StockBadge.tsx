import { Badge } from '@mantine/core';
import { STOCK_COLORS, STOCK_STATUS_LABELS, type StockLevel } from '../../../shared/parts.ts';
import { SUPPLIER_STATUS_LABELS, type SupplierStatus } from '../../../shared/suppliers.ts';

/** 'In Stock', 'Low Stock' or 'Out of Stock' (docs/parts.md#stock-status). */
export function StockBadge({ status }: { status: StockLevel }) {
  return (
    <Badge variant="light" color={STOCK_COLORS[status]}>
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}

export function SupplierBadge({ status }: { status: SupplierStatus }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'green' : 'gray'}>
      {SUPPLIER_STATUS_LABELS[status]}
    </Badge>
  );
}
