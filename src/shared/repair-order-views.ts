import type { LineKind, OrderTotals } from './repair-order-totals.ts';
import type { PaymentMethod, RepairOrderStatus } from './repair-orders.ts';

/** What the screens and the REST answers read of repair orders (docs/repair-orders.md). */

export interface RepairOrderLine {
  id: string;
  position: number;
  kind: LineKind;
  description: string;
  serviceType: string | null;
  componentId: string | null;
  componentName: string | null;
  technicianId: string | null;
  technicianName: string | null;
  hoursHundredths: number | null;
  rateCents: number | null;
  partId: string | null;
  partNumber: string | null;
  quantity: number | null;
  unitPriceCents: number | null;
  amountCents: number;
  taxable: boolean;
  decision: 'approved' | 'declined' | null;
  /** Clocked hours on a labour line (hundredths), and whether the caller's clock runs on it. */
  workedHundredths: number;
  clockRunning: boolean;
  /** Parts: stock on hand now, for the estimate's availability. */
  onHand: number | null;
}

export interface RepairOrderPayment {
  id: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string | null;
  receivedAt: Date;
  receivedByName: string | null;
}

export interface RepairOrderSummary {
  id: string;
  serviceCenterId: string;
  shopName: string;
  number: number;
  status: RepairOrderStatus;
  customerName: string;
  vehicleLabel: string;
  totalCents: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface RepairOrder extends RepairOrderSummary {
  shop: { name: string; address: string; city: string; state: string; zipCode: string | null; phone: string | null; email: string | null };
  customerVehicleId: string | null;
  vehicleId: string;
  customerUserId: string | null;
  appointmentId: string | null;
  inquiryId: string | null;
  inspectionId: string | null;
  mileage: number | null;
  notes: string | null;
  taxRateBp: number;
  lines: RepairOrderLine[];
  payments: RepairOrderPayment[];
  totals: OrderTotals;
  paidCents: number;
  balanceCents: number;
  quotedHundredths: number;
  workedHundredths: number;
  sentAt: Date | null;
  decidedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  invoicedAt: Date | null;
  paidAt: Date | null;
  /** What the caller may do: staff of the shop work it; the customer decides a sent estimate. */
  viewer: 'staff' | 'customer';
  canEdit: boolean;
  transitions: RepairOrderStatus[];
}

export interface RepairOrderPage {
  items: RepairOrderSummary[];
  nextCursor: string | null;
}
