import { sql, type Selectable, type SqlBool } from 'kysely';
import type {
  CreateInquiryValues,
  CustomerInquiry,
  InquiryPage,
  InquiryPriority,
  InquiryStats,
  InquiryStatus,
} from '../../../shared/inquiries.ts';
import type { Executor } from '../../db/index.ts';
import type { CustomerInquiriesTable } from '../../db/schema.ts';
import { containsPattern, decodeCursor, encodeCursor, pageOf, timestampFromKey, timestampKey } from '../../lib/paging.ts';
import type { Viewer } from '../../lib/viewer.ts';

const inquiryColumns = [
  'id',
  'customer_id',
  'service_center_id',
  'vehicle_id',
  'inquiry_type',
  'subject',
  'description',
  'priority',
  'status',
  'assigned_to_id',
  'estimated_cost',
  'scheduled_date',
  'completed_date',
  'customer_notes',
  'technician_notes',
  'created_at',
  'updated_at',
] as const;

type InquiryRow = Pick<Selectable<CustomerInquiriesTable>, (typeof inquiryColumns)[number]>;

function toInquiry(row: InquiryRow): CustomerInquiry {
  return {
    id: row.id,
    customerId: row.customer_id,
    serviceCenterId: row.service_center_id,
    vehicleId: row.vehicle_id,
    inquiryType: row.inquiry_type,
    subject: row.subject,
    description: row.description,
    priority: row.priority,
    status: row.status,
    assignedToId: row.assigned_to_id,
    estimatedCost: row.estimated_cost,
    scheduledDate: row.scheduled_date,
    completedDate: row.completed_date,
    customerNotes: row.customer_notes,
    technicianNotes: row.technician_notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Technicians see every inquiry, owners their own (docs/inquiries.md#who-may-do-what). */
function visible(db: Executor, viewer: Viewer) {
  const query = db.selectFrom('customer_inquiries');
  return viewer.isTech ? query : query.where('customer_id', '=', viewer.userId);
}

export async function insertInquiry(db: Executor, customerId: string, values: CreateInquiryValues): Promise<CustomerInquiry> {
  const row = await db
    .insertInto('customer_inquiries')
    .values({
      customer_id: customerId,
      inquiry_type: values.inquiryType,
      subject: values.subject,
      description: values.description,
      priority: values.priority,
      status: values.status,
      service_center_id: values.serviceCenterId ?? null,
      vehicle_id: values.vehicleId ?? null,
      customer_notes: values.customerNotes,
    })
    .returning(inquiryColumns)
    .executeTakeFirstOrThrow();
  return toInquiry(row);
}

export async function findInquiry(db: Executor, viewer: Viewer, id: string): Promise<CustomerInquiry | null> {
  const row = await visible(db, viewer).select(inquiryColumns).where('id', '=', id).executeTakeFirst();
  return row ? toInquiry(row) : null;
}

export interface InquiryFilters {
  search?: string;
  status?: InquiryStatus;
  priority?: InquiryPriority;
}

function filtered(db: Executor, viewer: Viewer, filters: InquiryFilters) {
  let query = visible(db, viewer);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.priority) query = query.where('priority', '=', filters.priority);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    // search_text is lower(subject || '\n' || description) (migration 0008): a term without a line
    // break is in either column, ILIKE's way (both sides lower-cased), exactly when it is in there.
    query = filters.search.includes('\n')
      ? query.where((eb) => eb.or([eb('subject', 'ilike', pattern), eb('description', 'ilike', pattern)]))
      : query.where(sql<SqlBool>`search_text LIKE lower(${pattern})`);
  }
  return query;
}

/** Newest first, a keyset page at a time. */
export async function listInquiryPage(
  db: Executor,
  viewer: Viewer,
  filters: InquiryFilters,
  page: { cursor?: string | null; limit: number },
): Promise<InquiryPage> {
  let query = filtered(db, viewer, filters)
    .select(inquiryColumns)
    .select(timestampKey('created_at').as('sort_key'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.cursor) {
    const { key, id } = decodeCursor(page.cursor);
    query = query.where(({ eb, refTuple, tuple }) => eb(refTuple('created_at', 'id'), '<', tuple(timestampFromKey(key), id)));
  }
  const rows = await query.execute();
  return pageOf(rows, page.limit, toInquiry, (row) => encodeCursor(row.sort_key, row.id));
}

/** The full array of the REST path (docs/inquiries.md#paths). */
export async function listAllInquiries(db: Executor, viewer: Viewer): Promise<CustomerInquiry[]> {
  const rows = await visible(db, viewer).select(inquiryColumns).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toInquiry);
}

export async function updateInquiryStatus(db: Executor, id: string, status: InquiryStatus): Promise<CustomerInquiry | null> {
  const closing = status === 'resolved' || status === 'closed';
  const row = await db
    .updateTable('customer_inquiries')
    .set({
      status,
      // Resolved or closed records when; reopening clears it.
      completed_date: closing ? sql<Date>`coalesce(completed_date, now())` : null,
    })
    .where('id', '=', id)
    .returning(inquiryColumns)
    .executeTakeFirst();
  return row ? toInquiry(row) : null;
}

/**
 * The four cards in one query: technicians read the trigger-kept counters (constant time at any
 * size), owners count their own rows through the customer index.
 */
export async function inquiryStats(db: Executor, viewer: Viewer): Promise<InquiryStats> {
  const row = viewer.isTech
    ? await db
        .selectFrom('crm_counts')
        .where('entity', '=', 'inquiry')
        .select([
          sql<number>`coalesce(sum(n), 0)::int`.as('total'),
          sql<number>`coalesce(sum(n) FILTER (WHERE status = 'open'), 0)::int`.as('open'),
          sql<number>`coalesce(sum(n) FILTER (WHERE status = 'in_progress'), 0)::int`.as('in_progress'),
          sql<number>`coalesce(sum(n) FILTER (WHERE priority = 'urgent'), 0)::int`.as('urgent'),
        ])
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('customer_inquiries')
        .where('customer_id', '=', viewer.userId)
        .select([
          sql<number>`count(*)::int`.as('total'),
          sql<number>`(count(*) FILTER (WHERE status = 'open'))::int`.as('open'),
          sql<number>`(count(*) FILTER (WHERE status = 'in_progress'))::int`.as('in_progress'),
          sql<number>`(count(*) FILTER (WHERE priority = 'urgent'))::int`.as('urgent'),
        ])
        .executeTakeFirstOrThrow();
  return { total: row.total, open: row.open, inProgress: row.in_progress, urgent: row.urgent };
}
