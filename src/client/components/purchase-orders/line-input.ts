import { amountToCents, centsToAmount } from '../../../shared/money.ts';
import { purchaseOrderLineSchema, type PurchaseOrderLine, type PurchaseOrderLineInput } from '../../../shared/purchase-orders.ts';

/** A line as its fields hold it: the unit cost typed in dollars, blank for the part's own. */
export interface LineDraft {
  key: string;
  partId: string | null;
  quantity: number | string;
  unitCost: string;
}

let drafts = 0;
export function lineDraft(line?: PurchaseOrderLine): LineDraft {
  drafts += 1;
  return { key: `line-${drafts}`, partId: line?.partId ?? null, quantity: line?.quantityOrdered ?? 1, unitCost: line ? centsToAmount(line.unitCostCents) : '' };
}

export type LineErrors = Partial<Record<'partId' | 'quantity' | 'unitCost', string>>;

/**
 * The line as the shared schema takes it (the one the procedure validates with), or its fields'
 * errors in the schema's words.
 */
export function lineInput(draft: LineDraft): { input: PurchaseOrderLineInput; errors: null } | { input: null; errors: LineErrors } {
  const errors: LineErrors = {};
  const unitCostCents = draft.unitCost.trim() === '' ? undefined : amountToCents(draft.unitCost);
  if (unitCostCents === null) errors.unitCost = 'Enter the unit cost in dollars, such as 12.50';
  if (!draft.partId) errors.partId = 'Choose a part';
  const input = { partId: draft.partId ?? '', quantity: draft.quantity === '' ? 0 : Number(draft.quantity), ...(unitCostCents != null ? { unitCostCents } : {}) };
  const checked = purchaseOrderLineSchema.safeParse(input);
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = issue.path[0] === 'unitCostCents' ? 'unitCost' : issue.path[0];
    if ((field === 'partId' || field === 'quantity' || field === 'unitCost') && !errors[field]) errors[field] = issue.message;
  }
  return Object.keys(errors).length ? { input: null, errors } : { input, errors: null };
}
