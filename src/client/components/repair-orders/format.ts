import { formatHours } from '../../../shared/repair-order-totals.ts';
import { formatCents } from '../../../shared/money.ts';
import type { RepairOrderStatus } from '../../../shared/repair-orders.ts';
import type { RepairOrder, RepairOrderLine } from '../../../shared/repair-order-views.ts';
import type { UnitFormat } from '../../lib/units.ts';

export const orderPath = (id: string) => `/repair-orders/${id}`;
export const printPath = (id: string) => `/repair-orders/${id}/print`;

/** Invoiced and paid orders print as an invoice; every other state as an estimate. */
export const isInvoice = (status: RepairOrderStatus) => status === 'invoiced' || status === 'paid';

/** States in which the work is being done or is done: clocked hours mean something then. */
export const WORK_STATES: readonly RepairOrderStatus[] = ['in_progress', 'completed', 'invoiced', 'paid'];

/** Before the parts are used, the shop sees how many are on hand. */
export const showsStock = (order: Pick<RepairOrder, 'viewer' | 'status'>) => order.viewer === 'staff' && ['estimate', 'sent', 'approved', 'declined', 'in_progress'].includes(order.status);

/** Clocked against quoted hours: the shop's own measure, once the work has started. */
export const showsHours = (order: Pick<RepairOrder, 'viewer' | 'status'>) => order.viewer === 'staff' && WORK_STATES.includes(order.status);

/** "1.5 h × $120.00", "2 × $69.99", or nothing for fees and discounts. */
export function quantityText(line: RepairOrderLine): string | null {
  if (line.kind === 'labor') return `${formatHours(line.hoursHundredths ?? 0)} h × ${formatCents(line.rateCents ?? 0)}`;
  if (line.kind === 'part') return `${line.quantity ?? 0} × ${formatCents(line.unitPriceCents ?? 0)}`;
  return null;
}

/**
 * What a line is besides its description: the service and component, who works it, the part
 * number and (for the shop, while the stock still matters) how many are on hand.
 */
export function lineDetails(line: RepairOrderLine, showStock = false): string[] {
  const details: string[] = [];
  if (line.kind === 'labor') {
    details.push([line.serviceType, line.componentName].filter(Boolean).join(' · '));
    if (line.technicianName) details.push(`Technician: ${line.technicianName}`);
  }
  if (line.kind === 'part') {
    const number = line.partNumber ? `Part ${line.partNumber}` : null;
    const stock = !line.partId ? 'Special order' : showStock ? `${line.onHand ?? 0} on hand` : null;
    details.push([number, stock].filter(Boolean).join(' · '));
  }
  return details.filter((text) => text !== '');
}

/** A line's amount as priced (a discount's is negative), declined or not. */
export function lineAmountText(line: RepairOrderLine): string {
  return formatCents(line.amountCents);
}

/** Mileage typed in the user's unit as whole miles: null when empty, 'invalid' when not a whole number. */
export function mileageFromInput(text: string, f: UnitFormat): number | null | 'invalid' {
  if (text.trim() === '') return null;
  const miles = Number(f.distanceFromInput(text));
  return Number.isInteger(miles) && miles >= 0 ? miles : 'invalid';
}

export function orderDate(order: Pick<RepairOrder, 'status' | 'createdAt' | 'invoicedAt'>): Date {
  return (isInvoice(order.status) ? order.invoicedAt : null) ?? order.createdAt;
}
