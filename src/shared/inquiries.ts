import { z } from 'zod';

export const INQUIRY_TYPES = ['service', 'quote', 'appointment', 'complaint', 'general'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];
export const INQUIRY_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type InquiryPriority = (typeof INQUIRY_PRIORITIES)[number];
export const INQUIRY_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const INQUIRY_TYPE_LABELS: Record<InquiryType, string> = {
  service: 'Service',
  quote: 'Quote',
  appointment: 'Appointment',
  complaint: 'Complaint',
  general: 'General',
};
export const INQUIRY_PRIORITY_LABELS: Record<InquiryPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  open: 'Open',
  in_progress: 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const INQUIRY_LIMITS = { subject: 200, description: 5000, notes: 2000 } as const;
export const LIST_PAGE_SIZE = 20;
export const SEARCH_MAX = 100;

export const inquiryTypeSchema = z.enum(INQUIRY_TYPES, { error: 'Inquiry type must be one of: service, quote, appointment, complaint, general' });
export const inquiryPrioritySchema = z.enum(INQUIRY_PRIORITIES, { error: 'Priority must be one of: low, medium, high, urgent' });
export const inquiryStatusSchema = z.enum(INQUIRY_STATUSES, { error: 'Status must be one of: open, in_progress, resolved, closed' });

export const createInquirySchema = z
  .object({
    inquiryType: inquiryTypeSchema,
    subject: z
      .string({ error: 'Subject is required' })
      .trim()
      .min(1, 'Subject is required')
      .max(INQUIRY_LIMITS.subject, `Subject must be at most ${INQUIRY_LIMITS.subject} characters`),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(INQUIRY_LIMITS.description, `Description must be at most ${INQUIRY_LIMITS.description} characters`),
    priority: inquiryPrioritySchema.default('medium'),
    // A client may send the status it starts with; anything but open would skip the shop's triage
    // (docs/inquiries.md#rules).
    status: z.literal('open', { error: 'New inquiries start open' }).default('open'),
    // Every inquiry is addressed to a shop (docs/inquiries.md#rules).
    serviceCenterId: z.uuid({ error: 'Invalid service center id' }).nullish(),
    vehicleId: z.uuid({ error: 'Invalid vehicle id' }).nullish(),
    // Staff writing for one of the shop's customers name the customer (and their vehicle there);
    // an owner's own request names one of their garage vehicles instead.
    customerId: z.uuid({ error: 'Invalid customer id' }).nullish(),
    customerVehicleId: z.uuid({ error: 'Invalid customer vehicle id' }).nullish(),
    garageVehicleId: z.uuid({ error: 'Invalid garage vehicle id' }).nullish(),
    customerNotes: z
      .string()
      .trim()
      .max(INQUIRY_LIMITS.notes, `Customer notes must be at most ${INQUIRY_LIMITS.notes} characters`)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .strict()
  .refine((v) => Boolean(v.serviceCenterId), { message: 'Choose the service center the inquiry is for (serviceCenterId)', path: ['serviceCenterId'] })
  .refine((v) => !(v.customerId && v.garageVehicleId), { message: 'A garage vehicle names your own request; for a customer name their customer vehicle', path: ['garageVehicleId'] })
  .refine((v) => v.customerId || !v.customerVehicleId, { message: 'A customer vehicle needs its customer', path: ['customerVehicleId'] });
export type CreateInquiryInput = z.input<typeof createInquirySchema>;
export type CreateInquiryValues = z.output<typeof createInquirySchema>;

export const inquiryIdSchema = z.uuid({ error: 'Invalid inquiry id' });

/** Refuses keys a schema does not know with a sentence instead of zod's default. */
export function onlyKnownKeys(message: string) {
  return { error: (issue: { code?: string }) => (issue.code === 'unrecognized_keys' ? message : undefined) };
}

/** PATCH /api/customer-inquiries/{id}: the status and nothing else (docs/inquiries.md#rules). */
export const setInquiryStatusSchema = z
  .object({ id: inquiryIdSchema, status: inquiryStatusSchema }, onlyKnownKeys('Only the status of an inquiry can be changed'))
  .strict();
export type InquiryStatusChange = Omit<z.input<typeof setInquiryStatusSchema>, 'id'>;

/** Free-text search of a list: blank means none. */
export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX, `Search must be at most ${SEARCH_MAX} characters`)
  .optional()
  .transform((value) => (value ? value : undefined));

export const listCursorSchema = z.string().max(200, 'Invalid cursor').nullish();
/** A list's page size: a whole number from 1 to `max` ('20' from a query string counts), `fallback` when absent. */
export const pageLimitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(max, `Limit must be at most ${max}`)
    .default(fallback);
/** Sent by tRPC's infinite queries along with the cursor; pages here only go forward. */
export const pageDirectionSchema = z.enum(['forward', 'backward']).optional();

/**
 * Whose inquiries a list shows: one shop's (its staff; admins read) or the caller's own requests
 * as a customer; neither means both together.
 */
export const inquiryScopeShape = {
  serviceCenterId: z.uuid({ error: 'Invalid service center id' }).optional(),
  mine: z.boolean({ error: 'mine must be true or false' }).optional(),
};
export const inquiryScopeSchema = z.object(inquiryScopeShape).strict();
export type InquiryScope = z.output<typeof inquiryScopeSchema>;

export const listInquiriesSchema = z
  .object({
    ...inquiryScopeShape,
    search: searchSchema,
    status: inquiryStatusSchema.optional(),
    priority: inquiryPrioritySchema.optional(),
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: z.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  })
  .strict();
export type ListInquiriesInput = z.input<typeof listInquiriesSchema>;

export interface CustomerInquiry {
  id: string;
  customerId: string | null;
  serviceCenterId: string | null;
  vehicleId: string | null;
  /** The shop's customer record, their vehicle there, the garage vehicle and who wrote it. */
  shopCustomerId: string | null;
  customerVehicleId: string | null;
  garageVehicleId: string | null;
  createdBy: string | null;
  /** For display: the shop, the customer, the vehicle (year make model) and the assigned technician. */
  serviceCenterName: string | null;
  customerName: string | null;
  vehicleLabel: string | null;
  assignedToName: string | null;
  inquiryType: InquiryType;
  subject: string;
  description: string;
  priority: InquiryPriority;
  status: InquiryStatus;
  assignedToId: string | null;
  /** Decimal string, e.g. "149.90". */
  estimatedCost: string | null;
  scheduledDate: Date | null;
  completedDate: Date | null;
  customerNotes: string | null;
  technicianNotes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface InquiryPage {
  items: CustomerInquiry[];
  nextCursor: string | null;
}

export interface InquiryStats {
  total: number;
  open: number;
  inProgress: number;
  urgent: number;
}


/** Staff actions on an inquiry of their shop (docs/inquiries.md#staff). */
export const assignInquirySchema = z
  .object({ id: inquiryIdSchema, technicianId: z.uuid({ error: 'Invalid technician id' }).nullable() })
  .strict();

const moneySchema = z
  .union([z.number(), z.string()], { error: 'Estimated cost must be a number' })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), 'Estimated cost must be an amount between 0 and 99,999,999.99');

export const updateInquirySchema = z
  .object(
    {
      id: inquiryIdSchema,
      estimatedCost: moneySchema.nullable().optional(),
      technicianNotes: z
        .string()
        .trim()
        .max(INQUIRY_LIMITS.notes, `Technician notes must be at most ${INQUIRY_LIMITS.notes} characters`)
        .nullable()
        .optional()
        .transform((value) => (value === undefined ? undefined : value ? value : null)),
      priority: inquiryPrioritySchema.optional(),
      scheduledDate: z.coerce.date({ error: 'Scheduled date must be a date' }).nullable().optional(),
    },
    onlyKnownKeys('Only the estimated cost, technician notes, priority and scheduled date can be changed'),
  )
  .strict();
export type UpdateInquiryInput = z.input<typeof updateInquirySchema>;
export type UpdateInquiryValues = z.output<typeof updateInquirySchema>;

export const MESSAGE_MAX = 5000;
export const MESSAGE_PAGE_MAX = 200;

export const sendMessageSchema = z
  .object({
    inquiryId: inquiryIdSchema,
    body: z
      .string({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters`),
  })
  .strict();
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const listMessagesSchema = z
  .object({ inquiryId: inquiryIdSchema, limit: z.number().int().min(1).max(MESSAGE_PAGE_MAX).default(100) })
  .strict();

/** One message of an inquiry's thread, newest last. */
export interface InquiryMessage {
  id: string;
  inquiryId: string;
  fromStaff: boolean;
  authorName: string | null;
  /** Written by the caller. */
  mine: boolean;
  body: string;
  createdAt: Date;
}

export interface InquiryThread {
  messages: InquiryMessage[];
  /** Older messages exist beyond the limit. */
  hasEarlier: boolean;
}

