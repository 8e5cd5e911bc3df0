import { z } from 'zod';
import { mileageSchema, uuid } from './garage.ts';
import { amountSchema } from './money.ts';
import type { ComponentName } from './vehicles.ts';
import type { StoredFile } from './files.ts';

/** Vehicle inspections (docs/inspections.md): schemas, types and the checks each component gets. */

export const INSPECTION_STATUSES = ['draft', 'completed', 'shared'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];
export const INSPECTION_STATUS_LABELS: Readonly<Record<InspectionStatus, string>> = {
  draft: 'Draft',
  completed: 'Completed',
  shared: 'Shared with customer',
};

export const CONDITIONS = ['good', 'attention', 'urgent'] as const;
export type Condition = (typeof CONDITIONS)[number];
/** The badge a component's latest inspection gives it on the diagram. */
export const CONDITION_LABELS: Readonly<Record<Condition, string>> = {
  good: 'Good Condition',
  attention: 'Needs Attention',
  urgent: 'Urgent',
};
/** Short words for the item status buttons. */
export const CONDITION_SHORT: Readonly<Record<Condition, string>> = { good: 'Good', attention: 'Attention', urgent: 'Urgent' };
export const CONDITION_COLORS: Readonly<Record<Condition, 'green' | 'yellow' | 'red'>> = { good: 'green', attention: 'yellow', urgent: 'red' };
/** Worst first: the order a component's several items resolve to one colour. */
export const CONDITION_RANK: Readonly<Record<Condition, number>> = { urgent: 2, attention: 1, good: 0 };

export const DECISIONS = ['approved', 'declined'] as const;
export type Decision = (typeof DECISIONS)[number];

export const INSPECTION_LIMITS = { items: 60, photosPerItem: 8, name: 120, unit: 16, notes: 1000, recommendation: 300, inspectionNotes: 2000, signature: 120 } as const;

/**
 * A check of a component, with the unit its measurement takes and, where the trade has one, the
 * thresholds below which it needs attention or is urgent (the technician decides; the form suggests).
 */
export interface CheckTemplate {
  name: string;
  unit: string | null;
  /** A measurement at or below `urgent` suggests Urgent, at or below `attention` Needs Attention. */
  limits?: { attention: number; urgent: number };
  /** The recommendation offered when the check is not good. */
  action: string;
}

export const COMPONENT_CHECKS: Readonly<Record<ComponentName, readonly CheckTemplate[]>> = {
  Engine: [
    { name: 'Engine oil level and condition', unit: null, action: 'Change engine oil and filter' },
    { name: 'Coolant level and condition', unit: null, action: 'Flush and refill coolant' },
    { name: 'Drive belt condition', unit: null, action: 'Replace drive belt' },
    { name: 'Engine air filter', unit: null, action: 'Replace engine air filter' },
    { name: 'Oil or coolant leaks', unit: null, action: 'Find and repair the leak' },
  ],
  'Drive Motor': [
    { name: 'Motor coolant level', unit: null, action: 'Top up or replace motor coolant' },
    { name: 'Noise or vibration under load', unit: null, action: 'Diagnose drive motor noise' },
    { name: 'High-voltage cable insulation', unit: null, action: 'Repair high-voltage cable insulation' },
  ],
  Transmission: [
    { name: 'Transmission fluid condition', unit: null, action: 'Change transmission fluid' },
    { name: 'Transmission leaks', unit: null, action: 'Replace leaking transmission seal' },
    { name: 'Shift quality on road test', unit: null, action: 'Diagnose shifting' },
  ],
  Battery: [
    { name: 'Battery state of health', unit: '%', limits: { attention: 75, urgent: 60 }, action: 'Replace battery' },
    { name: 'Resting voltage', unit: 'V', limits: { attention: 12.4, urgent: 12.2 }, action: 'Charge and retest battery' },
    { name: 'Terminals and hold-down', unit: null, action: 'Clean terminals and secure battery' },
  ],
  Brakes: [
    { name: 'Front brake pad thickness', unit: 'mm', limits: { attention: 4, urgent: 3 }, action: 'Replace front brake pads' },
    { name: 'Rear brake pad thickness', unit: 'mm', limits: { attention: 4, urgent: 3 }, action: 'Replace rear brake pads' },
    { name: 'Rotor condition', unit: null, action: 'Resurface or replace rotors' },
    { name: 'Brake fluid condition', unit: null, action: 'Flush brake fluid' },
  ],
  Suspension: [
    { name: 'Front tyre tread depth', unit: '/32 in', limits: { attention: 4, urgent: 2 }, action: 'Replace front tyres' },
    { name: 'Rear tyre tread depth', unit: '/32 in', limits: { attention: 4, urgent: 2 }, action: 'Replace rear tyres' },
    { name: 'Shocks and struts', unit: null, action: 'Replace shocks or struts' },
    { name: 'Steering and ball joints', unit: null, action: 'Replace worn steering parts' },
  ],
  Exhaust: [
    { name: 'Exhaust leaks and corrosion', unit: null, action: 'Repair exhaust leak' },
    { name: 'Hangers and mounts', unit: null, action: 'Replace exhaust hangers' },
  ],
};

/** The checks a component gets (none for a name outside the legend). */
export function checksOf(componentName: string): readonly CheckTemplate[] {
  return (COMPONENT_CHECKS as Readonly<Record<string, readonly CheckTemplate[]>>)[componentName] ?? [];
}

/** What a measurement suggests, or null when the check has no thresholds or no value is typed. */
export function suggestedCondition(check: Pick<CheckTemplate, 'limits'> | undefined, measurement: number | null): Condition | null {
  if (!check?.limits || measurement === null) return null;
  if (measurement <= check.limits.urgent) return 'urgent';
  if (measurement <= check.limits.attention) return 'attention';
  return 'good';
}

/** The worst of several conditions; null for none. */
export function worstCondition(conditions: readonly (Condition | null)[]): Condition | null {
  let worst: Condition | null = null;
  for (const condition of conditions) {
    if (condition && (worst === null || CONDITION_RANK[condition] > CONDITION_RANK[worst])) worst = condition;
  }
  return worst;
}

const optionalText = (label: string, max: number) =>
  z
    .union([z.string(), z.null()], { error: `${label} must be text` })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([z.string().max(max, `${label} must be at most ${max} characters`), z.null()]));

const measurementSchema = z
  .union([z.number(), z.string().trim(), z.null()], { error: 'Measurement must be a number' })
  .transform((value) => (value === null || value === '' ? null : typeof value === 'number' ? value : Number(value.replace(',', '.'))))
  .pipe(
    z.union([
      z.number({ error: 'Measurement must be a number' }).finite('Measurement must be a number').min(-99999999, 'Measurement is out of range').max(99999999, 'Measurement is out of range'),
      z.null(),
    ]),
  );

export const inspectionIdSchema = uuid('inspection');
export const inspectionItemIdSchema = uuid('inspection item');

export const createInspectionSchema = z
  .object({
    vehicleId: uuid('vehicle'),
    /** Staff inspect a customer's vehicle: both name the shop and the customer's vehicle. */
    serviceCenterId: uuid('service center').optional(),
    customerVehicleId: uuid('customer vehicle').optional(),
    mileage: mileageSchema.nullable().optional(),
  })
  .strict();
export type CreateInspectionInput = z.input<typeof createInspectionSchema>;

export const itemChangeSchema = z
  .object({
    id: inspectionItemIdSchema,
    status: z.enum(CONDITIONS, { error: 'Status must be good, attention or urgent' }).nullable().optional(),
    measurement: measurementSchema.optional(),
    notes: optionalText('Notes', INSPECTION_LIMITS.notes).optional(),
    recommendation: optionalText('Recommended action', INSPECTION_LIMITS.recommendation).optional(),
    estimatedCost: amountSchema('Estimated cost', 8).nullable().optional(),
  })
  .strict();
export type ItemChange = z.input<typeof itemChangeSchema>;

export const newItemSchema = z
  .object({
    componentId: uuid('component').nullable(),
    name: z.string({ error: 'Name the check' }).trim().min(1, 'Name the check').max(INSPECTION_LIMITS.name, `A check's name is at most ${INSPECTION_LIMITS.name} characters`),
    unit: optionalText('Unit', INSPECTION_LIMITS.unit).optional(),
  })
  .strict();
export type NewItemInput = z.input<typeof newItemSchema>;

export const updateInspectionSchema = z
  .object({
    id: inspectionIdSchema,
    mileage: mileageSchema.nullable().optional(),
    notes: optionalText('Notes', INSPECTION_LIMITS.inspectionNotes).optional(),
    items: z.array(itemChangeSchema).max(INSPECTION_LIMITS.items, `At most ${INSPECTION_LIMITS.items} items change at once`).optional(),
    addItems: z.array(newItemSchema).max(10, 'Add at most 10 items at once').optional(),
    removeItemIds: z.array(inspectionItemIdSchema).max(INSPECTION_LIMITS.items).optional(),
  })
  .strict();
export type UpdateInspectionInput = z.input<typeof updateInspectionSchema>;
export type UpdateInspectionValues = z.output<typeof updateInspectionSchema>;

export const completeInspectionSchema = z
  .object({
    id: inspectionIdSchema,
    signature: z
      .string({ error: 'Sign with your full name' })
      .trim()
      .min(2, 'Sign with your full name')
      .max(INSPECTION_LIMITS.signature, `A signature is at most ${INSPECTION_LIMITS.signature} characters`),
  })
  .strict();

export const decideSchema = z
  .object({
    id: inspectionIdSchema,
    itemId: inspectionItemIdSchema,
    decision: z.enum(DECISIONS, { error: 'Decision must be approved or declined' }),
  })
  .strict();
export const decisionBodySchema = decideSchema.pick({ decision: true });

export const itemPhotoSchema = z.object({ id: inspectionIdSchema, itemId: inspectionItemIdSchema, fileId: uuid('file') }).strict();

export const INSPECTIONS_PAGE = { default: 20, max: 50 } as const;
export const listInspectionsSchema = z
  .object({
    vehicleId: uuid('vehicle').optional(),
    serviceCenterId: uuid('service center').optional(),
    limit: z.number().int().min(1).max(INSPECTIONS_PAGE.max).default(INSPECTIONS_PAGE.default),
  })
  .strict();

/** A public link's token: 43 characters of base64url (256 bits). */
export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid');

export interface InspectionPhoto extends Pick<StoredFile, 'id' | 'name' | 'width' | 'height' | 'hasThumbnail' | 'analysis'> {
  itemId: string;
}

export interface InspectionItem {
  id: string;
  componentId: string | null;
  componentName: string | null;
  name: string;
  unit: string | null;
  status: Condition | null;
  measurement: number | null;
  notes: string | null;
  recommendation: string | null;
  estimatedCost: string | null;
  decision: Decision | null;
  decidedAt: Date | null;
  /** The request to the shop an approval became. */
  requestInquiryId: string | null;
  photos: InspectionPhoto[];
}

export interface InspectionSummary {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  status: InspectionStatus;
  serviceCenterId: string | null;
  serviceCenterName: string | null;
  customerName: string | null;
  signedName: string | null;
  mileage: number | null;
  completedAt: Date | null;
  createdAt: Date;
  counts: Record<Condition, number>;
  /** Recommendations still waiting for the customer's decision. */
  pendingDecisions: number;
}

export interface Inspection extends InspectionSummary {
  notes: string | null;
  customerVehicleId: string | null;
  sharedAt: Date | null;
  items: InspectionItem[];
  /** What the caller may do with it. */
  canEdit: boolean;
  canShare: boolean;
  canDecide: boolean;
  hasLink: boolean;
}

/** The public report: no ids of people, only what the report prints. */
export type PublicInspection = Omit<Inspection, 'canEdit' | 'canShare' | 'canDecide' | 'hasLink' | 'customerVehicleId' | 'serviceCenterId'>;

/** A component's colour on the owner's diagram: from its latest finished inspection. */
export interface ComponentCondition {
  componentId: string;
  status: Condition;
  inspectionId: string;
  inspectedAt: Date;
  itemName: string;
  photoId: string | null;
}
