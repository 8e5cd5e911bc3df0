import { amountToCents, centsToAmount } from '../../../shared/money.ts';
import { formatHours, hoursToHundredths, type LineKind } from '../../../shared/repair-order-totals.ts';
import { amountLineSchema, laborLineSchema, partLineSchema, REPAIR_ORDER_LIMITS, type LineInput } from '../../../shared/repair-orders.ts';
import type { RepairOrderLine } from '../../../shared/repair-order-views.ts';

/** The "Add line" form: one set of fields for every kind, money and hours typed as text. */
export interface LineFormValues {
  kind: LineKind;
  description: string;
  serviceType: string;
  componentId: string | null;
  technicianId: string | null;
  hours: string;
  rate: string;
  /** A part from the shop's stock, or one ordered specially (number and price typed). */
  source: 'stock' | 'special';
  partId: string | null;
  partNumber: string;
  quantity: number | string;
  unitPrice: string;
  amount: string;
  taxable: boolean;
}

export function initialLineValues(line: RepairOrderLine | undefined, laborRateCents: number | undefined): LineFormValues {
  return {
    kind: line?.kind ?? 'labor',
    description: line?.description ?? '',
    serviceType: line?.serviceType ?? '',
    componentId: line?.componentId ?? null,
    technicianId: line?.technicianId ?? null,
    hours: line?.hoursHundredths ? formatHours(line.hoursHundredths) : '',
    rate: line?.rateCents != null ? centsToAmount(line.rateCents) : laborRateCents !== undefined ? centsToAmount(laborRateCents) : '',
    source: line?.kind === 'part' && !line.partId ? 'special' : 'stock',
    partId: line?.partId ?? null,
    partNumber: line?.partNumber ?? '',
    quantity: line?.quantity ?? 1,
    unitPrice: line?.unitPriceCents != null ? centsToAmount(line.unitPriceCents) : '',
    amount: line && (line.kind === 'fee' || line.kind === 'discount') ? centsToAmount(Math.abs(line.amountCents)) : '',
    taxable: line?.taxable ?? false,
  };
}

/** Parts are taxed by default, labour, fees and discounts not. */
export const defaultTaxable = (kind: LineKind) => kind === 'part';

const AMOUNT = 'Enter an amount like 12.50';
const cents = (text: string) => (text.trim() === '' ? null : amountToCents(text));

/** What is sent, or the field errors of what was typed. */
export function lineInput(values: LineFormValues): { line: LineInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const quantity = Number(values.quantity);
  let candidate: unknown;
  switch (values.kind) {
    case 'labor': {
      const hoursHundredths = hoursToHundredths(values.hours);
      const rateCents = cents(values.rate);
      if (hoursHundredths === null || hoursHundredths === 0) errors.hours = 'Enter the hours like 1.5';
      if (rateCents === null) errors.rate = AMOUNT;
      candidate = {
        kind: 'labor',
        description: values.description,
        serviceType: values.serviceType,
        componentId: values.componentId,
        technicianId: values.technicianId,
        hoursHundredths: hoursHundredths ?? 0,
        rateCents: rateCents ?? 0,
        taxable: values.taxable,
      };
      break;
    }
    case 'part': {
      const unitPriceCents = cents(values.unitPrice);
      if (values.source === 'stock' && !values.partId) errors.partId = 'Choose a part from your stock';
      if (values.source === 'special' && values.description.trim() === '') errors.description = 'Describe the part';
      if (unitPriceCents === null && (values.source === 'special' || values.unitPrice.trim() !== '')) errors.unitPrice = AMOUNT;
      candidate =
        values.source === 'stock'
          ? { kind: 'part', partId: values.partId, quantity, taxable: values.taxable, ...(unitPriceCents !== null ? { unitPriceCents } : {}) }
          : { kind: 'part', partId: null, description: values.description, partNumber: values.partNumber, quantity, unitPriceCents: unitPriceCents ?? 0, taxable: values.taxable };
      break;
    }
    default: {
      const amountCents = cents(values.amount);
      if (amountCents === null || amountCents === 0) errors.amount = AMOUNT;
      candidate = { kind: values.kind, description: values.description, amountCents: amountCents ?? 1, taxable: values.taxable };
    }
  }
  const schema = values.kind === 'labor' ? laborLineSchema : values.kind === 'part' ? partLineSchema : amountLineSchema;
  const parsed = schema.safeParse(candidate);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const key = FIELD_OF[String(issue.path[0])] ?? (issue.path.length > 0 ? String(issue.path[0]) : 'description');
    if (!(key in errors)) errors[key] = issue.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { line: parsed.data };
}

/** The schema's names for the form's fields. */
const FIELD_OF: Record<string, keyof LineFormValues> = { hoursHundredths: 'hours', rateCents: 'rate', unitPriceCents: 'unitPrice', amountCents: 'amount' };

export const LINE_TEXT_LIMITS = { description: REPAIR_ORDER_LIMITS.description, serviceType: REPAIR_ORDER_LIMITS.serviceType, partNumber: 60 } as const;
