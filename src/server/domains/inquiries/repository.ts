import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type {
  CustomerInquiry,
  InquiryPage,
  InquiryPriority,
  InquiryScope,
  InquiryStats,
  InquiryStatus,
  InquiryType,
} from '../../../shared/inquiries.ts';
import type { Executor } from '../../db/index.ts';
import type { DB } from '../../db/schema.ts';
import { containsPattern, encodeCursor, pageOf, timestampKey, olderThanCursor } from '../../lib/paging.ts';
import { linkedCustomerIds, staffShopIds } from '../../lib/shop-access.ts';
import { countWhere, shopCounts } from '../../lib/shop-counts.ts';

/** Who reads: their own requests as a customer, their shops' inquiries as staff (docs/inquiries.md#who-may-do-what). */
export interface InquiryViewer {
  userId: string;
  isAdmin: boolean;
}

/** A person's name as lists show it: first and last name, else the part of the address before @. */
export const personName = sql<string>`coalesce(nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), split_part(a.email, '@', 1))`;

/**
 * The inquiries; their labels (shop, customer, vehicle, assignee) are read row by row in withLabels.
 * Subqueries there, not joins: a page is planned for its values each time on the embedded database
 * (decision 173), and five joined tables cost the planner more than the page costs to read.
 */
function inquiries(db: Executor) {
  return db.selectFrom('customer_inquiries as i');
}
type InquiryRows = ExpressionBuilder<DB & { i: DB['customer_inquiries'] }, 'i'>;

const columns = [
  'i.id',
  'i.customer_id',
  'i.service_center_id',
  'i.vehicle_id',
  'i.shop_customer_id',
  'i.customer_vehicle_id',
  'i.garage_vehicle_id',
  'i.created_by',
  'i.inquiry_type',
  'i.subject',
  'i.description',
  'i.priority',
  'i.status',
  'i.assigned_to_id',
  'i.estimated_cost',
  'i.scheduled_date',
  'i.completed_date',
  'i.customer_notes',
  'i.technician_notes',
  'i.created_at',
  'i.updated_at',
] as const;

function withLabels(query: ReturnType<typeof inquiries>) {
  return query
    .select(columns)
    .select((eb) => [
      eb.selectFrom('service_centers as sc').select('sc.name').whereRef('sc.id', '=', 'i.service_center_id').as('center_name'),
      eb.selectFrom('shop_customers as c').select('c.name').whereRef('c.id', '=', 'i.shop_customer_id').as('customer_name'),
      eb
        .selectFrom('vehicles as v')
        .select(sql<string>`concat_ws(' ', v.year, v.make, v.model)`.as('label'))
        .whereRef('v.id', '=', 'i.vehicle_id')
        .as('vehicle_label'),
      eb.selectFrom('users as a').select(personName.as('name')).whereRef('a.id', '=', 'i.assigned_to_id').as('assigned_name'),
    ]);
}

type InquiryRow = Awaited<ReturnType<ReturnType<typeof withLabels>['executeTakeFirstOrThrow']>>;

function toInquiry(row: InquiryRow): CustomerInquiry {
  return {
    id: row.id,
    customerId: row.customer_id,
    serviceCenterId: row.service_center_id,
    vehicleId: row.vehicle_id,
    shopCustomerId: row.shop_customer_id,
    customerVehicleId: row.customer_vehicle_id,
    garageVehicleId: row.garage_vehicle_id,
    createdBy: row.created_by,
    serviceCenterName: row.center_name,
    customerName: row.customer_name,
    vehicleLabel: row.vehicle_label,
    assignedToName: row.assigned_name,
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

/** The caller's own requests: sent by their account, or made by staff for a customer record linked to it. */
export function ownAsCustomer(db: Executor, eb: InquiryRows, userId: string) {
  return eb.or([eb('i.customer_id', '=', userId), eb('i.shop_customer_id', 'in', linkedCustomerIds(db, userId))]);
}

/**
 * The rows a scope shows. A shop's scope is checked by the caller (requireShopAccess 'read');
 * `mine` is the customer's own; none is both together. `anyForAdmin` lets an admin read one by id.
 */
function visible(db: Executor, viewer: InquiryViewer, scope: InquiryScope & { anyForAdmin?: boolean }) {
  const query = inquiries(db);
  if (scope.serviceCenterId) return query.where('i.service_center_id', '=', scope.serviceCenterId);
  if (scope.mine) return query.where((eb) => ownAsCustomer(db, eb, viewer.userId));
  if (scope.anyForAdmin && viewer.isAdmin) return query;
  return query.where((eb) => eb.or([ownAsCustomer(db, eb, viewer.userId), eb('i.service_center_id', 'in', staffShopIds(db, viewer.userId))]));
}

export interface NewInquiry {
  serviceCenterId: string;
  customerId: string | null;
  shopCustomerId: string | null;
  customerVehicleId: string | null;
  garageVehicleId: string | null;
  vehicleId: string | null;
  createdBy: string;
  inquiryType: InquiryType;
  subject: string;
  description: string;
  priority: InquiryPriority;
  customerNotes: string | null;
}

export async function insertInquiry(db: Executor, values: NewInquiry): Promise<string> {
  const row = await db
    .insertInto('customer_inquiries')
    .values({
      customer_id: values.customerId,
      service_center_id: values.serviceCenterId,
      shop_customer_id: values.shopCustomerId,
      customer_vehicle_id: values.customerVehicleId,
      garage_vehicle_id: values.garageVehicleId,
      vehicle_id: values.vehicleId,
      created_by: values.createdBy,
      inquiry_type: values.inquiryType,
      subject: values.subject,
      description: values.description,
      priority: values.priority,
      status: 'open',
      customer_notes: values.customerNotes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findInquiry(db: Executor, viewer: InquiryViewer, id: string, scope: InquiryScope = {}): Promise<CustomerInquiry | null> {
  const row = await withLabels(visible(db, viewer, { ...scope, anyForAdmin: true }).where('i.id', '=', id)).executeTakeFirst();
  return row ? toInquiry(row) : null;
}

/** One inquiry without any scoping: for code that has already decided the caller may see it. */
export async function loadInquiry(db: Executor, id: string): Promise<CustomerInquiry | null> {
  const row = await withLabels(inquiries(db).where('i.id', '=', id)).executeTakeFirst();
  return row ? toInquiry(row) : null;
}

export interface InquiryFilters {
  search?: string;
  status?: InquiryStatus;
  priority?: InquiryPriority;
}

function filtered(db: Executor, viewer: InquiryViewer, scope: InquiryScope, filters: InquiryFilters) {
  let query = visible(db, viewer, scope);
  if (filters.status) query = query.where('i.status', '=', filters.status);
  if (filters.priority) query = query.where('i.priority', '=', filters.priority);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    // search_text is lower(subject || '\n' || description) (migration 0008): a term without a line
    // break is in either column, ILIKE's way (both sides lower-cased), exactly when it is in there.
    query = filters.search.includes('\n')
      ? query.where((eb) => eb.or([eb('i.subject', 'ilike', pattern), eb('i.description', 'ilike', pattern)]))
      : query.where(sql<SqlBool>`i.search_text LIKE lower(${pattern})`);
  }
  return query;
}

/** Newest first, a keyset page at a time. */
export async function listInquiryPage(
  db: Executor,
  viewer: InquiryViewer,
  scope: InquiryScope,
  filters: InquiryFilters,
  page: { cursor?: string | null; limit: number },
): Promise<InquiryPage> {
  let query = withLabels(filtered(db, viewer, scope, filters))
    .select(timestampKey('i.created_at').as('sort_key'))
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(page.limit + 1);
  if (page.cursor) query = query.where(olderThanCursor(page.cursor, 'i.created_at', 'i.id'));
  const rows = await query.execute();
  return pageOf(rows, page.limit, toInquiry, (row) => encodeCursor(row.sort_key, row.id));
}

/** The full array of the REST path (docs/inquiries.md#paths). */
export async function listAllInquiries(db: Executor, viewer: InquiryViewer, scope: InquiryScope): Promise<CustomerInquiry[]> {
  const rows = await withLabels(visible(db, viewer, scope)).orderBy('i.created_at', 'desc').orderBy('i.id', 'desc').execute();
  return rows.map(toInquiry);
}

/**
 * The four cards of a scope: a shop's from its counters (the same cost at any number of rows), any
 * other scope's in one query over the viewer's own rows.
 */
export async function inquiryStats(db: Executor, viewer: InquiryViewer, scope: InquiryScope): Promise<InquiryStats> {
  if (scope.serviceCenterId) {
    const counts = await shopCounts(db, scope.serviceCenterId, 'inquiry');
    return {
      total: countWhere(counts),
      open: countWhere(counts, (c) => c.status === 'open'),
      inProgress: countWhere(counts, (c) => c.status === 'in_progress'),
      urgent: countWhere(counts, (c) => c.priority === 'urgent'),
    };
  }
  const row = await visible(db, viewer, scope)
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) FILTER (WHERE i.status = 'open'))::int`.as('open'),
      sql<number>`(count(*) FILTER (WHERE i.status = 'in_progress'))::int`.as('in_progress'),
      sql<number>`(count(*) FILTER (WHERE i.priority = 'urgent'))::int`.as('urgent'),
    ])
    .executeTakeFirstOrThrow();
  return { total: row.total, open: row.open, inProgress: row.in_progress, urgent: row.urgent };
}
