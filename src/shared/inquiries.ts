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
    serviceCenterId: z.uuid({ error: 'Invalid service center id' }).nullish(),
    vehicleId: z.uuid({ error: 'Invalid vehicle id' }).nullish(),
    customerNotes: z
      .string()
      .trim()
      .max(INQUIRY_LIMITS.notes, `Customer notes must be at most ${INQUIRY_LIMITS.notes} characters`)
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .strict();
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
/** Sent by tRPC's infinite queries along with the cursor; pages here only go forward. */
export const pageDirectionSchema = z.enum(['forward', 'backward']).optional();

export const listInquiriesSchema = z
  .object({
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

