import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeEachDatabase } from '../helpers/db.ts';
import { buildTestApp, callerFor, createUser, signInCookie, TEST_PASSWORD, uniqueEmail } from '../helpers/factories.ts';
import type { AnalyticsRepairOrders, AnalyticsReport } from '../../src/shared/analytics.ts';
import type { ServiceAppointment } from '../../src/shared/appointments.ts';
import { ACCESSORIES, AVATAR_PRESETS, AVATAR_THEMES, HAIR_STYLES, OUTFITS, PERSONALITIES, SKIN_TONES, STYLE_PACKS, TIPS_LEVELS, VOICES, type Avatar } from '../../src/shared/avatars.ts';
import { EMAIL_CADENCES, type ApiToken, type CreatedApiToken, type User } from '../../src/shared/auth.ts';
import { GUIDANCE_LEVELS, ROLES } from '../../src/shared/constants.ts';
import { GARAGE_ROLES, SHARE_ROLES, URGENCIES, type DueItem, type GarageVehicle, type VehicleShare } from '../../src/shared/garage.ts';
import { RECORD_STATUSES, type ServiceRecord } from '../../src/shared/service-records.ts';
import { EXPENSE_CATEGORIES, FUEL_KINDS, type Expense, type FuelEntry } from '../../src/shared/fuel.ts';
import type { CalendarFeedStatus, CreatedCalendarFeed, Reminder } from '../../src/shared/reminders.ts';
import { parseIcs } from '../helpers/ics.ts';
import { COST_CATEGORIES } from '../../src/shared/costs.ts';
import type { ImportPreview, ImportSummary } from '../../src/shared/imports.ts';
import { INQUIRY_PRIORITIES, INQUIRY_STATUSES, INQUIRY_TYPES, type CustomerInquiry, type InquiryMessage } from '../../src/shared/inquiries.ts';
import { APPOINTMENT_STATUSES } from '../../src/shared/appointments.ts';
import { AUDIENCES, KNOWLEDGE_KINDS, PRIORITIES, type KnowledgeItem, type Tip } from '../../src/shared/knowledge.ts';
import type { ServiceCenter } from '../../src/shared/service-centers.ts';
import { STAFF_ROLES, type AcceptedInvite, type PendingInvite, type StaffMember } from '../../src/shared/shops.ts';
import { makeStaff } from '../helpers/shops.ts';
import { multipart, picture, TINY_PDF } from '../helpers/files.ts';
import { modelOf, noisePhoto, scanWithPhotos } from '../helpers/scans.ts';
import { readPly, readStl } from '../../src/shared/geometry/mesh-read.ts';
import { CAMERA_MODES, CAMERA_QUALITIES, CAMERA_RESOLUTIONS } from '../../src/shared/camera.ts';
import { PHOTO_VERDICTS } from '../../src/shared/photo-analysis.ts';
import { FILE_TYPES, type StoredFile } from '../../src/shared/files.ts';
import { CONDITIONS, DECISIONS, INSPECTION_STATUSES, type Inspection, type InspectionSummary, type PublicInspection } from '../../src/shared/inspections.ts';
import { CODE_STATUSES, SESSION_SOURCES, type DiagnosticSession, type DiagnosticSessionSummary } from '../../src/shared/diagnostics.ts';
import { PART_CATEGORIES, STOCK_LEVELS, type Part } from '../../src/shared/parts.ts';
import { LINE_KINDS, PAYMENT_METHODS, REPAIR_ORDER_STATUSES } from '../../src/shared/repair-orders.ts';
import type { RepairOrder, RepairOrderSummary } from '../../src/shared/repair-order-views.ts';
import { PART_IMPORT_FIELDS, PART_IMPORT_STATUSES, type PartImportPreview, type PartImportResult } from '../../src/shared/parts-import.ts';
import { MOVEMENT_KINDS, type InventoryPage, type StockMovement } from '../../src/shared/stock.ts';
import { SUPPLIER_STATUSES, type Supplier } from '../../src/shared/suppliers.ts';
import { PURCHASE_ORDER_MOVES, PURCHASE_ORDER_STATUSES, type PurchaseOrder, type PurchaseOrderSummary } from '../../src/shared/purchase-orders.ts';
import { VEHICLE_PARTS_LIMIT, type VehicleParts } from '../../src/shared/vehicle-parts.ts';
import { DTC_COMPONENT_LABELS, DTC_SEVERITIES } from '../../src/shared/dtc.ts';
import { CURRENCIES, DISTANCE_UNITS, LOCALES, VOLUME_UNITS } from '../../src/shared/units.ts';
import { storeUpload } from '../../src/server/domains/files/service.ts';
import { unsubscribeToken } from '../../src/server/domains/email/unsubscribe.ts';
import type { AuditEntryView } from '../../src/shared/audit.ts';
import type { CustomerDetail, CustomerListItem, CustomerSummary } from '../../src/shared/customers.ts';
import type { IdentifiedVehicle, Vehicle, VehicleComponent, VideoWalkthrough } from '../../src/shared/vehicles.ts';
import type { Database } from '../../src/server/db/index.ts';
import { componentSet } from '../../src/server/domains/vehicles/components.ts';
import { insertComponents, insertDecodedVehicle, insertWalkthrough } from '../../src/server/domains/vehicles/repository.ts';
import { walkthroughFor } from '../../src/server/domains/vehicles/walkthroughs.ts';
import type { RestDoc } from '../../src/server/http/rest.ts';
import { appRouter } from '../../src/server/router.ts';

/**
 * The REST contract: one table walks every registered `/api` path (method, URL, caller, payload,
 * expected status and answer shape). A route the app registers without a row fails the suite, so a
 * new path cannot ship without its contract. Error answers must be the JSON error of docs/api.md#errors
 * `{ message, code }` (plus `issues` for validation, `details` where documented).
 */

// ---- Answer shapes -------------------------------------------------------------------------

/** What a value looks like after JSON: dates become ISO strings. */
type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

const when = z.iso.datetime();
const uuid = z.uuid();
const text = z.string();
const maybeText = z.string().nullable();

// Each shape is tied to the shared TypeScript type (`satisfies`), and strict: a leaked column
// (a password hash, a token secret) is an unknown key and fails the row.
const userShape = z
  .object({
    id: uuid,
    email: z.email(),
    firstName: maybeText,
    lastName: maybeText,
    profileImageUrl: maybeText,
    role: z.enum(ROLES).nullable(),
    preferences: z
      .object({
        guidanceLevel: z.enum(GUIDANCE_LEVELS),
        autoScan: z.boolean(),
        darkMode: z.boolean(),
        notifications: z.boolean(),
        emailNotifications: z.boolean(),
        emailCadence: z.enum(EMAIL_CADENCES),
        assistantEnabled: z.boolean(),
        camera: z.object({ mode: z.enum(CAMERA_MODES), resolution: z.enum(CAMERA_RESOLUTIONS), quality: z.enum(CAMERA_QUALITIES), grid: z.boolean() }).strict(),
        distanceUnit: z.enum(DISTANCE_UNITS),
        volumeUnit: z.enum(VOLUME_UNITS),
        currency: z.enum(CURRENCIES),
        locale: z.enum(LOCALES),
      })
      .strict(),
    createdAt: when,
    updatedAt: when,
    isAdmin: z.boolean(),
    currentShopId: uuid.nullable(),
  })
  .strict() satisfies z.ZodType<Wire<User>>;

const vehicleFields = {
  id: uuid,
  vin: z.string().length(17).nullable(),
  year: z.number().int(),
  make: text,
  model: text,
  trim: maybeText,
  engine: maybeText,
  transmission: maybeText,
  drivetrain: maybeText,
  bodyStyle: maybeText,
  createdAt: when,
  updatedAt: when,
};
const vehicleShape = z.object(vehicleFields).strict() satisfies z.ZodType<Wire<Vehicle>>;
const identifiedShape = z.object({ ...vehicleFields, warnings: z.array(text) }).strict() satisfies z.ZodType<Wire<IdentifiedVehicle>>;

const componentShape = z
  .object({
    id: uuid,
    vehicleId: uuid,
    name: text,
    category: text,
    description: maybeText,
    specifications: z.record(z.string(), z.string()),
    serviceIntervals: z.record(z.string(), z.string()),
    serviceSchedule: z.array(
      z
        .object({
          label: text,
          text,
          miles: z.number().int().positive().nullable(),
          months: z.number().int().positive().nullable(),
        })
        .strict(),
    ),
    commonIssues: z.array(text),
    diagramPosition: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100), color: text }).strict(),
    createdAt: when,
  })
  .strict() satisfies z.ZodType<Wire<VehicleComponent>>;

const videoShape = z
  .object({
    id: uuid,
    vehicleId: uuid,
    title: text,
    description: maybeText,
    videoUrl: text,
    duration: maybeText,
    chapters: z.array(z.object({ title: text, startTime: text, endTime: text, description: text }).strict()),
    createdAt: when,
  })
  .strict() satisfies z.ZodType<Wire<VideoWalkthrough>>;

const avatarShape = z
  .object({
    id: uuid,
    userId: uuid,
    displayName: z.string().min(2).max(50),
    style: z
      .object({
        pack: z.enum(STYLE_PACKS),
        skin: z.enum(SKIN_TONES),
        hair: z.enum(HAIR_STYLES),
        outfit: z.enum(OUTFITS),
        accessories: z.array(z.enum(ACCESSORIES)),
        theme: z.enum(AVATAR_THEMES),
      })
      .strict(),
    personality: z.enum(PERSONALITIES),
    voice: z.enum(VOICES),
    tipsLevel: z.enum(TIPS_LEVELS),
    isActive: z.boolean(),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<Avatar>>;

const knowledgeItemShape = z
  .object({
    id: uuid,
    createdBy: uuid.nullable(),
    kind: z.enum(KNOWLEDGE_KINDS),
    audience: z.enum(AUDIENCES),
    tags: z.array(text),
    title: text,
    body: text,
    steps: z.array(text).nullable(),
    mediaUrls: z.array(text).nullable(),
    componentId: uuid.nullable(),
    vehicleId: uuid.nullable(),
    priority: z.enum(PRIORITIES),
    isActive: z.boolean(),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<KnowledgeItem>>;

const dtcEntryShape = z
  .object({
    code: z.string().regex(/^[PCBU][0-3][0-9A-F]{3}$/),
    title: z.string().min(1),
    plain: z.string().min(1),
    technical: z.string().min(1),
    severity: z.enum(['critical', 'warning', 'info']),
    safeToDrive: z.string().min(1),
    causes: z.array(z.string().min(1)).min(1),
    component: z.enum(['engine', 'transmission', 'battery', 'brakes', 'suspension', 'exhaust']).nullable(),
    inCatalogue: z.boolean(),
    structure: z.object({ code: z.string(), system: z.string(), generic: z.boolean(), subsystem: z.string(), component: z.string().nullable() }).strict(),
  })
  .strict();
const dtcSearchShape = z
  .object({
    items: z.array(z.object({ code: z.string(), title: z.string(), severity: z.enum(['critical', 'warning', 'info']), component: z.string().nullable() }).strict()),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .strict();
const tipShape = z
  .object({ id: uuid, title: text, body: text, priority: z.enum(PRIORITIES), tags: z.array(text).max(3) })
  .strict() satisfies z.ZodType<Wire<Tip>>;

const centerShape = z
  .object({
    id: uuid,
    name: text,
    address: text,
    city: text,
    state: text,
    zipCode: maybeText,
    phone: maybeText,
    email: maybeText,
    website: maybeText,
    managerId: uuid.nullable(),
    services: z.array(text),
    operatingHours: z.union([z.string(), z.record(z.string(), z.string()), z.null()]),
    certifications: z.array(text),
    specializations: z.array(text),
    isActive: z.boolean(),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<ServiceCenter>>;

const staffShape = z
  .object({ userId: uuid, name: maybeText, email: text, role: z.enum(STAFF_ROLES), since: when })
  .strict() satisfies z.ZodType<Wire<StaffMember>>;
const inviteFields = { id: uuid, role: z.enum(STAFF_ROLES), email: maybeText, createdAt: when, expiresAt: when, createdByName: maybeText };
const pendingInviteShape = z.object(inviteFields).strict() satisfies z.ZodType<Wire<PendingInvite>>;
const invitePreviewShape = z.object({ state: z.literal('open'), shopName: text, city: text, stateName: text, role: z.enum(STAFF_ROLES), expiresAt: when }).strict();
const acceptedInviteShape = z.object({ serviceCenterId: uuid, shopName: text, role: z.enum(STAFF_ROLES) }).strict() satisfies z.ZodType<Wire<AcceptedInvite>>;
const createdInviteShape = z.object({ ...inviteFields, code: z.string().regex(/^[A-Za-z0-9_-]{43}$/), link: z.string().startsWith('/invite/'), emailed: z.boolean() }).strict();

const money = z.string().regex(/^\d+(\.\d{1,2})?$/).nullable();

const inquiryShape = z
  .object({
    id: uuid,
    customerId: uuid.nullable(),
    serviceCenterId: uuid.nullable(),
    vehicleId: uuid.nullable(),
    shopCustomerId: uuid.nullable(),
    customerVehicleId: uuid.nullable(),
    garageVehicleId: uuid.nullable(),
    createdBy: uuid.nullable(),
    serviceCenterName: text.nullable(),
    customerName: text.nullable(),
    vehicleLabel: text.nullable(),
    assignedToName: text.nullable(),
    inquiryType: z.enum(INQUIRY_TYPES),
    subject: text,
    description: text,
    priority: z.enum(INQUIRY_PRIORITIES),
    status: z.enum(INQUIRY_STATUSES),
    assignedToId: uuid.nullable(),
    estimatedCost: money,
    scheduledDate: when.nullable(),
    completedDate: when.nullable(),
    customerNotes: maybeText,
    technicianNotes: maybeText,
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<CustomerInquiry>>;

const messageShape = z
  .object({ id: uuid, inquiryId: uuid, fromStaff: z.boolean(), authorName: text.nullable(), mine: z.boolean(), body: text, createdAt: when })
  .strict() satisfies z.ZodType<Wire<InquiryMessage>>;
const notificationPageShape = z
  .object({
    items: z.array(z.object({ id: uuid, kind: text, title: text, body: z.string(), link: text.nullable(), readAt: when.nullable(), createdAt: when }).strict()),
    nextCursor: text.nullable(),
  })
  .strict();
const threadShape = z.object({ messages: z.array(messageShape), hasEarlier: z.boolean() }).strict();

const appointmentShape = z
  .object({
    id: uuid,
    inquiryId: uuid.nullable(),
    customerId: uuid.nullable(),
    serviceCenterId: uuid.nullable(),
    vehicleId: uuid.nullable(),
    technicianId: uuid.nullable(),
    appointmentDate: when,
    duration: z.number().int().min(15),
    serviceType: text,
    description: maybeText,
    status: z.enum(APPOINTMENT_STATUSES),
    estimatedCost: money,
    actualCost: money,
    notes: maybeText,
    reminderSent: z.boolean(),
    shopCustomerId: uuid.nullable(),
    customerVehicleId: uuid.nullable(),
    garageVehicleId: uuid.nullable(),
    customerName: maybeText,
    vehicleLabel: maybeText,
    technicianName: maybeText,
    serviceCenterName: maybeText,
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<ServiceAppointment>>;

const garageVehicleShape = z
  .object({
    id: uuid,
    nickname: text,
    odometer: z.number().int().min(0),
    odometerUpdatedAt: when,
    highestMileage: z.number().int().min(0),
    odometerOffset: z.number().int().min(0),
    knownServices: z.array(z.object({ service: text, date: z.iso.date().nullable(), mileage: z.number().int().min(0).nullable() }).strict()),
    vehicle: vehicleShape,
    createdAt: when,
    updatedAt: when,
    access: z.enum(GARAGE_ROLES),
    sharedBy: maybeText,
  })
  .strict() satisfies z.ZodType<Wire<GarageVehicle>>;
const shareShape = z.object({ userId: uuid, name: text, email: text, role: z.enum(SHARE_ROLES), createdAt: when }).strict() satisfies z.ZodType<Wire<VehicleShare>>;

const serviceRecordShape = z
  .object({
    id: uuid,
    vehicleId: uuid,
    userId: uuid.nullable(),
    componentId: uuid.nullable(),
    componentName: maybeText,
    serviceType: text,
    description: maybeText,
    mileage: maybeText,
    mileageValue: z.number().int().min(0).nullable(),
    date: when,
    status: z.enum(RECORD_STATUSES),
    cost: money,
    notes: maybeText,
    technicianId: uuid.nullable(),
    technicianName: maybeText,
    serviceCenterId: uuid.nullable(),
    serviceCenterName: maybeText,
    customerVehicleId: uuid.nullable(),
    vehicle: z.object({ year: z.number().int(), make: text, model: text, vin: z.string().length(17).nullable() }).strict(),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<ServiceRecord>>;

const reminderShape = z
  .object({
    id: uuid,
    vehicleId: uuid,
    garageVehicleId: uuid,
    title: text,
    notes: maybeText,
    dueDate: z.iso.date().nullable(),
    dueMileage: z.number().int().nullable(),
    everyMonths: z.number().int().nullable(),
    everyMiles: z.number().int().nullable(),
    recurring: z.boolean(),
    daysLeft: z.number().int().nullable(),
    milesLeft: z.number().int().nullable(),
    urgency: z.enum(URGENCIES),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<Reminder>>;
const calendarStatusShape = z.object({ active: z.boolean(), createdAt: when.nullable(), lastUsedAt: when.nullable() }).strict() satisfies z.ZodType<Wire<CalendarFeedStatus>>;
const createdCalendarShape = z.object({ token: z.string().min(20), path: z.string(), createdAt: when }).strict() satisfies z.ZodType<Wire<CreatedCalendarFeed>>;

const fuelEntryShape = z
  .object({
    id: uuid,
    vehicleId: uuid,
    date: z.iso.date(),
    odometer: z.number().int().min(0),
    kind: z.enum(FUEL_KINDS),
    quantity: z.number().positive(),
    totalPrice: money,
    pricePerUnit: z.number().nullable(),
    fullFill: z.boolean(),
    missedBefore: z.boolean(),
    station: maybeText,
    economy: z.number().nullable(),
    distance: z.number().nullable(),
    outlier: z.boolean(),
    note: z.enum(['first', 'partial', 'missed', 'backwards']).nullable(),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<FuelEntry>>;

const expenseShape = z
  .object({ id: uuid, vehicleId: uuid, date: z.iso.date(), category: z.enum(EXPENSE_CATEGORIES), amount: z.string().regex(/^\d+\.\d{2}$/), note: maybeText, createdAt: when, updatedAt: when })
  .strict() satisfies z.ZodType<Wire<Expense>>;

const cents = z.record(z.enum(COST_CATEGORIES), z.number().int());
const vehicleOverviewShape = z
  .object({
    costs: z
      .object({
        months: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), cents, totalCents: z.number().int() }).strict()),
        totals: cents,
        totalCents: z.number().int(),
        yearToDate: cents,
        yearToDateCents: z.number().int(),
        centsPerMile: z.number().nullable(),
        miles: z.number().int().min(0),
      })
      .strict(),
    economy: z.array(z.object({ date: z.iso.date(), kind: z.enum(FUEL_KINDS), economy: z.number(), outlier: z.boolean() }).strict()),
    averageMpg: z.number().nullable(),
    averageMiPerKwh: z.number().nullable(),
    odometer: z.array(z.object({ date: z.iso.date(), mileage: z.number().int(), lifetime: z.number().int(), source: z.enum(['record', 'fuel']) }).strict()),
    fuelEntries: z.number().int().min(0),
  })
  .strict();

const day = z.iso.date();
const dueItemShape = z
  .object({
    garageVehicleId: uuid,
    vehicleId: uuid,
    nickname: text,
    componentId: uuid,
    componentName: text,
    service: text,
    intervalText: text,
    lastServiceDate: day.nullable(),
    lastServiceMileage: z.number().int().nullable(),
    basis: z.enum(['record', 'known', 'tracking']),
    trackingDate: day,
    trackingMileage: z.number().int().min(0),
    dueDate: day.nullable(),
    dueMileage: z.number().int().nullable(),
    daysLeft: z.number().int().nullable(),
    milesLeft: z.number().int().nullable(),
    urgency: z.enum(URGENCIES),
  })
  .strict() satisfies z.ZodType<Wire<DueItem>>;

const tokenFields = { id: uuid, name: text, prefix: z.string().startsWith('vt_'), createdAt: when, lastUsedAt: when.nullable() };
/** A listed token never carries its secret. */
const tokenShape = z.object(tokenFields).strict() satisfies z.ZodType<Wire<ApiToken>>;
const createdTokenShape = z
  .object({ ...tokenFields, token: z.string().regex(/^vt_[A-Za-z0-9_-]{40,}$/) })
  .strict() satisfies z.ZodType<Wire<CreatedApiToken>>;

const rangeShape = z.object({ from: z.iso.date(), to: z.iso.date(), timeZone: text }).strict();
// The report is large; its top level and headline figures are checked, the rest by its own tests.
const reportShape = z
  .object({
    overview: z.object({ range: rangeShape, inquiriesOpened: z.number(), appointments: z.number(), completionRate: z.number().nullable() }),
    services: z.object({ range: rangeShape, totalRevenue: z.number(), byCount: z.array(z.object({ serviceType: text })) }),
    performance: z.object({ range: rangeShape, resolved: z.number(), centers: z.array(z.object({ name: text })) }),
  })
  .strict() satisfies z.ZodType<Record<keyof AnalyticsReport, unknown>>;
const wholeCents = z.number().int();
const repairOrderFiguresShape = z
  .object({
    range: rangeShape,
    orders: z.number().int(),
    revenueCents: wholeCents,
    averageOrderCents: wholeCents.nullable(),
    paymentsCents: wholeCents,
    payments: z.number().int(),
    partsMargin: z.object({ priceCents: wholeCents, costCents: wholeCents, marginCents: wholeCents, marginRate: z.number().nullable(), linesWithoutCost: z.number().int() }).strict(),
    hours: z.object({ soldHundredths: z.number().int(), workedHundredths: z.number().int() }).strict(),
    technicians: z.array(z.object({ technicianId: uuid.nullable(), name: text, soldHundredths: z.number().int(), workedHundredths: z.number().int() }).strict()),
    approvals: z.object({ decided: z.number().int(), approved: z.number().int(), rate: z.number().nullable() }).strict(),
    revenuePerDay: z.array(z.object({ date: z.iso.date(), orders: z.number().int(), revenueCents: wholeCents }).strict()),
  })
  .strict() satisfies z.ZodType<Wire<AnalyticsRepairOrders>>;
/** Yesterday to tomorrow in UTC: the fixtures' orders are completed while the suite runs. */
const AROUND_TODAY = (() => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(-1)}&to=${day(1)}&timeZone=UTC`;
})();

const customerFields = {
  id: uuid,
  serviceCenterId: uuid,
  name: text,
  email: maybeText,
  phone: maybeText,
  notes: maybeText,
  tags: z.array(text),
  linked: z.boolean(),
  createdAt: when,
  updatedAt: when,
};
const customerShape = z.object(customerFields).strict() satisfies z.ZodType<Wire<CustomerSummary>>;
const customerListItemShape = z
  .object({ ...customerFields, vehicleCount: z.number().int(), openInquiryCount: z.number().int(), upcomingAppointmentCount: z.number().int() })
  .strict() satisfies z.ZodType<Wire<CustomerListItem>>;
const customerPageShape = z.object({ items: z.array(customerListItemShape), nextCursor: text.nullable() }).strict();
const customerDetailShape = z
  .object({
    customer: customerShape,
    vehicles: z.array(
      z
        .object({ id: uuid, customerId: uuid, vehicle: vehicleShape, plate: maybeText, odometer: z.number().int().nullable(), garageVehicleId: uuid.nullable(), createdAt: when, updatedAt: when })
        .strict(),
    ),
    inquiries: z.array(z.object({ id: uuid, subject: text, inquiryType: text, status: text, priority: text, createdAt: when }).strict()),
    appointments: z.array(z.object({ id: uuid, serviceType: text, status: text, appointmentDate: when, duration: z.number().int() }).strict()),
    records: z.array(z.object({ id: uuid, vehicleId: uuid, serviceType: text, status: text, date: when, mileage: z.number().int().nullable(), cost: money }).strict()),
  })
  .strict() satisfies z.ZodType<Wire<CustomerDetail>>;
const auditEntryShape = z
  .object({
    id: uuid,
    entity: text,
    entityId: uuid,
    action: text,
    actor: z.object({ id: uuid, name: maybeText, email: z.email() }).strict().nullable(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    createdAt: when,
  })
  .strict() satisfies z.ZodType<Omit<Wire<AuditEntryView>, 'before' | 'after'> & { before: Record<string, unknown> | null; after: Record<string, unknown> | null }>;
const auditPageShape = z.object({ items: z.array(auditEntryShape), nextCursor: text.nullable() }).strict();

const errorShape = z
  .object({
    message: z.string().min(1),
    code: z.string(),
    issues: z
      .object({ formErrors: z.array(text), fieldErrors: z.record(z.string(), z.array(text).optional()) })
      .strict()
      .optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

/** docs/api.md#errors: the status and the code of the JSON error agree. */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
};

// ---- Fixtures ------------------------------------------------------------------------------

/** Who makes the call. `other` is a second owner: someone else's rows answer 404 to them. */
type Who = 'anonymous' | 'owner' | 'other' | 'tech';

interface Fixtures {
  users: Record<Exclude<Who, 'anonymous'>, User>;
  /** The unsubscribe token of an account of its own (its e-mail is turned off by a row). */
  unsubscribeToken: string;
  cookies: Record<Exclude<Who, 'anonymous'>, string>;
  vehicle: Vehicle;
  componentId: string;
  knowledgeTag: string;
  knowledgeItemId: string;
  inactiveKnowledgeItemId: string;
  centerId: string;
  inactiveCenterId: string;
  editableCenterId: string;
  inquiryId: string;
  appointmentId: string;
  /** The owner's avatars: one to delete, one inactive, the active one (created in that order). */
  avatarToDeleteId: string;
  avatarInactiveId: string;
  avatarActiveId: string;
  techAvatarId: string;
  tokenId: string;
  otherTokenId: string;
  /** The owner's garage entry of `vehicle`; `other` saved the spare vehicle (an entry to delete). */
  garageId: string;
  otherGarageId: string;
  spareVehicleId: string;
  engineId: string;
  /** The owner's completed oil change of `vehicle`, and a record to delete. The owner named the
   * vehicle in an inquiry, so the technician keeps its records too. */
  recordId: string;
  recordToDeleteId: string;
  /** The owner's fill-up and expense of `vehicle`. */
  fuelId: string;
  expenseId: string;
  /** The owner's reminders of `vehicle`: one to change, one to delete, one to mark done; a live feed token. */
  reminderId: string;
  reminderToDeleteId: string;
  reminderToFinishId: string;
  calendarToken: string;
  /** Shops: `tech` owns `centerId` (with a technician `staffMemberId`), `leaveCenterId` (with a
   * second owner, so tech may leave) and `inviteCenterId`, whose open invitations are `acceptCode`
   * and `revokeInviteId`. */
  staffMemberId: string;
  leaveCenterId: string;
  inviteCenterId: string;
  acceptCode: string;
  revokeInviteId: string;
  deletableKnowledgeItemId: string;
  /** A shop `tech` manages with one customer, and a shop where `tech` is a technician only. */
  shopId: string;
  customerId: string;
  workShopId: string;
  /** The owner's customer record at the center (made by their request) and the vehicle there. */
  shopCustomerId: string;
  customerVehicleId: string;
  /** The owner's photo attached to `recordId`; an unattached PDF to delete; one to attach and detach. */
  fileId: string;
  fileToDeleteId: string;
  fileToAttachId: string;
  /** Inspections of the owner's car by the center (`tech`): a draft whose front pads item the rows
   * change, photograph, sign, share and unshare; and one shared with the owner since the fixtures,
   * its front pads item urgent with a recommendation and a photo, with its public link's token. */
  inspectionDraftId: string;
  draftPadsId: string;
  sharedInspectionId: string;
  sharedPadsId: string;
  sharedPhotoId: string;
  shareToken: string;
  /** Diagnostic sessions of the owner's car: the center's (`tech`) scan, with two codes, readiness,
   * live and freeze-frame values, which the rows change and clear; and the owner's own manual one. */
  sessionId: string;
  ownSessionId: string;
  /** The owner's 3D scans: one taking photos (the rows add to it), one with 8 photos ready to process, and a model. */
  scanId: string;
  scanReadyId: string;
  /** A scan with two photos that the rows delete. */
  scanToDeleteId: string;
  modelId: string;
  /** The center's (`tech` owns it) part PAD-100 with 3 units received from its supplier; a supplier
   * of `workShopId`, where `tech` is a technician only. */
  partId: string;
  supplierId: string;
  workSupplierId: string;
  /** The center's repair orders of the owner's car: one sent to the owner (its labour line
   * `orderLineId`), an estimate the rows add a line to and send, and an invoice of $1.00 (a fee). */
  orderId: string;
  orderLineId: string;
  estimateOrderId: string;
  invoicedOrderId: string;
  /** An estimate with one fee line that the rows replace and remove, and an order in progress whose
   * labour line the rows clock in and out of. */
  draftOrderId: string;
  draftLineId: string;
  workOrderId: string;
  workLineId: string;
  /** The center's purchase orders from its supplier: 4 of PAD-100 ordered (its line
   * `purchaseOrderLineId`), which the rows receive in parts; and an empty draft they fill and order. */
  purchaseOrderId: string;
  purchaseOrderLineId: string;
  draftPurchaseOrderId: string;
}

/** The center's purchase orders the rows read, fill, order and receive. */
async function contractPurchaseOrders(db: Database, tech: User, centerId: string, supplierId: string, partId: string) {
  const asTech = callerFor(db, tech);
  const ordered = await asTech.purchaseOrders.create({ serviceCenterId: centerId, supplierId, lines: [{ partId, quantity: 4 }] });
  await asTech.purchaseOrders.transition({ id: ordered.id, to: 'ordered' });
  const draft = await asTech.purchaseOrders.create({ serviceCenterId: centerId, supplierId });
  return { purchaseOrderId: ordered.id, purchaseOrderLineId: ordered.lines[0]!.id, draftPurchaseOrderId: draft.id };
}

/** The center's repair orders the rows read and move (none writes the owner's history: no labour is completed). */
async function contractOrders(db: Database, tech: User, centerId: string, customerVehicleId: string) {
  const asTech = callerFor(db, tech);
  const start = () => asTech.repairOrders.create({ serviceCenterId: centerId, customerVehicleId });
  const sent = await start();
  const priced = await asTech.repairOrders.addLine({ orderId: sent.id, line: { kind: 'labor', description: 'Replace front pads', serviceType: 'Brake pads', hoursHundredths: 150, rateCents: 12_000 } });
  await asTech.repairOrders.transition({ id: sent.id, to: 'sent' });
  const estimate = await start();
  const invoiced = await start();
  await asTech.repairOrders.addLine({ orderId: invoiced.id, line: { kind: 'fee', description: 'Diagnostic fee', amountCents: 100 } });
  for (const to of ['sent', 'approved', 'in_progress', 'completed', 'invoiced'] as const) await asTech.repairOrders.transition({ id: invoiced.id, to });
  const draft = await asTech.repairOrders.addLine({ orderId: (await start()).id, line: { kind: 'fee', description: 'Towing', amountCents: 5_000 } });
  const work = await asTech.repairOrders.addLine({ orderId: (await start()).id, line: { kind: 'labor', description: 'Diagnose noise', serviceType: 'Diagnosis', hoursHundredths: 100, rateCents: 10_000 } });
  for (const to of ['sent', 'approved', 'in_progress'] as const) await asTech.repairOrders.transition({ id: work.id, to });
  return {
    orderId: sent.id,
    orderLineId: priced.lines[0]!.id,
    estimateOrderId: estimate.id,
    invoicedOrderId: invoiced.id,
    draftOrderId: draft.id,
    draftLineId: draft.lines[0]!.id,
    workOrderId: work.id,
    workLineId: work.lines[0]!.id,
  };
}

const VIN = '4T1B11HK5LU123456';
const MISSING = '6f1c2a0e-5b7d-4c3e-9a8f-0123456789ab';
const SPARE_VIN = '1HGCM82633A004352';

/** A stored vehicle with its component set and walkthrough, as a decode stores it (no decoder needed). */
async function storeVehicle(db: Database): Promise<Vehicle> {
  const draft = {
    vin: VIN,
    year: 2020,
    make: 'Toyota',
    model: 'Camry',
    trim: 'LE',
    engine: '2.5L I4',
    transmission: 'Automatic',
    drivetrain: 'FWD',
    bodyStyle: 'Sedan',
    details: {},
  };
  const vehicle = await insertDecodedVehicle(db, draft);
  if (!vehicle) throw new Error('fixture vehicle not stored');
  await insertComponents(db, vehicle.id, componentSet({ ...draft, details: null }));
  await insertWalkthrough(db, vehicle.id, walkthroughFor(draft, false));
  return vehicle;
}

/** A second stored vehicle (no components) to save in a garage. */
async function storeSpareVehicle(db: Database): Promise<Vehicle> {
  const draft = { vin: SPARE_VIN, year: 2003, make: 'Honda', model: 'Accord', trim: null, engine: null, transmission: null, drivetrain: null, bodyStyle: 'Sedan', details: {} };
  const vehicle = await insertDecodedVehicle(db, draft);
  if (!vehicle) throw new Error('spare vehicle not stored');
  return vehicle;
}

async function makeFixtures(db: Database, app: FastifyInstance): Promise<Fixtures> {
  const owner = await createUser(db, { role: 'simple' });
  const other = await createUser(db, { role: 'simple' });
  const tech = await createUser(db, { role: 'tech' });
  const asOwner = callerFor(db, owner);
  const asTech = callerFor(db, tech);

  const vehicle = await storeVehicle(db);
  const [component] = await callerFor(db, null).vehicles.components({ vehicleId: vehicle.id });
  if (!component) throw new Error('fixture vehicle has no components');

  const knowledgeTag = 'contract-fixture';
  const [item, inactiveItem, deletableItem] = await db
    .insertInto('knowledge_items')
    .values([
      { audience: 'both', priority: 'high', title: 'Contract fixture item', body: 'Checks the REST search answer.', tags: [knowledgeTag, 'vin'], created_by: tech.id },
      { audience: 'both', priority: 'high', title: 'Retired item', body: 'No longer served.', tags: [knowledgeTag], is_active: false },
      { audience: 'both', priority: 'low', title: 'Item to take out', body: 'Deleted by its author.', tags: ['contract-delete'], created_by: tech.id },
    ])
    .returning('id')
    .execute();
  if (!item || !inactiveItem || !deletableItem) throw new Error('knowledge fixtures not stored');

  const center = await asTech.serviceCenters.create({ name: 'Contract Garage', address: '1 Main St', city: 'Springfield', state: 'IL' });
  const inactive = await asTech.serviceCenters.create({ name: 'Closed Garage', address: '2 Main St', city: 'Springfield', state: 'IL' });
  await asTech.serviceCenters.deactivate({ id: inactive.id });
  const editable = await asTech.serviceCenters.create({ name: 'Editable Garage', address: '3 Main St', city: 'Shelbyville', state: 'IL' });
  const staffMember = await createUser(db, { role: 'simple' });
  await makeStaff(db, staffMember.id, center.id, 'technician');
  const leaveCenter = await asTech.serviceCenters.create({ name: 'Shared Garage', address: '4 Main St', city: 'Springfield', state: 'IL' });
  await makeStaff(db, (await createUser(db)).id, leaveCenter.id, 'owner');
  const inviteCenter = await asTech.serviceCenters.create({ name: 'Hiring Garage', address: '5 Main St', city: 'Springfield', state: 'IL' });
  const acceptInvite = await asTech.shops.invites.create({ serviceCenterId: inviteCenter.id, role: 'technician' });
  const revokeInvite = await asTech.shops.invites.create({ serviceCenterId: inviteCenter.id, role: 'manager', email: 'hire@example.test' });

  // The technician works in the contract shop (its staff see its inquiries).
  await db.insertInto('shop_staff').values({ service_center_id: center.id, user_id: tech.id, role: 'technician' }).onConflict((oc) => oc.doNothing()).execute();
  const inquiry = await asOwner.inquiries.create({ inquiryType: 'service', subject: 'Brake noise', description: 'Squeals when stopping.', serviceCenterId: center.id });
  const appointment = await asOwner.appointments.create({
    serviceCenterId: center.id,
    appointmentDate: new Date(Date.now() + 24 * 60 * 60_000),
    duration: 60,
    serviceType: 'Brake inspection',
  });

  const style = AVATAR_PRESETS[0]!.style;
  const toDelete = await asOwner.avatars.create({ displayName: 'Spare Guide', style });
  const inactiveAvatar = await asOwner.avatars.create({ displayName: 'Old Guide', style });
  const activeAvatar = await asOwner.avatars.create({ displayName: 'Current Guide', style });
  const techAvatar = await asTech.avatars.create({ displayName: 'Shop Guide', style });

  const token = await asOwner.auth.tokens.create({ name: 'contract token' });
  const otherToken = await asOwner.auth.tokens.create({ name: 'second token' });

  const engine = (await callerFor(db, null).vehicles.components({ vehicleId: vehicle.id })).find((c) => c.name === 'Engine');
  if (!engine) throw new Error('fixture vehicle has no engine');
  const spare = await storeSpareVehicle(db);
  const garage = await asOwner.garage.add({ vehicleId: vehicle.id, nickname: 'Commuter', odometer: 30_000 });
  const otherGarage = await callerFor(db, other).garage.add({ vehicleId: spare.id, nickname: 'Project car', odometer: 180_000 });
  await asOwner.inquiries.create({ inquiryType: 'service', subject: 'Service history', description: 'Please log the oil change.', vehicleId: vehicle.id, serviceCenterId: center.id });
  const record = await asOwner.garage.records.create({ vehicleId: vehicle.id, componentId: engine.id, serviceType: 'Oil change', date: '2025-06-01', mileage: 29_000, cost: '59.90', description: 'Synthetic 0W-20' });
  const recordToDelete = await asOwner.garage.records.create({ vehicleId: vehicle.id, serviceType: 'Car wash', date: '2025-06-02', status: 'completed' });
  const fuel = await asOwner.fuel.create({ vehicleId: vehicle.id, date: '2025-06-03', odometer: 29_100, quantity: 12, unit: 'gal', totalPrice: '42.00' });
  const expense = await asOwner.fuel.expenses.create({ vehicleId: vehicle.id, date: '2025-06-04', category: 'insurance', amount: '300' });
  const shopCustomerId = appointment.shopCustomerId!;
  const customerVehicle = await db
    .insertInto('shop_customer_vehicles')
    .values({ customer_id: shopCustomerId, vehicle_id: vehicle.id, garage_vehicle_id: garage.id })
    .returning('id')
    .executeTakeFirstOrThrow();

  const shops = await db
    .insertInto('service_centers')
    .values([
      { name: 'Contract Customers Shop', address: '4 Main St', city: 'Springfield', state: 'IL' },
      { name: 'Contract Work Shop', address: '5 Main St', city: 'Springfield', state: 'IL' },
    ])
    .returning('id')
    .execute();
  const [shop, workShop] = shops;
  if (!shop || !workShop) throw new Error('shop fixtures not stored');
  await db
    .insertInto('shop_staff')
    .values([
      { service_center_id: shop.id, user_id: tech.id, role: 'manager' },
      { service_center_id: workShop.id, user_id: tech.id, role: 'technician' },
    ])
    .execute();
  const photo = await storeUpload(db, owner.id, await picture(24, 16), 'receipt.png');
  await asOwner.files.attach({ recordId: record.id, fileId: photo.id });
  const customer = await asTech.customers.create({ serviceCenterId: shop.id, name: 'Ada Contract', email: 'ada.contract@example.test', tags: ['fleet'] });
  await asTech.customers.vehicles.add({ customerId: customer.id, vehicleId: vehicle.id, plate: 'CT 1', odometer: 30_000 });

  const forCustomer = { vehicleId: vehicle.id, serviceCenterId: center.id, customerVehicleId: customerVehicle.id };
  const padsOf = (inspection: { items: { id: string; name: string }[] }) => {
    const pads = inspection.items.find((item) => item.name === 'Front brake pad thickness');
    if (!pads) throw new Error('inspection has no front pads item');
    return pads.id;
  };
  const inspectionDraft = await asTech.inspections.create(forCustomer);
  const shared = await asTech.inspections.create(forCustomer);
  const sharedPads = padsOf(shared);
  await asTech.inspections.update({ id: shared.id, items: [{ id: sharedPads, status: 'urgent', measurement: 2, recommendation: 'Replace front brake pads', estimatedCost: '189.90' }] });
  const sharedPhoto = await storeUpload(db, tech.id, await picture(32, 24), 'pads.png');
  await asTech.inspections.attachPhoto({ id: shared.id, itemId: sharedPads, fileId: sharedPhoto.id });
  await asTech.inspections.complete({ id: shared.id, signature: 'Terry Tech' });
  const { link } = await asTech.inspections.share({ id: shared.id });
  const session = await asTech.diagnostics.create({
    ...forCustomer,
    source: 'adapter',
    adapter: 'ELM327 v1.5',
    protocol: 'ISO 15765-4 (CAN 11/500)',
    vin: VIN,
    milOn: true,
    voltage: 12.4,
    codes: [
      { code: 'P0420', status: 'stored' },
      { code: 'P0171', status: 'pending' },
    ],
    readiness: [{ key: 'catalyst', label: 'Catalyst', complete: false }],
    live: [{ key: 'rpm', label: 'Engine speed', value: 780, unit: 'rpm' }],
    freezeFrame: [{ key: 'coolant', label: 'Coolant temperature', value: 88, unit: '°C' }],
  });
  const ownSession = await asOwner.diagnostics.create({ vehicleId: vehicle.id, source: 'manual', codes: [{ code: 'P0455', status: 'stored' }] });
  const supplier = await asTech.parts.suppliers.create({ serviceCenterId: center.id, name: 'Contract Supply', contactName: 'Sam Supplier', email: 'sales@supply.example' });
  const part = await asTech.parts.create({
    serviceCenterId: center.id,
    partNumber: 'PAD-100',
    name: 'Front brake pads',
    brand: 'Akebono',
    category: 'Brakes',
    make: 'Toyota',
    model: 'Camry',
    yearFrom: 2018,
    yearTo: 2022,
    unitCostCents: 2_500,
    priceCents: 5_999,
    reorderPoint: 2,
  });
  await asTech.parts.move({ partId: part.id, kind: 'received', quantity: 3, supplierId: supplier.id });
  const workSupplier = await db.insertInto('suppliers').values({ service_center_id: workShop.id, name: 'Work Shop Supply' }).returning('id').executeTakeFirstOrThrow();

  return {
    users: { owner, other, tech },
    cookies: {
      owner: await signInCookie(app, owner.email),
      other: await signInCookie(app, other.email),
      tech: await signInCookie(app, tech.email),
    },
    vehicle,
    componentId: component.id,
    knowledgeTag,
    knowledgeItemId: item.id,
    inactiveKnowledgeItemId: inactiveItem.id,
    centerId: center.id,
    inactiveCenterId: inactive.id,
    editableCenterId: editable.id,
    inquiryId: inquiry.id,
    appointmentId: appointment.id,
    shopCustomerId,
    customerVehicleId: customerVehicle.id,
    avatarToDeleteId: toDelete.id,
    avatarInactiveId: inactiveAvatar.id,
    avatarActiveId: activeAvatar.id,
    techAvatarId: techAvatar.id,
    tokenId: token.id,
    otherTokenId: otherToken.id,
    garageId: garage.id,
    otherGarageId: otherGarage.id,
    spareVehicleId: spare.id,
    engineId: engine.id,
    recordId: record.id,
    recordToDeleteId: recordToDelete.id,
    fuelId: fuel.id,
    expenseId: expense.id,
    reminderId: (await asOwner.garage.reminders.create({ vehicleId: vehicle.id, title: 'Renew registration', dueDate: '2030-04-01', everyMonths: 12 })).id,
    reminderToDeleteId: (await asOwner.garage.reminders.create({ vehicleId: vehicle.id, title: 'Old reminder', dueMileage: 35_000 })).id,
    reminderToFinishId: (await asOwner.garage.reminders.create({ vehicleId: vehicle.id, title: 'Rotate tyres', dueMileage: 30_400, everyMiles: 6000 })).id,
    calendarToken: (await asOwner.calendar.create()).token,
    staffMemberId: staffMember.id,
    leaveCenterId: leaveCenter.id,
    inviteCenterId: inviteCenter.id,
    acceptCode: acceptInvite.code,
    revokeInviteId: revokeInvite.id,
    deletableKnowledgeItemId: deletableItem.id,
    shopId: shop.id,
    customerId: customer.id,
    workShopId: workShop.id,
    fileId: photo.id,
    fileToDeleteId: (await storeUpload(db, owner.id, TINY_PDF, 'old.pdf')).id,
    fileToAttachId: (await storeUpload(db, owner.id, TINY_PDF, 'invoice.pdf')).id,
    inspectionDraftId: inspectionDraft.id,
    draftPadsId: padsOf(inspectionDraft),
    sharedInspectionId: shared.id,
    sharedPadsId: sharedPads,
    sharedPhotoId: sharedPhoto.id,
    shareToken: link.slice(link.lastIndexOf('/') + 1),
    sessionId: session.id,
    ownSessionId: ownSession.id,
    scanId: (await asOwner.scans.create({ resolution: 'low', scanType: 'detail' })).id,
    scanReadyId: await scanWithPhotos(db, owner, 8),
    scanToDeleteId: await scanWithPhotos(db, owner, 2),
    modelId: await modelOf(db, owner),
    partId: part.id,
    supplierId: supplier.id,
    workSupplierId: workSupplier.id,
    ...(await contractOrders(db, tech, center.id, customerVehicle.id)),
    ...(await contractPurchaseOrders(db, tech, center.id, supplier.id, part.id)),
    unsubscribeToken: await unsubscribeToken(db, (await createUser(db)).id),
  };
}

// ---- The table -----------------------------------------------------------------------------

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Row<S extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** The route as registered (Fastify syntax), e.g. `/api/avatars/:id`. */
  route: string;
  /** The concrete URL (ids from the fixtures, query string); the route itself when omitted. */
  url?: string | ((fx: Fixtures) => string);
  as: Who;
  /** A JSON body (sent with a JSON content type). */
  body?: (fx: Fixtures) => unknown;
  /** Instead of a JSON body: one file sent as multipart/form-data (part `file`). */
  upload?: { content: Buffer; name: string; type: string };
  /** Instead of a JSON body: a CSV file as the body itself (text/csv). */
  csv?: string;
  status: number;
  /** Shape of a JSON success answer. */
  shape?: S;
  /** More about the answer: its content, headers, or (for non-JSON answers) its text. */
  check?(body: z.output<S>, fx: Fixtures, res: LightMyRequestResponse): void;
  /** The call ends or replaces the caller's session: sign in again afterwards. */
  renewsSession?: boolean;
  note?: string;
}

/** Keeps each row's `check` typed by its own `shape`. */
function row<S extends z.ZodType>(r: Row<S>): Row {
  return r;
}

/**
 * Statuses a JSON route cannot answer, each with the reason: the coverage check asks for no row of
 * them (and a row of one contradicts its entry).
 */
const NOT_APPLICABLE: ReadonlyMap<string, ReadonlyMap<number, string>> = new Map([
  ['GET /api/dtc/:code', new Map([[404, 'the parameter is a value, not a stored row: every well-formed code has an answer']])],
  // A public link reveals nothing about what exists: a malformed token or photo id answers 404 as
  // an unknown one does (rows below), and these paths read nothing else. Its PDF has a 400 (timeZone).
  ['GET /api/shared/inspections/:token', new Map([[400, 'a malformed token answers 404 like an unknown one, and nothing else is read']])],
  ['GET /api/shared/inspections/:token/photos/:fileId', new Map([[400, 'a malformed token or photo id answers 404 like an unknown one, and nothing else is read']])],
  ['GET /api/shared/inspections/:token/photos/:fileId/thumbnail', new Map([[400, 'a malformed token or photo id answers 404 like an unknown one, and nothing else is read']])],
]);

/**
 * Routes outside the JSON API: they keep a simple row each, but need no answer shape and no
 * error rows. Each entry says why it is exempt.
 */
const EXEMPT: ReadonlyMap<string, string> = new Map([
  ['GET /api/login', 'HTML sign-in page (or a 303 to / when signed in), for browsers'],
  ['GET /api/logout', 'browser navigation: ends the session and answers a 303 redirect to /'],
  ['GET /api/docs', 'HTML API reference page'],
  ['GET /api/email/unsubscribe', 'HTML page of an e-mail\'s unsubscribe link (400 page for a bad token: src/server/domains/email/email.test.ts)'],
  ['POST /api/email/unsubscribe', 'HTML page: the one-click unsubscribe of RFC 8058 and the page\'s button'],
  ['GET /api/openapi.json', 'the OpenAPI document itself, checked by tests/api/openapi.test.ts'],
]);

const avatarBody = (displayName: string) => ({ displayName, style: AVATAR_PRESETS[1]!.style, personality: 'casual', voice: 'text', tipsLevel: 'basic' });
const RANGE = 'from=2024-03-01&to=2024-03-31&timeZone=UTC';
const idsOf = (items: { id: string }[]) => items.map((item) => item.id);
const newEmail = uniqueEmail('contract-signup');
const signedUpShape = z.object({ message: z.string().min(1) }).strict();

const IMPORT_CSV = 'Date,Odometer,Description,Notes,Cost\r\n5/5/2025,29500,Contract import,"a, b",$12.00\r\nsomeday,29600,Bad day,,\r\n';
const importRowErrorShape = z.object({ row: z.number().int().min(2), column: maybeText, message: text }).strict();
const importPreviewShape = z
  .object({
    headers: z.array(text),
    mapping: z.record(z.string(), z.string().nullable()),
    distanceUnit: z.enum(['mi', 'km']),
    volumeUnit: z.enum(['gal', 'L']),
    rows: z.number().int(),
    valid: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    errors: z.array(importRowErrorShape),
    sample: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  })
  .strict() satisfies z.ZodType<ImportPreview>;
const importSummaryShape = z
  .object({ rows: z.number().int(), added: z.number().int(), duplicates: z.number().int(), invalid: z.number().int(), errors: z.array(importRowErrorShape) })
  .strict() satisfies z.ZodType<ImportSummary>;

const storedFileShape = z
  .object({
    id: uuid,
    name: z.string().min(1),
    contentType: z.enum(FILE_TYPES),
    size: z.number().int().positive(),
    width: z.number().int().positive().nullable(),
    height: z.number().int().positive().nullable(),
    hasThumbnail: z.boolean(),
    createdAt: when,
    mine: z.boolean(),
    analysis: z
      .object({
        sharpness: z.number().min(0),
        meanBrightness: z.number().min(0).max(255),
        darkShare: z.number().min(0).max(1),
        brightShare: z.number().min(0).max(1),
        verdict: z.enum(PHOTO_VERDICTS),
      })
      .strict()
      .nullable(),
  })
  .strict() satisfies z.ZodType<Wire<StoredFile>>;
const attachmentShape = storedFileShape.extend({ recordId: uuid, attachedAt: when }).strict();
const photoPageShape = z.object({ items: z.array(storedFileShape), nextCursor: text.nullable() }).strict();
const analysisShape = z
  .object({ id: uuid, name: z.string().min(1), width: z.number().int().positive().nullable(), height: z.number().int().positive().nullable(), size: z.number().int().positive(), analysis: storedFileShape.shape.analysis })
  .strict();

const inspectionSummaryFields = {
  id: uuid,
  vehicleId: uuid,
  vehicleLabel: text,
  status: z.enum(INSPECTION_STATUSES),
  serviceCenterId: uuid.nullable(),
  serviceCenterName: maybeText,
  customerName: maybeText,
  signedName: maybeText,
  mileage: z.number().int().min(0).nullable(),
  completedAt: when.nullable(),
  createdAt: when,
  counts: z.object({ good: z.number().int().min(0), attention: z.number().int().min(0), urgent: z.number().int().min(0) }).strict(),
  pendingDecisions: z.number().int().min(0),
};
const inspectionSummaryShape = z.object(inspectionSummaryFields).strict() satisfies z.ZodType<Wire<InspectionSummary>>;
const inspectionItemShape = z
  .object({
    id: uuid,
    componentId: uuid.nullable(),
    componentName: maybeText,
    name: text,
    unit: maybeText,
    status: z.enum(CONDITIONS).nullable(),
    measurement: z.number().nullable(),
    notes: maybeText,
    recommendation: maybeText,
    estimatedCost: money,
    decision: z.enum(DECISIONS).nullable(),
    decidedAt: when.nullable(),
    requestInquiryId: uuid.nullable(),
    photos: z.array(
      z
        .object({ id: uuid, itemId: uuid, name: z.string().min(1), width: z.number().int().positive().nullable(), height: z.number().int().positive().nullable(), hasThumbnail: z.boolean(), analysis: storedFileShape.shape.analysis })
        .strict(),
    ),
  })
  .strict();
const publicInspectionFields = { ...inspectionSummaryFields, notes: maybeText, sharedAt: when.nullable(), items: z.array(inspectionItemShape) };
const { serviceCenterId: _centerField, ...publicSummaryFields } = publicInspectionFields;
/** The public report: no one's ids, no shop id, nothing of what the caller may do. */
const publicInspectionShape = z.object(publicSummaryFields).strict() satisfies z.ZodType<Wire<PublicInspection>>;
const inspectionShape = z
  .object({ ...publicInspectionFields, customerVehicleId: uuid.nullable(), canEdit: z.boolean(), canShare: z.boolean(), canDecide: z.boolean(), hasLink: z.boolean() })
  .strict() satisfies z.ZodType<Wire<Inspection>>;
const sharedInspectionShape = z.object({ inspection: inspectionShape, link: z.string().regex(/^\/shared\/inspections\/[A-Za-z0-9_-]{43}$/) }).strict();
const itemOf = <T extends { id: string }>(inspection: { items: T[] }, id: string): T | undefined => inspection.items.find((item) => item.id === id);
const isPdf = (res: LightMyRequestResponse) => {
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
};

const sessionSummaryFields = {
  id: uuid,
  vehicleId: uuid,
  vehicleLabel: text,
  serviceCenterId: uuid.nullable(),
  serviceCenterName: maybeText,
  customerName: maybeText,
  ranBy: maybeText,
  source: z.enum(SESSION_SOURCES),
  milOn: z.boolean().nullable(),
  mileage: z.number().int().min(0).nullable(),
  codeCount: z.number().int().min(0),
  clearedAt: when.nullable(),
  createdAt: when,
};
const sessionSummaryShape = z.object(sessionSummaryFields).strict() satisfies z.ZodType<Wire<DiagnosticSessionSummary>>;
const readingShape = z.object({ key: text, label: text, value: z.number(), unit: text }).strict();
const sessionShape = z
  .object({
    ...sessionSummaryFields,
    adapter: maybeText,
    protocol: maybeText,
    vin: z.string().length(17).nullable(),
    voltage: z.number().nullable(),
    readiness: z.array(z.object({ key: text, label: text, complete: z.boolean() }).strict()),
    live: z.array(readingShape),
    freezeFrame: z.array(readingShape),
    notes: maybeText,
    codes: z.array(
      z
        .object({
          code: z.string().regex(/^[PCBU][0-3][0-9A-F]{3}$/),
          status: z.enum(CODE_STATUSES),
          title: z.string().min(1),
          severity: z.enum(DTC_SEVERITIES).nullable(),
          component: z.enum(Object.values(DTC_COMPONENT_LABELS) as [string, ...string[]]).nullable(),
        })
        .strict(),
    ),
    canEdit: z.boolean(),
  })
  .strict() satisfies z.ZodType<Wire<DiagnosticSession>>;
const scanPhotoShape = z
  .object({ id: uuid, ordinal: z.number().int(), clientKey: text, width: z.number().int(), height: z.number().int(), bytes: z.number().int(), focalPx: z.number().nullable(), focalSource: z.enum(['sensor', '35mm', 'fallback']), sharpness: z.number(), overlap: z.number().nullable(), createdAt: when })
  .strict();
const scanSummaryFields = {
  id: uuid,
  vehicleId: uuid.nullable(),
  componentId: uuid.nullable(),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  stage: z.enum(['queued', 'features', 'matching', 'poses', 'points', 'surface']).nullable(),
  progress: z.number(),
  failureReason: text.nullable(),
  resolution: z.enum(['high', 'medium', 'low']),
  scanType: z.enum(['full', 'surface', 'detail']),
  outputFormat: z.enum(['ply', 'stl', 'obj']),
  notes: text.nullable(),
  userRole: z.enum(['simple', 'tech']),
  guidanceUsed: z.boolean(),
  resultModelId: uuid.nullable(),
  createdAt: when,
  completedAt: when.nullable(),
};
const scanShape = z.object({ ...scanSummaryFields, photos: z.array(scanPhotoShape) }).strict();
const scanListShape = z.array(z.object({ ...scanSummaryFields, photoCount: z.number().int() }).strict());
const triple = z.tuple([z.number(), z.number(), z.number()]);
const modelShape = z
  .object({
    id: uuid,
    name: text,
    vehicleId: uuid.nullable(),
    componentId: uuid.nullable(),
    modelType: z.enum(['mesh', 'point-cloud']),
    pointCount: z.number().int(),
    faceCount: z.number().int(),
    dimensions: z.object({ size: triple, min: triple, max: triple }).strict().nullable(),
    scanSource: text.nullable(),
    scanTimestamp: when.nullable(),
    scanData: z.object({ photosTaken: z.number(), photosPlaced: z.number(), reprojectionErrorPx: z.number(), seconds: z.number() }).strict().nullable(),
    downloads: z.object({ ply: text, stl: text, obj: text }).strict(),
    mmPerUnit: z.number().positive().nullable(),
    referenceKind: z.enum(['engine', 'gearbox', 'battery', 'brake', 'strut', 'exhaust', 'motor']).nullable(),
    editable: z.boolean(),
    createdAt: when,
  })
  .strict();

const partShape = z
  .object({
    id: uuid,
    serviceCenterId: uuid,
    partNumber: z.string().regex(/^[A-Z0-9][A-Z0-9 ./#_+-]*$/),
    name: text,
    brand: maybeText,
    category: z.enum(PART_CATEGORIES),
    make: maybeText,
    model: maybeText,
    yearFrom: z.number().int().nullable(),
    yearTo: z.number().int().nullable(),
    engine: maybeText,
    unitCostCents: z.number().int().min(0),
    priceCents: z.number().int().min(0),
    reorderPoint: z.number().int().min(0),
    onHand: z.number().int(),
    status: z.enum(STOCK_LEVELS),
    notes: maybeText,
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<Part>>;
const partPageShape = z.object({ items: z.array(partShape), nextCursor: text.nullable() }).strict();
const partImportErrorShape = z.object({ row: z.number().int().min(2), field: z.enum(PART_IMPORT_FIELDS).nullable(), column: maybeText, message: text }).strict();
const partImportCountsShape = z.object({ new: z.number().int(), updates: z.number().int(), unchanged: z.number().int(), errors: z.number().int() }).strict();
const partImportPreviewShape = z
  .object({
    columns: z.partialRecord(z.enum(PART_IMPORT_FIELDS), text),
    ignored: z.array(text),
    rows: z.array(
      z
        .object({
          row: z.number().int().min(2),
          status: z.enum(PART_IMPORT_STATUSES),
          cells: z.object({ partNumber: text, name: text }).strict(),
          part: partShape.pick({ partNumber: true, name: true, brand: true, category: true, make: true, model: true, yearFrom: true, yearTo: true, engine: true, unitCostCents: true, priceCents: true, reorderPoint: true, notes: true }).nullable(),
          changed: z.array(z.enum(PART_IMPORT_FIELDS)),
          errors: z.array(partImportErrorShape),
        })
        .strict(),
    ),
    counts: partImportCountsShape,
  })
  .strict() satisfies z.ZodType<PartImportPreview>;
const partImportResultShape = z.object({ counts: partImportCountsShape, errors: z.array(partImportErrorShape) }).strict() satisfies z.ZodType<PartImportResult>;
/** PAD-100 at a new price, a new part, and a row without a name; a stock column the import does not read. */
const PARTS_CSV = 'Part #,Name,Retail,On hand\r\npad-100,Front brake pads,$64.99,50\r\nWIPER-22,"Wiper blade, 22 in",8,3\r\nBAD-1,,1.00,\r\n';
const orderSummaryShape = z
  .object({ id: uuid, serviceCenterId: uuid, shopName: text, number: z.number().int().min(1), status: z.enum(REPAIR_ORDER_STATUSES), customerName: text, vehicleLabel: text, totalCents: z.number().int().min(0), createdAt: when, updatedAt: when })
  .strict() satisfies z.ZodType<Wire<RepairOrderSummary>>;
const orderPageShape = z.object({ items: z.array(orderSummaryShape), nextCursor: text.nullable() }).strict();
const orderCents = z.number().int();
const orderShape = orderSummaryShape
  .extend({
    shop: z.object({ name: text, address: text, city: text, state: text, zipCode: maybeText, phone: maybeText, email: maybeText }).strict(),
    customerVehicleId: uuid.nullable(),
    vehicleId: uuid,
    customerUserId: uuid.nullable(),
    appointmentId: uuid.nullable(),
    inquiryId: uuid.nullable(),
    inspectionId: uuid.nullable(),
    mileage: z.number().int().nullable(),
    notes: maybeText,
    taxRateBp: z.number().int().min(0),
    lines: z.array(
      z
        .object({
          id: uuid,
          position: z.number().int(),
          kind: z.enum(LINE_KINDS),
          description: text,
          serviceType: maybeText,
          componentId: uuid.nullable(),
          componentName: maybeText,
          technicianId: uuid.nullable(),
          technicianName: maybeText,
          hoursHundredths: z.number().int().nullable(),
          rateCents: z.number().int().nullable(),
          partId: uuid.nullable(),
          partNumber: maybeText,
          quantity: z.number().int().nullable(),
          unitPriceCents: z.number().int().nullable(),
          amountCents: orderCents,
          taxable: z.boolean(),
          decision: z.enum(['approved', 'declined']).nullable(),
          workedHundredths: z.number().int().min(0),
          clockRunning: z.boolean(),
          onHand: z.number().int().nullable(),
        })
        .strict(),
    ),
    payments: z.array(z.object({ id: uuid, amountCents: orderCents, method: z.enum(PAYMENT_METHODS), reference: maybeText, receivedAt: when, receivedByName: maybeText }).strict()),
    totals: z.object({ laborCents: orderCents, partsCents: orderCents, feesCents: orderCents, discountCents: orderCents, subtotalCents: orderCents, taxableCents: orderCents, taxCents: orderCents, totalCents: orderCents }).strict(),
    paidCents: orderCents,
    balanceCents: orderCents,
    quotedHundredths: z.number().int().min(0),
    workedHundredths: z.number().int().min(0),
    sentAt: when.nullable(),
    decidedAt: when.nullable(),
    startedAt: when.nullable(),
    completedAt: when.nullable(),
    invoicedAt: when.nullable(),
    paidAt: when.nullable(),
    viewer: z.enum(['staff', 'customer']),
    canEdit: z.boolean(),
    transitions: z.array(z.enum(REPAIR_ORDER_STATUSES)),
  })
  .strict() satisfies z.ZodType<Wire<RepairOrder>>;
const vehiclePartsShape = z
  .object({
    items: z.array(partShape),
    total: z.number().int().min(0),
    categories: z.array(z.object({ category: z.enum(PART_CATEGORIES), count: z.number().int().min(1) }).strict()),
    limit: z.literal(VEHICLE_PARTS_LIMIT),
  })
  .strict() satisfies z.ZodType<Wire<VehicleParts>>;
const inventoryShape = z
  .object({
    items: z.array(partShape),
    nextCursor: text.nullable(),
    summary: z.object({ parts: z.number().int().min(0), lowStock: z.number().int().min(0), outOfStock: z.number().int().min(0), valueCents: z.number().int().min(0) }).strict(),
    allowBackorders: z.boolean(),
  })
  .strict() satisfies z.ZodType<Wire<InventoryPage>>;
const movementShape = z
  .object({
    id: uuid,
    partId: uuid,
    kind: z.enum(MOVEMENT_KINDS),
    quantity: z.number().int(),
    balance: z.number().int(),
    reason: maybeText,
    supplierId: uuid.nullable(),
    supplierName: maybeText,
    movedBy: maybeText,
    createdAt: when,
  })
  .strict() satisfies z.ZodType<Wire<StockMovement>>;
const moveResultShape = z.object({ part: partShape, movement: movementShape }).strict();
const supplierShape = z
  .object({
    id: uuid,
    serviceCenterId: uuid,
    name: text,
    contactName: maybeText,
    email: maybeText,
    phone: maybeText,
    status: z.enum(SUPPLIER_STATUSES),
    notes: maybeText,
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<Supplier>>;
const poCents = z.number().int().min(0);
const purchaseOrderSummaryShape = z
  .object({
    id: uuid,
    serviceCenterId: uuid,
    number: z.number().int().min(1),
    status: z.enum(PURCHASE_ORDER_STATUSES),
    supplierId: uuid,
    supplierName: text,
    lineCount: z.number().int().min(0),
    totals: z.object({ orderedCents: poCents, receivedCents: poCents, unitsOrdered: poCents, unitsReceived: poCents }).strict(),
    orderedAt: when.nullable(),
    receivedAt: when.nullable(),
    createdAt: when,
    updatedAt: when,
  })
  .strict() satisfies z.ZodType<Wire<PurchaseOrderSummary>>;
const purchaseOrderPageShape = z.object({ items: z.array(purchaseOrderSummaryShape), nextCursor: text.nullable() }).strict();
const purchaseOrderShape = purchaseOrderSummaryShape
  .extend({
    notes: maybeText,
    createdByName: maybeText,
    cancelledAt: when.nullable(),
    lines: z.array(
      z
        .object({
          id: uuid,
          partId: uuid,
          partNumber: text,
          partName: text,
          quantityOrdered: z.number().int().min(1),
          quantityReceived: poCents,
          unitCostCents: poCents,
          amountCents: poCents,
          onHand: z.number().int(),
        })
        .strict(),
    ),
    canEditLines: z.boolean(),
    canReceive: z.boolean(),
    transitions: z.array(z.enum(PURCHASE_ORDER_MOVES)),
  })
  .strict() satisfies z.ZodType<Wire<PurchaseOrder>>;
/** A request key of the receive rows: the second use receives nothing more. */
const RECEIPT_KEY = '3c9a6f21-84d0-4b7e-a5c2-6d1f0e9b8a47';

const CATALYST = { code: 'P0420', status: 'stored', title: 'Catalyst System Efficiency Below Threshold (Bank 1)', severity: 'warning', component: 'Exhaust' };

/** A photo for the upload rows; a well-formed public token no link has. */
const PHOTO = await picture(40, 30);
/** A sharp photo, as a scan takes them. */
const SCAN_PHOTO = await noisePhoto(11, 640, 480);
const UNKNOWN_TOKEN = 'A'.repeat(43);

const ROWS: Row[] = [
  // -- Account ------------------------------------------------------------------------------
  row({ method: 'GET', route: '/api/health', as: 'anonymous', status: 200, shape: z.object({ status: z.literal('ok') }).strict(), check: (_b, _fx, res) => expect(res.headers['cache-control']).toBe('no-store') }),
  row({ method: 'GET', route: '/api/health', as: 'owner', status: 200, shape: z.object({ status: z.literal('ok') }).strict() }),
  row({ method: 'GET', route: '/api/auth/user', as: 'owner', status: 200, shape: userShape, check: (u, fx) => expect(u.id).toBe(fx.users.owner.id) }),
  row({ method: 'GET', route: '/api/auth/user', as: 'tech', status: 200, shape: userShape, check: (u) => expect(u.role).toBe('tech') }),
  row({ method: 'GET', route: '/api/auth/user', as: 'anonymous', status: 401 }),

  row({ method: 'GET', route: '/api/login', as: 'anonymous', status: 200, check: (_b, _fx, res) => expect(res.headers['content-type']).toContain('text/html') }),
  row({ method: 'GET', route: '/api/login', as: 'owner', status: 303, note: 'already signed in', check: (_b, _fx, res) => expect(res.headers.location).toBe('/') }),

  row({
    method: 'POST',
    route: '/api/login',
    as: 'anonymous',
    body: (fx) => ({ email: fx.users.other.email, password: TEST_PASSWORD }),
    status: 200,
    shape: userShape,
    check: (u, fx, res) => {
      expect(u.id).toBe(fx.users.other.id);
      expect(res.cookies.some((c) => c.name === 'vt.sid' && c.httpOnly === true)).toBe(true);
    },
  }),
  row({ method: 'POST', route: '/api/login', as: 'anonymous', body: (fx) => ({ email: fx.users.other.email, password: 'wrong password' }), status: 401, check: (e) => expect(e).toMatchObject({ message: 'Invalid email or password' }) }),
  row({ method: 'POST', route: '/api/login', as: 'anonymous', body: () => ({ email: 'nobody@example.test' }), status: 400, note: 'no password' }),

  row({ method: 'POST', route: '/api/signup', as: 'anonymous', body: () => ({ email: newEmail, password: 'long enough pw', firstName: 'Ada' }), status: 201, shape: signedUpShape, check: (_b, _fx, res) => expect(res.cookies.some((c) => c.name === 'vt.sid' && c.httpOnly === true)).toBe(true) }),
  row({ method: 'POST', route: '/api/signup', as: 'anonymous', body: () => ({ email: newEmail, password: 'long enough pw' }), status: 201, shape: signedUpShape, note: 'email taken: the same answer, the account unchanged', check: (_b, _fx, res) => expect(res.cookies.some((c) => c.name === 'vt.sid')).toBe(true) }),
  row({ method: 'POST', route: '/api/signup', as: 'anonymous', body: () => ({ email: uniqueEmail('short'), password: 'short' }), status: 400, check: (e) => expect(e).toMatchObject({ issues: { fieldErrors: { password: ['Password must be at least 8 characters'] } } }) }),

  row({ method: 'PATCH', route: '/api/auth/user', as: 'other', body: () => ({ firstName: ' Grace ', lastName: 'Hopper' }), status: 200, shape: userShape, check: (u) => expect([u.firstName, u.lastName]).toEqual(['Grace', 'Hopper']) }),
  row({ method: 'PATCH', route: '/api/auth/user', as: 'other', body: () => ({ firstName: 'x'.repeat(101) }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'firstName: Names must be at most 100 characters' }) }),
  row({ method: 'PATCH', route: '/api/auth/user', as: 'other', body: () => ({ email: 'new@example.test' }), status: 400, note: 'only the names change here' }),
  row({ method: 'PATCH', route: '/api/auth/user', as: 'anonymous', body: () => ({ firstName: 'Ghost' }), status: 401 }),
  row({ method: 'POST', route: '/api/auth/password', as: 'other', body: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }), status: 204 }),
  row({ method: 'POST', route: '/api/auth/password', as: 'other', body: () => ({ currentPassword: 'not my password', newPassword: TEST_PASSWORD }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Current password is incorrect' }) }),
  row({ method: 'POST', route: '/api/auth/password', as: 'other', body: () => ({ currentPassword: TEST_PASSWORD }), status: 400, note: 'no new password' }),
  row({ method: 'POST', route: '/api/auth/password', as: 'anonymous', body: () => ({ currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }), status: 401 }),

  row({ method: 'GET', route: '/api/tokens', as: 'owner', status: 200, shape: z.array(tokenShape), check: (list, fx) => expect(idsOf(list)).toEqual(expect.arrayContaining([fx.tokenId, fx.otherTokenId])) }),
  row({ method: 'GET', route: '/api/tokens', as: 'other', status: 200, shape: z.array(tokenShape), check: (list, fx) => expect(idsOf(list)).not.toContain(fx.tokenId) }),
  row({ method: 'GET', route: '/api/tokens', as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/tokens', as: 'owner', body: () => ({ name: 'Workshop script' }), status: 201, shape: createdTokenShape, check: (t) => expect(t.token.startsWith(t.prefix)).toBe(true) }),
  row({ method: 'POST', route: '/api/tokens', as: 'owner', body: () => ({ name: '   ' }), status: 400 }),
  row({ method: 'POST', route: '/api/tokens', as: 'anonymous', body: () => ({ name: 'x' }), status: 401 }),
  row({ method: 'DELETE', route: '/api/tokens/:id', url: (fx) => `/api/tokens/${fx.tokenId}`, as: 'other', status: 404, note: "another user's token" }),
  row({ method: 'DELETE', route: '/api/tokens/:id', url: (fx) => `/api/tokens/${fx.tokenId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/tokens/:id', url: (fx) => `/api/tokens/${fx.tokenId}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/tokens/:id', url: (fx) => `/api/tokens/${fx.tokenId}`, as: 'owner', status: 404, note: 'already revoked' }),
  row({ method: 'DELETE', route: '/api/tokens/:id', url: `/api/tokens/${MISSING}`, as: 'owner', status: 404 }),
  row({ method: 'DELETE', route: '/api/tokens/:id', url: '/api/tokens/not-a-uuid', as: 'owner', status: 400 }),

  // -- Vehicles -----------------------------------------------------------------------------
  row({
    method: 'POST',
    route: '/api/vehicles/decode-vin',
    as: 'anonymous',
    body: () => ({ vin: ` ${VIN.toLowerCase()} ` }),
    status: 200,
    shape: identifiedShape,
    note: 'a stored VIN is answered from the database',
    check: (v, fx) => expect(v).toMatchObject({ id: fx.vehicle.id, vin: VIN, year: 2020, make: 'Toyota', model: 'Camry' }),
  }),
  row({ method: 'POST', route: '/api/vehicles/decode-vin', as: 'owner', body: () => ({ vin: VIN }), status: 200, shape: identifiedShape }),
  row({ method: 'POST', route: '/api/vehicles/decode-vin', as: 'anonymous', body: () => ({ vin: '1HGCM82633A00435' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Invalid VIN: VIN must be exactly 17 characters (got 16)' }) }),
  row({ method: 'POST', route: '/api/vehicles/decode-vin', as: 'anonymous', body: () => ({ vin: '1HGCM82633A00435O' }), status: 400, note: 'letter O' }),
  row({ method: 'POST', route: '/api/vehicles/decode-vin', as: 'anonymous', body: () => ({}), status: 400, note: 'no VIN' }),

  row({ method: 'GET', route: '/api/vehicles/search', url: '/api/vehicles/search?year=2020&make=toyota&model=CAMRY', as: 'anonymous', status: 200, shape: z.array(vehicleShape), check: (list, fx) => expect(idsOf(list)).toContain(fx.vehicle.id) }),
  row({ method: 'GET', route: '/api/vehicles/search', url: '/api/vehicles/search?year=2019&make=Toyota&model=Camry', as: 'owner', status: 200, shape: z.array(vehicleShape), check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/vehicles/search', url: '/api/vehicles/search?make=Toyota&model=Camry', as: 'anonymous', status: 400, check: (e) => expect(e).toMatchObject({ message: 'Year is required' }) }),
  row({ method: 'GET', route: '/api/vehicles/search', url: '/api/vehicles/search?year=abc&make=Toyota&model=Camry', as: 'anonymous', status: 400 }),

  row({ method: 'GET', route: '/api/vehicles/:id', url: (fx) => `/api/vehicles/${fx.vehicle.id}`, as: 'anonymous', status: 200, shape: vehicleShape, check: (v, fx) => expect(v).toMatchObject({ id: fx.vehicle.id, vin: VIN }) }),
  row({ method: 'GET', route: '/api/vehicles/:id', url: `/api/vehicles/${MISSING}`, as: 'owner', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'GET', route: '/api/vehicles/:id', url: '/api/vehicles/42', as: 'anonymous', status: 400 }),

  row({
    method: 'GET',
    route: '/api/vehicles/:id/components',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/components`,
    as: 'anonymous',
    status: 200,
    shape: z.array(componentShape).min(5),
    check: (list, fx) => {
      expect(list.map((c) => c.name)).toEqual(expect.arrayContaining(['Engine', 'Transmission', 'Battery', 'Brakes', 'Suspension', 'Exhaust']));
      expect(list.every((c) => c.vehicleId === fx.vehicle.id)).toBe(true);
    },
  }),
  row({ method: 'GET', route: '/api/vehicles/:id/components', url: `/api/vehicles/${MISSING}/components`, as: 'anonymous', status: 404 }),
  row({ method: 'GET', route: '/api/vehicles/:id/components', url: '/api/vehicles/42/components', as: 'anonymous', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:id/videos', url: (fx) => `/api/vehicles/${fx.vehicle.id}/videos`, as: 'owner', status: 200, shape: z.array(videoShape).min(1) }),
  row({ method: 'GET', route: '/api/vehicles/:id/videos', url: `/api/vehicles/${MISSING}/videos`, as: 'anonymous', status: 404 }),
  row({ method: 'GET', route: '/api/vehicles/:id/videos', url: '/api/vehicles/not-a-uuid/videos', as: 'anonymous', status: 400 }),

  // -- Trouble codes ------------------------------------------------------------------------
  row({ method: 'GET', route: '/api/dtc/:code', url: '/api/dtc/P0420', as: 'anonymous', status: 200, shape: dtcEntryShape, check: (e) => expect(e).toMatchObject({ code: 'P0420', title: 'Catalyst System Efficiency Below Threshold (Bank 1)', severity: 'warning', inCatalogue: true }) }),
  row({ method: 'GET', route: '/api/dtc/:code', url: '/api/dtc/p0301', as: 'owner', status: 200, shape: dtcEntryShape, note: 'typed in lower case', check: (e) => expect(e).toMatchObject({ code: 'P0301', inCatalogue: true }) }),
  row({ method: 'GET', route: '/api/dtc/:code', url: '/api/dtc/P1234', as: 'anonymous', status: 200, shape: dtcEntryShape, note: 'well-formed, not in the catalogue', check: (e) => expect(e).toMatchObject({ inCatalogue: false, structure: { system: 'Powertrain', generic: false } }) }),
  row({ method: 'GET', route: '/api/dtc/:code', url: '/api/dtc/P042', as: 'anonymous', status: 400, check: (e) => expect(e).toMatchObject({ message: 'A trouble code is a letter P, C, B or U followed by four characters, e.g. P0420' }) }),
  row({ method: 'GET', route: '/api/dtc/:code', url: '/api/dtc/X0420', as: 'tech', status: 400, note: 'unknown system letter' }),
  row({ method: 'GET', route: '/api/dtc', url: '/api/dtc?q=catalyst', as: 'anonymous', status: 200, shape: dtcSearchShape, check: (page) => expect(page.items.slice(0, 4).map((i) => i.code).sort()).toEqual(['P0420', 'P0421', 'P0430', 'P0431']) }),
  row({ method: 'GET', route: '/api/dtc', url: '/api/dtc?q=sensor&limit=50&offset=50', as: 'owner', status: 200, shape: dtcSearchShape, check: (page) => expect([page.items.length, page.offset, page.total > 100]).toEqual([50, 50, true]) }),
  row({ method: 'GET', route: '/api/dtc', url: '/api/dtc?q=sensor&limit=51', as: 'anonymous', status: 400, note: 'more than 50 a page' }),
  row({ method: 'GET', route: '/api/dtc', url: '/api/dtc', as: 'anonymous', status: 400, check: (e) => expect(e).toMatchObject({ message: 'q: Type a code or a few words' }) }),

  // -- Knowledge ----------------------------------------------------------------------------
  row({
    method: 'GET',
    route: '/api/knowledge/search',
    url: (fx) => `/api/knowledge/search?tags=${fx.knowledgeTag},unused&audience=simple&priority=`,
    as: 'anonymous',
    status: 200,
    shape: z.array(knowledgeItemShape),
    check: (list, _fx, res) => {
      expect(list.map((i) => i.title)).toEqual(['Contract fixture item']);
      expect(res.headers['x-total-count']).toBe('1');
    },
  }),
  row({ method: 'GET', route: '/api/knowledge/search', url: '/api/knowledge/search?q=brake', as: 'tech', status: 200, shape: z.array(knowledgeItemShape) }),
  row({ method: 'GET', route: '/api/knowledge/search', url: '/api/knowledge/search?priority=urgent', as: 'anonymous', status: 400 }),
  row({ method: 'GET', route: '/api/knowledge/search', url: '/api/knowledge/search?limit=500', as: 'anonymous', status: 400 }),
  row({ method: 'GET', route: '/api/knowledge/tips', url: '/api/knowledge/tips?pageContext=home&role=simple', as: 'anonymous', status: 200, shape: z.array(tipShape).max(3) }),
  row({ method: 'GET', route: '/api/knowledge/tips', url: '/api/knowledge/tips?pageContext=nowhere&role=simple', as: 'anonymous', status: 400 }),
  row({ method: 'GET', route: '/api/knowledge/tips', url: '/api/knowledge/tips', as: 'owner', status: 400, note: 'no parameters' }),

  row({ method: 'GET', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.knowledgeItemId}`, as: 'anonymous', status: 200, shape: knowledgeItemShape, check: (i, fx) => expect(i).toMatchObject({ id: fx.knowledgeItemId, kind: 'article', isActive: true }) }),
  row({ method: 'GET', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.inactiveKnowledgeItemId}`, as: 'tech', status: 404, note: 'inactive items are not served' }),
  row({ method: 'GET', route: '/api/knowledge/:id', url: `/api/knowledge/${MISSING}`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/knowledge/:id', url: '/api/knowledge/not-an-id', as: 'anonymous', status: 400 }),

  row({
    method: 'POST',
    route: '/api/knowledge',
    as: 'tech',
    body: () => ({ title: '  Bleeding the brakes ', body: 'Two-person method, rear right first.', kind: 'procedure', audience: 'tech', priority: 'high', tags: ['Brakes'], steps: ['Lift the car', 'Open the bleeder'] }),
    status: 201,
    shape: knowledgeItemShape,
    check: (i) => expect(i).toMatchObject({ title: 'Bleeding the brakes', kind: 'procedure', audience: 'tech', tags: ['brakes'], steps: ['Lift the car', 'Open the bleeder'], isActive: true }),
  }),
  row({ method: 'POST', route: '/api/knowledge', as: 'tech', body: () => ({ title: 'ab', body: 'Long enough body text.' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Title must be at least 3 characters' }) }),
  row({ method: 'POST', route: '/api/knowledge', as: 'tech', body: () => ({ title: 'Valid title', body: 'Long enough body text.', isActive: false }), status: 400, note: 'unknown field' }),
  row({ method: 'POST', route: '/api/knowledge', as: 'owner', body: () => ({ title: 'Owner note', body: 'Owners do not write here.' }), status: 403 }),
  row({ method: 'POST', route: '/api/knowledge', as: 'anonymous', body: () => ({ title: 'Visitor note', body: 'Visitors do not write here.' }), status: 401 }),

  row({ method: 'PATCH', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.knowledgeItemId}`, as: 'tech', body: () => ({ priority: 'critical', kind: 'faq' }), status: 200, shape: knowledgeItemShape, check: (i) => expect(i).toMatchObject({ priority: 'critical', kind: 'faq', title: 'Contract fixture item' }) }),
  row({ method: 'PATCH', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.knowledgeItemId}`, as: 'tech', body: () => ({ kind: 'novel' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/knowledge/:id', url: `/api/knowledge/${MISSING}`, as: 'tech', body: () => ({ priority: 'low' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.inactiveKnowledgeItemId}`, as: 'tech', body: () => ({ priority: 'low' }), status: 404, note: 'inactive item' }),
  row({ method: 'PATCH', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.knowledgeItemId}`, as: 'owner', body: () => ({ priority: 'low' }), status: 403 }),
  row({ method: 'PATCH', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.knowledgeItemId}`, as: 'anonymous', body: () => ({ priority: 'low' }), status: 401 }),

  // -- Service centers ----------------------------------------------------------------------
  row({
    method: 'GET',
    route: '/api/service-centers',
    as: 'anonymous',
    status: 200,
    shape: z.array(centerShape),
    note: 'active ones only',
    check: (list, fx) => {
      expect(idsOf(list)).toContain(fx.centerId);
      expect(idsOf(list)).not.toContain(fx.inactiveCenterId);
    },
  }),
  row({ method: 'GET', route: '/api/service-centers', as: 'tech', status: 200, shape: z.array(centerShape), check: (list, fx) => expect(idsOf(list)).toContain(fx.inactiveCenterId) }),
  row({ method: 'GET', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.centerId}`, as: 'anonymous', status: 200, shape: centerShape, check: (c) => expect(c).toMatchObject({ name: 'Contract Garage', isActive: true }) }),
  row({ method: 'GET', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.inactiveCenterId}`, as: 'owner', status: 200, shape: centerShape, check: (c) => expect(c.isActive).toBe(false) }),
  row({ method: 'GET', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.inactiveCenterId}`, as: 'anonymous', status: 404, note: 'inactive is hidden from visitors' }),
  row({ method: 'GET', route: '/api/service-centers/:id', url: `/api/service-centers/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/service-centers/:id', url: '/api/service-centers/not-a-uuid', as: 'anonymous', status: 400 }),

  row({
    method: 'POST',
    route: '/api/service-centers',
    as: 'tech',
    body: () => ({ name: 'New Garage', address: '9 Elm St', city: 'Ogdenville', state: 'IL', zipCode: '62704', services: ['Brakes'], operatingHours: '{"Monday": "8-17"}' }),
    status: 201,
    shape: centerShape,
    check: (c, fx) => expect(c).toMatchObject({ name: 'New Garage', zipCode: '62704', services: ['Brakes'], operatingHours: { Monday: '8-17' }, isActive: true, managerId: fx.users.tech.id }),
  }),
  row({ method: 'POST', route: '/api/service-centers', as: 'tech', body: () => ({ name: 'No Address' }), status: 400, check: (e) => expect(e).toMatchObject({ issues: { fieldErrors: { address: ['Address is required'] } } }) }),
  row({ method: 'POST', route: '/api/service-centers', as: 'tech', body: () => ({ name: 'Bad Zip', address: 'a', city: 'b', state: 'c', zipCode: 'abc' }), status: 400 }),
  row({ method: 'POST', route: '/api/service-centers', as: 'owner', body: () => ({ name: 'Mine', address: 'a', city: 'b', state: 'c' }), status: 201, shape: centerShape, note: 'any signed-in user registers a shop', check: (c, fx) => expect(c.managerId).toBe(fx.users.owner.id) }),
  row({ method: 'POST', route: '/api/service-centers', as: 'anonymous', body: () => ({ name: 'Mine', address: 'a', city: 'b', state: 'c' }), status: 401 }),

  row({ method: 'PATCH', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'tech', body: () => ({ phone: '(555) 010-2000', website: '' }), status: 200, shape: centerShape, check: (c) => expect(c).toMatchObject({ phone: '(555) 010-2000', website: null, name: 'Editable Garage' }) }),
  row({ method: 'PATCH', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'tech', body: () => ({ website: 'javascript:alert(1)' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'tech', body: () => ({ managerId: MISSING }), status: 400, note: 'unknown field' }),
  row({ method: 'PATCH', route: '/api/service-centers/:id', url: `/api/service-centers/${MISSING}`, as: 'tech', body: () => ({ name: 'Ghost' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'owner', body: () => ({ name: 'Mine now' }), status: 404, note: 'not staff of that center' }),
  row({ method: 'PATCH', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'anonymous', body: () => ({ name: 'Mine now' }), status: 401 }),

  row({ method: 'DELETE', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'owner', status: 404, note: 'not staff of that center' }),
  row({ method: 'DELETE', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'tech', status: 204 }),
  row({ method: 'GET', route: '/api/service-centers/:id', url: (fx) => `/api/service-centers/${fx.editableCenterId}`, as: 'tech', status: 200, shape: centerShape, note: 'delete deactivates', check: (c) => expect(c.isActive).toBe(false) }),
  row({ method: 'DELETE', route: '/api/service-centers/:id', url: `/api/service-centers/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'DELETE', route: '/api/service-centers/:id', url: '/api/service-centers/1', as: 'tech', status: 400 }),

  // -- Knowledge: taking an item out ------------------------------------------------------------
  row({ method: 'DELETE', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.deletableKnowledgeItemId}`, as: 'owner', status: 403, note: 'not staff, not the author' }),
  row({ method: 'DELETE', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.deletableKnowledgeItemId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/knowledge/:id', url: '/api/knowledge/not-an-id', as: 'tech', status: 400 }),
  row({ method: 'DELETE', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.deletableKnowledgeItemId}`, as: 'tech', status: 204, note: 'its author, staff of a shop' }),
  row({ method: 'DELETE', route: '/api/knowledge/:id', url: (fx) => `/api/knowledge/${fx.deletableKnowledgeItemId}`, as: 'tech', status: 404, note: 'already taken out' }),

  // -- Shops: staff and invitations -------------------------------------------------------------
  row({ method: 'POST', route: '/api/shops', as: 'other', body: () => ({ name: 'Other Garage', address: '9 Side St', city: 'Ogdenville', state: 'IL' }), status: 201, shape: centerShape, check: (c, fx) => expect(c.managerId).toBe(fx.users.other.id) }),
  row({ method: 'POST', route: '/api/shops', as: 'other', body: () => ({ name: 'No City', address: '9 Side St', state: 'IL' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'City is required' }) }),
  row({ method: 'POST', route: '/api/shops', as: 'anonymous', body: () => ({ name: 'Ghost Garage', address: 'a', city: 'b', state: 'c' }), status: 401 }),

  row({ method: 'GET', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'tech', status: 200, shape: z.array(staffShape), check: (list, fx) => expect(list.map((m) => [m.userId, m.role])).toEqual([[fx.users.tech.id, 'owner'], [fx.staffMemberId, 'technician']]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'owner', status: 404, note: 'not staff' }),
  row({ method: 'GET', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/shops/:centerId/staff', url: '/api/shops/not-a-uuid/staff', as: 'tech', status: 400 }),

  row({ method: 'POST', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'tech', body: () => ({ role: 'technician', email: 'New.Tech@Example.test' }), status: 201, shape: createdInviteShape, check: (i) => expect(i).toMatchObject({ role: 'technician', email: 'new.tech@example.test', emailed: false }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'tech', body: () => ({ role: 'boss' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Role must be one of: owner, manager, technician' }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'owner', body: () => ({ role: 'technician' }), status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/staff', url: (fx) => `/api/shops/${fx.centerId}/staff`, as: 'anonymous', body: () => ({ role: 'technician' }), status: 401 }),

  row({ method: 'PATCH', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'tech', body: () => ({ role: 'manager' }), status: 200, shape: staffShape, check: (m, fx) => expect(m).toMatchObject({ userId: fx.staffMemberId, role: 'manager' }) }),
  row({ method: 'PATCH', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.users.tech.id}`, as: 'tech', body: () => ({ role: 'technician' }), status: 409, check: (e) => expect(e).toMatchObject({ message: 'A shop needs at least one owner: make another member an owner first.' }) }),
  row({ method: 'PATCH', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'tech', body: () => ({ role: 'chief' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${MISSING}`, as: 'tech', body: () => ({ role: 'manager' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Staff member not found' }) }),
  row({ method: 'PATCH', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'other', body: () => ({ role: 'owner' }), status: 404, note: 'not staff' }),
  row({ method: 'PATCH', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'anonymous', body: () => ({ role: 'owner' }), status: 401 }),

  row({ method: 'GET', route: '/api/shops/:centerId/invites', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites`, as: 'tech', status: 200, shape: z.array(pendingInviteShape), check: (list, fx) => expect(idsOf(list)).toContain(fx.revokeInviteId) }),
  row({ method: 'GET', route: '/api/shops/:centerId/invites', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/invites', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites`, as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/shops/:centerId/invites', url: '/api/shops/1/invites', as: 'tech', status: 400 }),

  row({ method: 'DELETE', route: '/api/shops/:centerId/invites/:inviteId', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites/${fx.revokeInviteId}`, as: 'owner', status: 404 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/invites/:inviteId', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites/${fx.revokeInviteId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/invites/:inviteId', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites/not-an-id`, as: 'tech', status: 400 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/invites/:inviteId', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites/${fx.revokeInviteId}`, as: 'tech', status: 204 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/invites/:inviteId', url: (fx) => `/api/shops/${fx.inviteCenterId}/invites/${fx.revokeInviteId}`, as: 'tech', status: 404, note: 'already withdrawn' }),

  row({ method: 'GET', route: '/api/invites/:code', url: (fx) => `/api/invites/${fx.acceptCode}`, as: 'anonymous', status: 200, shape: invitePreviewShape, check: (p) => expect(p).toMatchObject({ state: 'open', shopName: 'Hiring Garage', city: 'Springfield', role: 'technician' }) }),
  row({ method: 'GET', route: '/api/invites/:code', url: `/api/invites/${'x'.repeat(43)}`, as: 'anonymous', status: 404, check: (e) => expect(e).toMatchObject({ message: 'This invitation is not valid. Check that the link was copied completely.' }) }),
  row({ method: 'GET', route: '/api/invites/:code', url: '/api/invites/short', as: 'anonymous', status: 400, check: (e) => expect(JSON.stringify(e)).toContain('This invitation is not valid') }),

  row({ method: 'POST', route: '/api/invites/:code/accept', url: (fx) => `/api/invites/${fx.acceptCode}/accept`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/invites/:code/accept', url: '/api/invites/short/accept', as: 'other', status: 400 }),
  row({ method: 'POST', route: '/api/invites/:code/accept', url: `/api/invites/${'y'.repeat(43)}/accept`, as: 'other', status: 404 }),
  row({ method: 'POST', route: '/api/invites/:code/accept', url: (fx) => `/api/invites/${fx.acceptCode}/accept`, as: 'other', status: 200, shape: acceptedInviteShape, check: (a, fx) => expect(a).toEqual({ serviceCenterId: fx.inviteCenterId, shopName: 'Hiring Garage', role: 'technician' }) }),
  row({ method: 'POST', route: '/api/invites/:code/accept', url: (fx) => `/api/invites/${fx.acceptCode}/accept`, as: 'owner', status: 409, check: (e) => expect(e).toMatchObject({ message: 'This invitation was already used.' }) }),

  row({ method: 'DELETE', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'owner', status: 404 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/x`, as: 'tech', status: 400 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'tech', status: 204 }),
  row({ method: 'DELETE', route: '/api/shops/:centerId/staff/:userId', url: (fx) => `/api/shops/${fx.centerId}/staff/${fx.staffMemberId}`, as: 'tech', status: 404, note: 'already removed' }),

  row({ method: 'POST', route: '/api/shops/:centerId/leave', url: (fx) => `/api/shops/${fx.centerId}/leave`, as: 'tech', status: 409, note: 'the last owner' }),
  row({ method: 'POST', route: '/api/shops/:centerId/leave', url: (fx) => `/api/shops/${fx.leaveCenterId}/leave`, as: 'owner', status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/leave', url: (fx) => `/api/shops/${fx.leaveCenterId}/leave`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/shops/:centerId/leave', url: '/api/shops/nope/leave', as: 'tech', status: 400 }),
  row({ method: 'POST', route: '/api/shops/:centerId/leave', url: (fx) => `/api/shops/${fx.leaveCenterId}/leave`, as: 'tech', status: 204, note: 'another owner remains' }),
  // -- Customers and audit ------------------------------------------------------------------
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'tech', status: 200, shape: customerPageShape, check: (page, fx) => expect(page.items).toEqual([expect.objectContaining({ id: fx.customerId, vehicleCount: 1, linked: false })]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers?search=ADA.CONTRACT&tag=Fleet&limit=5`, as: 'tech', status: 200, shape: customerPageShape, check: (page, fx) => expect(idsOf(page.items)).toEqual([fx.customerId]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers?search=nobody`, as: 'tech', status: 200, shape: customerPageShape, check: (page) => expect(page).toEqual({ items: [], nextCursor: null }) }),
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers?limit=101`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'owner', status: 404, note: 'not staff of the shop' }),
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: `/api/shops/${MISSING}/customers`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'tech', body: () => ({ name: 'Bea Contract', phone: '(217) 555-0101' }), status: 201, shape: customerShape, check: (c, fx) => expect(c).toMatchObject({ serviceCenterId: fx.shopId, name: 'Bea Contract', tags: [], linked: false }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'tech', body: () => ({ name: 'Linked?', userId: MISSING }), status: 400, note: 'staff cannot link an account' }),
  row({ method: 'POST', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.workShopId}/customers`, as: 'tech', body: () => ({ name: 'Not mine to add' }), status: 403, note: 'a technician of that shop' }),
  row({ method: 'POST', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'owner', body: () => ({ name: 'Intruder' }), status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/customers', url: (fx) => `/api/shops/${fx.shopId}/customers`, as: 'anonymous', body: () => ({ name: 'Intruder' }), status: 401 }),
  row({ method: 'GET', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'tech', status: 200, shape: customerDetailShape, check: (d, fx) => expect(d.vehicles).toEqual([expect.objectContaining({ plate: 'CT 1', odometer: 30_000, vehicle: expect.objectContaining({ id: fx.vehicle.id }) })]) }),
  row({ method: 'GET', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'owner', status: 404, note: "another shop's customer" }),
  row({ method: 'GET', route: '/api/customers/:id', url: `/api/customers/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/customers/:id', url: '/api/customers/nope', as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'anonymous', status: 401 }),
  row({ method: 'PATCH', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'tech', body: () => ({ notes: 'Prefers e-mail', email: null }), status: 200, shape: customerShape, check: (c) => expect(c).toMatchObject({ notes: 'Prefers e-mail', email: null, name: 'Ada Contract' }) }),
  row({ method: 'PATCH', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'tech', body: () => ({ name: '' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Name is required' }) }),
  row({ method: 'PATCH', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'owner', body: () => ({ notes: 'x' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/customers/:id', url: (fx) => `/api/customers/${fx.customerId}`, as: 'anonymous', body: () => ({ notes: 'x' }), status: 401 }),
  row({ method: 'GET', route: '/api/shops/:centerId/audit', url: (fx) => `/api/shops/${fx.shopId}/audit?entity=customer`, as: 'tech', status: 200, shape: auditPageShape, check: (page, fx) => expect(page.items.some((e) => e.entityId === fx.customerId && e.actor?.id === fx.users.tech.id)).toBe(true) }),
  row({ method: 'GET', route: '/api/shops/:centerId/audit', url: (fx) => `/api/shops/${fx.shopId}/audit?entity=everything`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/shops/:centerId/audit', url: (fx) => `/api/shops/${fx.workShopId}/audit`, as: 'tech', status: 403, note: 'a technician of that shop' }),
  row({ method: 'GET', route: '/api/shops/:centerId/audit', url: (fx) => `/api/shops/${fx.shopId}/audit`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/audit', url: (fx) => `/api/shops/${fx.shopId}/audit`, as: 'anonymous', status: 401 }),

  // -- Customer inquiries -------------------------------------------------------------------
  row({
    method: 'GET',
    route: '/api/customer-inquiries',
    as: 'owner',
    status: 200,
    shape: z.array(inquiryShape),
    check: (list, fx) => {
      expect(idsOf(list)).toContain(fx.inquiryId);
      expect(list.every((i) => i.customerId === fx.users.owner.id)).toBe(true);
    },
  }),
  row({ method: 'GET', route: '/api/customer-inquiries', as: 'other', status: 200, shape: z.array(inquiryShape), check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/customer-inquiries', as: 'tech', status: 200, shape: z.array(inquiryShape), check: (list, fx) => expect(idsOf(list)).toContain(fx.inquiryId) }),
  row({ method: 'GET', route: '/api/customer-inquiries', as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/customer-inquiries', url: '/api/customer-inquiries?mine=yes', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'mine must be true or false' }) }),
  row({ method: 'GET', route: '/api/customer-inquiries', url: (fx) => `/api/customer-inquiries?serviceCenterId=${fx.centerId}`, as: 'owner', status: 404, note: 'not staff of that shop' }),
  row({ method: 'GET', route: '/api/customer-inquiries', url: (fx) => `/api/customer-inquiries?mine=true`, as: 'tech', status: 200, shape: z.array(inquiryShape), check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'owner', status: 200, shape: inquiryShape, check: (i) => expect(i).toMatchObject({ subject: 'Brake noise', status: 'open', priority: 'medium' }) }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'tech', status: 200, shape: inquiryShape }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'other', status: 404, note: "another customer's inquiry" }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id', url: `/api/customer-inquiries/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id', url: '/api/customer-inquiries/nope', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'anonymous', status: 401 }),

  row({
    method: 'POST',
    route: '/api/customer-inquiries',
    as: 'owner',
    body: (fx) => ({ inquiryType: 'quote', subject: 'Tyres', description: 'Four winter tyres', priority: 'high', status: 'open', serviceCenterId: fx.centerId, vehicleId: fx.vehicle.id }),
    status: 201,
    shape: inquiryShape,
    check: (i, fx) => expect(i).toMatchObject({ customerId: fx.users.owner.id, status: 'open', priority: 'high', serviceCenterId: fx.centerId }),
  }),
  row({ method: 'POST', route: '/api/customer-inquiries', as: 'owner', body: (fx) => ({ inquiryType: 'service', subject: 'x', description: 'y', status: 'closed', serviceCenterId: fx.centerId }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'status: New inquiries start open' }) }),
  row({ method: 'POST', route: '/api/customer-inquiries', as: 'owner', body: () => ({ inquiryType: 'service', subject: '', description: 'y' }), status: 400 }),
  row({ method: 'POST', route: '/api/customer-inquiries', as: 'owner', body: (fx) => ({ inquiryType: 'service', subject: 'x', description: 'y', serviceCenterId: fx.inactiveCenterId }), status: 400, note: 'inactive center' }),
  row({ method: 'POST', route: '/api/customer-inquiries', as: 'owner', body: () => ({ inquiryType: 'service', subject: 'x', description: 'y' }), status: 400, note: 'no service center' }),
  row({ method: 'POST', route: '/api/customer-inquiries', as: 'anonymous', body: () => ({ inquiryType: 'service', subject: 'x', description: 'y' }), status: 401 }),

  row({ method: 'PATCH', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'tech', body: () => ({ status: 'in_progress' }), status: 200, shape: inquiryShape, check: (i, fx) => expect(i).toMatchObject({ id: fx.inquiryId, status: 'in_progress' }) }),
  row({ method: 'PATCH', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'tech', body: () => ({ status: 'in_progress', subject: 'changed' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Only the status of an inquiry can be changed' }) }),
  row({ method: 'PATCH', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'tech', body: () => ({ status: 'done' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/customer-inquiries/:id', url: `/api/customer-inquiries/${MISSING}`, as: 'tech', body: () => ({ status: 'closed' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'owner', body: () => ({ status: 'closed' }), status: 404, note: 'status changes are for the shop\'s staff' }),
  row({ method: 'PATCH', route: '/api/customer-inquiries/:id', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}`, as: 'anonymous', body: () => ({ status: 'closed' }), status: 401 }),

  // The thread: the customer and the shop's staff; the server decides the side.
  row({ method: 'POST', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'owner', body: () => ({ body: 'When can I come in?' }), status: 201, shape: messageShape, check: (m) => expect(m).toMatchObject({ fromStaff: false, mine: true, body: 'When can I come in?' }) }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'tech', body: () => ({ body: 'Monday at nine.' }), status: 201, shape: messageShape, check: (m) => expect(m).toMatchObject({ fromStaff: true }) }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'owner', body: () => ({ body: '   ' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'body: Message is required' }) }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'other', body: () => ({ body: 'Hello' }), status: 404, note: "another customer's inquiry" }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/messages', url: `/api/customer-inquiries/${MISSING}/messages`, as: 'owner', body: () => ({ body: 'Hello' }), status: 404 }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'anonymous', body: () => ({ body: 'Hello' }), status: 401 }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'owner', status: 200, shape: threadShape, check: (t) => expect(t.messages.map((m) => m.body)).toEqual(['When can I come in?', 'Monday at nine.']) }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages?limit=500`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/customer-inquiries/:id/messages', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/messages`, as: 'anonymous', status: 401 }),

  // Notifications: the tech's reply above told the owner.
  row({ method: 'GET', route: '/api/notifications', as: 'owner', status: 200, shape: notificationPageShape, check: (p) => expect(p.items.map((n) => n.kind)).toContain('inquiry_reply') }),
  row({ method: 'GET', route: '/api/notifications', as: 'other', status: 200, shape: notificationPageShape, check: (p) => expect(p.items).toEqual([]) }),
  row({ method: 'GET', route: '/api/notifications', url: '/api/notifications?limit=0', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/notifications', as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/notifications/unread-count', as: 'owner', status: 200, shape: z.object({ count: z.number() }).strict(), check: (c) => expect(c.count).toBeGreaterThan(0) }),
  row({ method: 'GET', route: '/api/notifications/unread-count', as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/notifications/read', as: 'owner', body: () => ({ id: MISSING }), status: 404, note: 'not one of yours' }),
  row({ method: 'POST', route: '/api/notifications/read', as: 'owner', body: () => ({ all: 'yes' }), status: 400 }),
  row({ method: 'POST', route: '/api/notifications/read', as: 'anonymous', body: () => ({ all: true }), status: 401 }),
  row({ method: 'POST', route: '/api/notifications/read', as: 'owner', body: () => ({ all: true }), status: 200, shape: z.object({ updated: z.number() }).strict(), check: (r) => expect(r.updated).toBeGreaterThan(0) }),

  // The customer cancels their own open or in-progress request, once.
  row({ method: 'POST', route: '/api/customer-inquiries/:id/cancel', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/cancel`, as: 'other', status: 404 }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/cancel', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/cancel`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/cancel', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/cancel`, as: 'owner', status: 200, shape: inquiryShape, check: (i) => expect(i).toMatchObject({ status: 'closed' }) }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/cancel', url: (fx) => `/api/customer-inquiries/${fx.inquiryId}/cancel`, as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'Only an open or in-progress request can be cancelled' }) }),
  row({ method: 'POST', route: '/api/customer-inquiries/:id/cancel', url: `/api/customer-inquiries/${MISSING}/cancel`, as: 'owner', status: 404 }),

  // -- Service appointments -----------------------------------------------------------------
  row({
    method: 'GET',
    route: '/api/service-appointments',
    as: 'owner',
    status: 200,
    shape: z.array(appointmentShape),
    check: (list, fx) => {
      expect(idsOf(list)).toContain(fx.appointmentId);
      expect(list.every((a) => a.customerId === fx.users.owner.id)).toBe(true);
    },
  }),
  row({ method: 'GET', route: '/api/service-appointments', as: 'other', status: 200, shape: z.array(appointmentShape), check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/service-appointments', as: 'tech', status: 200, shape: z.array(appointmentShape), check: (list, fx) => expect(idsOf(list)).toContain(fx.appointmentId) }),
  row({ method: 'GET', route: '/api/service-appointments', as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'owner', status: 200, shape: appointmentShape, check: (a) => expect(a).toMatchObject({ serviceType: 'Brake inspection', duration: 60, status: 'scheduled' }) }),
  row({ method: 'GET', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'other', status: 404, note: "another customer's appointment" }),
  row({ method: 'GET', route: '/api/service-appointments/:id', url: `/api/service-appointments/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/service-appointments/:id', url: '/api/service-appointments/123', as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'anonymous', status: 401 }),

  row({
    method: 'POST',
    route: '/api/service-appointments',
    as: 'owner',
    body: (fx) => ({ serviceCenterId: fx.centerId, appointmentDate: '2030-05-01T09:00:00Z', duration: 90, serviceType: 'Oil change', description: 'Synthetic', status: 'scheduled' }),
    status: 201,
    shape: appointmentShape,
    check: (a, fx) => expect(a).toMatchObject({ appointmentDate: '2030-05-01T09:00:00.000Z', duration: 90, customerId: fx.users.owner.id, technicianId: null, estimatedCost: null }),
  }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'tech', body: (fx) => ({ serviceCenterId: fx.centerId, customerId: fx.shopCustomerId, customerVehicleId: fx.customerVehicleId, technicianId: fx.users.tech.id, appointmentDate: '2030-05-02T09:00:00+02:00', duration: 15, serviceType: 'Check' }), status: 201, shape: appointmentShape, check: (a, fx) => expect(a).toMatchObject({ technicianId: fx.users.tech.id, shopCustomerId: fx.shopCustomerId, customerId: fx.users.owner.id }) }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'other', body: (fx) => ({ serviceCenterId: fx.centerId, customerId: fx.shopCustomerId, appointmentDate: '2030-05-02T09:00:00Z', duration: 15, serviceType: 'Check' }), status: 404, note: 'not staff of the shop' }),
  // Owners request appointments: the shop confirms, moves along and prices them.
  row({ method: 'POST', route: '/api/service-appointments', as: 'owner', body: (fx) => ({ serviceCenterId: fx.centerId, appointmentDate: '2030-05-01T09:00:00Z', duration: 60, serviceType: 'Brakes', status: 'completed' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'An appointment request is scheduled; only the shop changes its status' }) }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'owner', body: (fx) => ({ serviceCenterId: fx.centerId, appointmentDate: '2030-05-01T09:00:00Z', duration: 60, serviceType: 'Brakes', estimatedCost: '10' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Only the shop sets an estimated cost' }) }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'tech', body: (fx) => ({ serviceCenterId: fx.centerId, customerId: fx.shopCustomerId, appointmentDate: '2030-05-01T09:00:00Z', duration: 60, serviceType: 'Brakes', status: 'confirmed', estimatedCost: '89.5' }), status: 201, shape: appointmentShape, check: (a) => expect(a).toMatchObject({ status: 'confirmed', estimatedCost: '89.50' }) }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'owner', body: () => ({ appointmentDate: '2030-05-01 09:00', duration: 60, serviceType: 'x' }), status: 400, note: 'date without offset' }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'owner', body: (fx) => ({ serviceCenterId: fx.centerId, appointmentDate: '2030-05-01T09:00:00Z', duration: 0, serviceType: 'x' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Duration must be at least 15 minutes', issues: { fieldErrors: { duration: [expect.any(String)] } } }) }),
  row({ method: 'POST', route: '/api/service-appointments', as: 'anonymous', body: () => ({ appointmentDate: '2030-05-01T09:00:00Z', duration: 60, serviceType: 'x' }), status: 401 }),

  row({ method: 'PATCH', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'tech', body: () => ({ status: 'confirmed' }), status: 200, shape: appointmentShape, check: (a) => expect(a.status).toBe('confirmed') }),
  row({ method: 'PATCH', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'tech', body: () => ({ status: 'no_show' }), status: 400, note: 'no_show only at creation' }),
  row({ method: 'PATCH', route: '/api/service-appointments/:id', url: `/api/service-appointments/${MISSING}`, as: 'tech', body: () => ({ status: 'completed' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'owner', body: () => ({ status: 'cancelled' }), status: 404, note: 'the customer is not staff' }),
  row({ method: 'PATCH', route: '/api/service-appointments/:id', url: (fx) => `/api/service-appointments/${fx.appointmentId}`, as: 'anonymous', body: () => ({ status: 'cancelled' }), status: 401 }),
  row({ method: 'POST', route: '/api/service-appointments/:id/cancel', url: (fx) => `/api/service-appointments/${fx.appointmentId}/cancel`, as: 'other', status: 404, note: "another customer's appointment" }),
  row({ method: 'POST', route: '/api/service-appointments/:id/cancel', url: (fx) => `/api/service-appointments/${fx.appointmentId}/cancel`, as: 'tech', status: 404, note: 'staff cancel through PATCH' }),
  row({ method: 'POST', route: '/api/service-appointments/:id/cancel', url: '/api/service-appointments/123/cancel', as: 'owner', status: 400 }),
  row({ method: 'POST', route: '/api/service-appointments/:id/cancel', url: (fx) => `/api/service-appointments/${fx.appointmentId}/cancel`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/service-appointments/:id/cancel', url: (fx) => `/api/service-appointments/${fx.appointmentId}/cancel`, as: 'owner', status: 200, shape: appointmentShape, check: (a) => expect(a.status).toBe('cancelled') }),
  row({ method: 'POST', route: '/api/service-appointments/:id/cancel', url: (fx) => `/api/service-appointments/${fx.appointmentId}/cancel`, as: 'owner', status: 400, note: 'already cancelled' }),

  // -- Avatars ------------------------------------------------------------------------------
  row({
    method: 'GET',
    route: '/api/avatars',
    as: 'owner',
    status: 200,
    shape: z.array(avatarShape),
    check: (list, fx) => {
      expect(idsOf(list)).toEqual([fx.avatarToDeleteId, fx.avatarInactiveId, fx.avatarActiveId]);
      expect(list.filter((a) => a.isActive).map((a) => a.id)).toEqual([fx.avatarActiveId]);
    },
  }),
  row({ method: 'GET', route: '/api/avatars', as: 'other', status: 200, shape: z.array(avatarShape), check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/avatars', as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/avatars/active', as: 'owner', status: 200, shape: avatarShape, check: (a, fx) => expect(a).toMatchObject({ id: fx.avatarActiveId, isActive: true }) }),
  row({ method: 'GET', route: '/api/avatars/active', as: 'other', status: 404, note: 'no avatar yet', check: (e) => expect(e).toMatchObject({ message: 'No active avatar' }) }),
  row({ method: 'GET', route: '/api/avatars/active', as: 'anonymous', status: 401 }),

  row({ method: 'PATCH', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarInactiveId}`, as: 'owner', body: () => ({ displayName: '  Renamed Guide ', tipsLevel: 'advanced', userId: MISSING, isActive: true }), status: 200, shape: avatarShape, note: 'userId and isActive are ignored', check: (a, fx) => expect(a).toMatchObject({ displayName: 'Renamed Guide', tipsLevel: 'advanced', userId: fx.users.owner.id, isActive: false }) }),
  row({
    method: 'PATCH',
    route: '/api/avatars/:id',
    url: (fx) => `/api/avatars/${fx.avatarInactiveId}`,
    as: 'owner',
    body: () => ({ displayName: 'A' }),
    status: 400,
    // The REST body's own field names, not the tRPC input's nesting ('changes.displayName').
    check: (e) =>
      expect(e).toMatchObject({ message: 'displayName: Display name must be at least 2 characters', issues: { fieldErrors: { displayName: ['Display name must be at least 2 characters'] } } }),
  }),
  row({ method: 'PATCH', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarInactiveId}`, as: 'other', body: () => ({ displayName: 'Stolen' }), status: 404, note: "another user's avatar" }),
  row({ method: 'PATCH', route: '/api/avatars/:id', url: `/api/avatars/${MISSING}`, as: 'owner', body: () => ({ displayName: 'Ghost' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarInactiveId}`, as: 'anonymous', body: () => ({ displayName: 'Nobody' }), status: 401 }),

  row({ method: 'DELETE', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarActiveId}`, as: 'owner', status: 409, note: 'the active avatar stays' }),
  row({ method: 'DELETE', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarToDeleteId}`, as: 'other', status: 404 }),
  row({ method: 'DELETE', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarToDeleteId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarToDeleteId}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/avatars/:id', url: (fx) => `/api/avatars/${fx.avatarToDeleteId}`, as: 'owner', status: 404, note: 'already deleted' }),
  row({ method: 'DELETE', route: '/api/avatars/:id', url: '/api/avatars/xyz', as: 'owner', status: 400 }),

  row({ method: 'PUT', route: '/api/avatars/active/:id', url: (fx) => `/api/avatars/active/${fx.avatarInactiveId}`, as: 'owner', status: 200, shape: avatarShape, check: (a, fx) => expect(a).toMatchObject({ id: fx.avatarInactiveId, isActive: true }) }),
  row({ method: 'GET', route: '/api/avatars/active', as: 'owner', status: 200, shape: avatarShape, note: 'after set-active', check: (a, fx) => expect(a.id).toBe(fx.avatarInactiveId) }),
  row({ method: 'PUT', route: '/api/avatars/active/:id', url: (fx) => `/api/avatars/active/${fx.techAvatarId}`, as: 'owner', status: 404, note: "another user's avatar" }),
  row({ method: 'PUT', route: '/api/avatars/active/:id', url: `/api/avatars/active/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'PUT', route: '/api/avatars/active/:id', url: '/api/avatars/active/0', as: 'tech', status: 400 }),
  row({ method: 'PUT', route: '/api/avatars/active/:id', url: (fx) => `/api/avatars/active/${fx.techAvatarId}`, as: 'anonymous', status: 401 }),

  row({ method: 'POST', route: '/api/avatars', as: 'other', body: () => avatarBody('First Guide'), status: 201, shape: avatarShape, note: 'a new avatar becomes the active one', check: (a, fx) => expect(a).toMatchObject({ userId: fx.users.other.id, isActive: true, personality: 'casual' }) }),
  row({ method: 'POST', route: '/api/avatars', as: 'owner', body: () => ({ ...avatarBody('Odd'), personality: 'grumpy' }), status: 400 }),
  row({ method: 'POST', route: '/api/avatars', as: 'owner', body: () => ({ style: AVATAR_PRESETS[0]!.style }), status: 400, note: 'no display name' }),
  row({ method: 'POST', route: '/api/avatars', as: 'anonymous', body: () => avatarBody('Nobody'), status: 401 }),

  // -- Garage and service records -----------------------------------------------------------
  row({
    method: 'GET',
    route: '/api/garage',
    as: 'owner',
    status: 200,
    shape: z.array(garageVehicleShape),
    check: (list, fx) => {
      expect(idsOf(list)).toEqual([fx.garageId]);
      expect(list[0]).toMatchObject({ nickname: 'Commuter', odometer: 30_000, vehicle: { id: fx.vehicle.id, vin: VIN } });
    },
  }),
  row({ method: 'GET', route: '/api/garage', as: 'other', status: 200, shape: z.array(garageVehicleShape), check: (list, fx) => expect(idsOf(list)).toEqual([fx.otherGarageId]) }),
  row({ method: 'GET', route: '/api/garage', as: 'anonymous', status: 401 }),

  row({
    method: 'GET',
    route: '/api/garage/due',
    as: 'owner',
    status: 200,
    shape: z.array(dueItemShape).min(10),
    check: (list, fx) => {
      expect(list.every((item) => item.garageVehicleId === fx.garageId && item.vehicleId === fx.vehicle.id)).toBe(true);
      const oil = list.find((item) => item.componentId === fx.engineId && item.service === 'Oil change');
      expect(oil).toMatchObject({ lastServiceDate: '2025-06-01', lastServiceMileage: 29_000, dueDate: '2025-12-01', dueMileage: 34_000, milesLeft: 4000, urgency: 'overdue' });
      expect(list[0]?.urgency).toBe('overdue');
    },
  }),
  row({ method: 'GET', route: '/api/garage/due', url: (fx) => `/api/garage/due?timeZone=Europe/Berlin&vehicleId=${fx.vehicle.id}`, as: 'owner', status: 200, shape: z.array(dueItemShape).min(10) }),
  row({ method: 'GET', route: '/api/garage/due', as: 'other', status: 200, shape: z.array(dueItemShape), note: 'a vehicle without a schedule', check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/garage/due', url: '/api/garage/due?timeZone=Mars/Olympus', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/garage/due', url: '/api/garage/due?vehicleId=42', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'vehicleId: Invalid vehicle id' }) }),
  row({ method: 'GET', route: '/api/garage/due', as: 'anonymous', status: 401 }),

  row({
    method: 'POST',
    route: '/api/garage',
    as: 'owner',
    body: (fx) => ({ vehicleId: fx.spareVehicleId, nickname: '  Weekend car ', odometer: '12,500' }),
    status: 201,
    shape: garageVehicleShape,
    check: (g, fx) => expect(g).toMatchObject({ nickname: 'Weekend car', odometer: 12_500, vehicle: { id: fx.spareVehicleId, make: 'Honda' } }),
  }),
  row({ method: 'POST', route: '/api/garage', as: 'owner', body: (fx) => ({ vehicleId: fx.spareVehicleId, nickname: 'Again', odometer: 1 }), status: 409, check: (e) => expect(e).toMatchObject({ message: 'This vehicle is already in your garage' }) }),
  row({ method: 'POST', route: '/api/garage', as: 'tech', body: (fx) => ({ vehicleId: fx.vehicle.id, nickname: 'x', odometer: -1 }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'odometer: Mileage must not be negative', issues: { fieldErrors: { odometer: ['Mileage must not be negative'] } } }) }),
  row({ method: 'POST', route: '/api/garage', as: 'tech', body: (fx) => ({ vehicleId: fx.vehicle.id, nickname: 'x', odometer: 1, userId: MISSING }), status: 400, note: 'unknown field' }),
  row({ method: 'POST', route: '/api/garage', as: 'tech', body: () => ({ vehicleId: MISSING, nickname: 'Ghost', odometer: 1 }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'POST', route: '/api/garage', as: 'anonymous', body: (fx) => ({ vehicleId: fx.vehicle.id, nickname: 'x', odometer: 1 }), status: 401 }),

  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'owner', body: () => ({ nickname: ' Daily driver ', odometer: 30_500 }), status: 200, shape: garageVehicleShape, check: (g, fx) => expect(g).toMatchObject({ id: fx.garageId, nickname: 'Daily driver', odometer: 30_500 }) }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'owner', body: () => ({ nickname: '' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Nickname is required' }) }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'owner', body: () => ({ odometer: 12.5 }), status: 400 }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'owner', body: () => ({ vehicleId: MISSING }), status: 400, note: 'unknown field' }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'other', body: () => ({ nickname: 'Stolen' }), status: 404, note: "another user's garage", check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: `/api/garage/${MISSING}`, as: 'owner', body: () => ({ nickname: 'Ghost' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: '/api/garage/not-a-uuid', as: 'owner', body: () => ({ nickname: 'Ghost' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'anonymous', body: () => ({ nickname: 'Nobody' }), status: 401 }),

  // A household: the owner shares the commuter with tech (viewer, then editor); tech leaves.
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', body: (fx) => ({ email: fx.users.tech.email.toUpperCase(), role: 'viewer' }), status: 201, shape: shareShape, check: (s, fx) => expect(s).toMatchObject({ userId: fx.users.tech.id, role: 'viewer' }) }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', body: (fx) => ({ email: fx.users.tech.email, role: 'editor' }), status: 409, check: (e) => expect(e).toMatchObject({ message: 'Already shared with this account: change their role instead' }) }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', body: () => ({ email: 'nobody-here@example.test', role: 'viewer' }), status: 404, note: 'no account with this address' }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', body: (fx) => ({ email: fx.users.owner.email, role: 'viewer' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'This is your own vehicle' }) }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', body: (fx) => ({ email: fx.users.other.email, role: 'owner' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Role must be editor or viewer', issues: { fieldErrors: { role: ['Role must be editor or viewer'] } } }) }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'other', body: (fx) => ({ email: fx.users.other.email, role: 'viewer' }), status: 404, note: "another user's garage" }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'anonymous', body: () => ({ email: 'x@example.test', role: 'viewer' }), status: 401 }),
  row({ method: 'GET', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', status: 200, shape: z.array(shareShape), check: (list, fx) => expect(list.map((s) => s.userId)).toEqual([fx.users.tech.id]) }),
  row({ method: 'GET', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'tech', status: 403, note: 'a member is not the owner' }),
  row({ method: 'GET', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'anonymous', status: 401 }),
  row({
    method: 'GET',
    route: '/api/garage',
    as: 'tech',
    status: 200,
    shape: z.array(garageVehicleShape),
    note: 'a shared vehicle is in the member\'s garage',
    check: (list, fx) => expect(list.find((g) => g.id === fx.garageId)).toMatchObject({ access: 'viewer', sharedBy: expect.any(String) }),
  }),
  row({ method: 'PATCH', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'tech', body: () => ({ nickname: 'Mine now' }), status: 403, note: 'a viewer changes nothing' }),
  row({ method: 'PATCH', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'owner', body: () => ({ role: 'editor' }), status: 200, shape: shareShape, check: (s) => expect(s.role).toBe('editor') }),
  row({ method: 'PATCH', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'tech', body: () => ({ role: 'editor' }), status: 403 }),
  row({ method: 'PATCH', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.other.id}`, as: 'owner', body: () => ({ role: 'editor' }), status: 404, note: 'not shared with that account' }),
  row({ method: 'PATCH', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'anonymous', body: () => ({ role: 'editor' }), status: 401 }),
  row({ method: 'DELETE', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.garageId}`, as: 'tech', status: 403, note: 'only the owner removes the vehicle' }),
  row({ method: 'GET', route: '/api/garage/:id/shares', url: '/api/garage/nope/shares', as: 'owner', status: 400 }),
  row({ method: 'PATCH', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/nope`, as: 'owner', body: () => ({ role: 'editor' }), status: 400 }),
  row({ method: 'DELETE', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/nope`, as: 'owner', status: 400 }),
  row({ method: 'POST', route: '/api/garage/:id/leave', url: '/api/garage/nope/leave', as: 'tech', status: 400 }),
  row({ method: 'DELETE', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'tech', status: 403 }),
  row({ method: 'DELETE', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/garage/:id/shares/:userId', url: (fx) => `/api/garage/${fx.garageId}/shares/${fx.users.tech.id}`, as: 'owner', status: 404, note: 'already revoked' }),
  row({ method: 'POST', route: '/api/garage/:id/shares', url: (fx) => `/api/garage/${fx.garageId}/shares`, as: 'owner', body: (fx) => ({ email: fx.users.tech.email, role: 'editor' }), status: 201, shape: shareShape, note: 'shared again' }),
  row({ method: 'POST', route: '/api/garage/:id/leave', url: (fx) => `/api/garage/${fx.garageId}/leave`, as: 'owner', status: 403, check: (e) => expect(e).toMatchObject({ message: 'You own this vehicle: remove it from your garage instead' }) }),
  row({ method: 'POST', route: '/api/garage/:id/leave', url: (fx) => `/api/garage/${fx.garageId}/leave`, as: 'other', status: 404 }),
  row({ method: 'POST', route: '/api/garage/:id/leave', url: (fx) => `/api/garage/${fx.garageId}/leave`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/garage/:id/leave', url: (fx) => `/api/garage/${fx.garageId}/leave`, as: 'tech', status: 204 }),
  row({ method: 'POST', route: '/api/garage/:id/leave', url: (fx) => `/api/garage/${fx.garageId}/leave`, as: 'tech', status: 404, note: 'already left' }),

  row({ method: 'DELETE', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.otherGarageId}`, as: 'owner', status: 404, note: "another user's garage" }),
  row({ method: 'DELETE', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.otherGarageId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.otherGarageId}`, as: 'other', status: 204 }),
  row({ method: 'DELETE', route: '/api/garage/:id', url: (fx) => `/api/garage/${fx.otherGarageId}`, as: 'other', status: 404, note: 'already removed' }),
  row({ method: 'DELETE', route: '/api/garage/:id', url: '/api/garage/nope', as: 'other', status: 400 }),

  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/service-records',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`,
    as: 'owner',
    status: 200,
    shape: z.array(serviceRecordShape),
    check: (list, fx, res) => {
      expect(idsOf(list)).toEqual([fx.recordToDeleteId, fx.recordId]);
      expect(res.headers['x-total-count']).toBe('2');
      expect(list[1]).toMatchObject({ userId: fx.users.owner.id, componentId: fx.engineId, componentName: 'Engine', mileage: '29000', mileageValue: 29_000, cost: '59.90', date: '2025-06-01T12:00:00.000Z' });
    },
  }),
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/service-records',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records?search=synthetic&status=completed&from=2025-06-01&to=2025-06-01&timeZone=Pacific/Auckland&componentId=${fx.engineId}&limit=1`,
    as: 'owner',
    status: 200,
    shape: z.array(serviceRecordShape),
    note: 'filters',
    check: (list, fx, res) => {
      expect(idsOf(list)).toEqual([fx.recordId]);
      expect(res.headers['x-total-count']).toBe('1');
    },
  }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records?customerVehicleId=${fx.customerVehicleId}`, as: 'tech', status: 200, shape: z.array(serviceRecordShape), note: 'a customer vehicle', check: (list, fx) => expect(idsOf(list)).toContain(fx.recordId) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'other', status: 200, shape: z.array(serviceRecordShape), check: (list, _fx, res) => { expect(list).toEqual([]); expect(res.headers['x-total-count']).toBe('0'); } }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records?status=done`, as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'Status must be completed, scheduled or urgent' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records?limit=500`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records?from=2025-06-30&to=2025-06-01`, as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'to: The start date must not be after the end date' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: '/api/vehicles/not-a-uuid/service-records', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: `/api/vehicles/${MISSING}/service-records`, as: 'owner', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'anonymous', status: 401 }),

  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/service-records',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`,
    as: 'owner',
    body: (fx) => ({ componentId: fx.engineId, serviceType: ' Air filter ', date: '2025-07-01', mileage: '30,400', cost: 24.5, notes: '  ', status: 'completed', timeZone: 'Europe/Berlin' }),
    status: 201,
    shape: serviceRecordShape,
    check: (r, fx) =>
      expect(r).toMatchObject({ vehicleId: fx.vehicle.id, userId: fx.users.owner.id, technicianId: null, serviceType: 'Air filter', mileage: '30400', mileageValue: 30_400, cost: '24.50', notes: null, componentName: 'Engine' }),
  }),
  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/service-records',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`,
    as: 'tech',
    body: (fx) => ({ serviceCenterId: fx.centerId, customerVehicleId: fx.customerVehicleId, serviceType: 'Brake inspection', date: '2025-07-02', status: 'completed' }),
    status: 201,
    shape: serviceRecordShape,
    note: "a vehicle of the shop's customer",
    check: (r, fx) => expect(r).toMatchObject({ userId: fx.users.owner.id, technicianId: fx.users.tech.id, technicianName: fx.users.tech.email, serviceCenterId: fx.centerId }),
  }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'tech', body: () => ({ serviceType: 'x', date: '2025-07-02' }), status: 404, note: 'no customer named, not in own garage', check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'owner', body: () => ({ serviceType: 'x', date: '2025-07-02', mileage: 1.5 }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Mileage must be a whole number of miles', issues: { fieldErrors: { mileage: ['Mileage must be a whole number of miles'] } } }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'owner', body: () => ({ serviceType: 'x', date: '2025-07-02', cost: '1.234' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Cost must be a non-negative amount like 89.90 (at most 2 decimals)' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'owner', body: () => ({ serviceType: 'x', date: '2999-01-01' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'A completed service cannot be dated in the future' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'owner', body: () => ({ serviceType: 'x', date: '2025-07-02', userId: MISSING }), status: 400, note: 'unknown field' }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'other', body: () => ({ serviceType: 'x', date: '2025-07-02' }), status: 404, note: 'not in their garage' }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: `/api/vehicles/${MISSING}/service-records`, as: 'owner', body: () => ({ serviceType: 'x', date: '2025-07-02' }), status: 404 }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/service-records', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records`, as: 'anonymous', body: () => ({ serviceType: 'x', date: '2025-07-02' }), status: 401 }),

  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/service-records.csv',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records.csv?timeZone=Pacific/Auckland`,
    as: 'owner',
    status: 200,
    check: (_b, _fx, res) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="service-history-2020-toyota-camry.csv"');
      expect(res.headers['cache-control']).toBe('no-store');
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe('date,service_type,component,status,mileage,cost,description,notes,technician');
      expect(lines).toContain('2025-06-01,Oil change,Engine,completed,29000,59.90,Synthetic 0W-20,,');
    },
  }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records.csv', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records.csv?timeZone=Mars/Olympus`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records.csv', url: '/api/vehicles/x/service-records.csv', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records.csv', url: `/api/vehicles/${MISSING}/service-records.csv`, as: 'owner', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/service-records.csv', url: (fx) => `/api/vehicles/${fx.vehicle.id}/service-records.csv`, as: 'anonymous', status: 401 }),

  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'owner', body: () => ({ notes: 'Dealer stamp', cost: '49.5' }), status: 200, shape: serviceRecordShape, check: (r, fx) => expect(r).toMatchObject({ id: fx.recordId, notes: 'Dealer stamp', cost: '49.50', serviceType: 'Oil change' }) }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'tech', body: () => ({ description: 'Checked by the shop' }), status: 403, note: "staff never change the owner's own entries", check: (e) => expect(e).toMatchObject({ code: 'FORBIDDEN' }) }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'owner', body: () => ({ mileage: -1 }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Mileage must not be negative' }) }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'owner', body: () => ({ date: '2999-01-01' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'A completed service cannot be dated in the future' }) }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'owner', body: () => ({ vehicleId: MISSING }), status: 400, note: 'unknown field' }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'other', body: () => ({ notes: 'Stolen' }), status: 404, note: "another user's record", check: (e) => expect(e).toMatchObject({ message: 'Service record not found' }) }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: `/api/service-records/${MISSING}`, as: 'owner', body: () => ({ notes: 'Ghost' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: '/api/service-records/nope', as: 'owner', body: () => ({ notes: 'Ghost' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordId}`, as: 'anonymous', body: () => ({ notes: 'Nobody' }), status: 401 }),

  row({ method: 'DELETE', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordToDeleteId}`, as: 'other', status: 404, note: "another user's record" }),
  row({ method: 'DELETE', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordToDeleteId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordToDeleteId}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/service-records/:id', url: (fx) => `/api/service-records/${fx.recordToDeleteId}`, as: 'owner', status: 404, note: 'already deleted' }),
  row({ method: 'DELETE', route: '/api/service-records/:id', url: '/api/service-records/nope', as: 'owner', status: 400 }),

  // -- Receipts and photos ------------------------------------------------------------------
  row({ method: 'POST', route: '/api/files', as: 'owner', upload: { content: TINY_PDF, name: 'Invoice 7.pdf', type: 'application/pdf' }, status: 201, shape: storedFileShape, check: (f) => expect(f).toMatchObject({ name: 'Invoice 7.pdf', contentType: 'application/pdf', hasThumbnail: false, mine: true }) }),
  row({ method: 'POST', route: '/api/files', as: 'owner', upload: { content: Buffer.from('<html><script>alert(1)</script></html>'), name: 'receipt.jpg', type: 'image/jpeg' }, status: 415, note: 'HTML named .jpg' }),
  row({ method: 'POST', route: '/api/files', as: 'owner', body: () => ({ file: 'not a file' }), status: 415, note: 'JSON instead of multipart' }),
  row({ method: 'POST', route: '/api/files', as: 'anonymous', upload: { content: TINY_PDF, name: 'a.pdf', type: 'application/pdf' }, status: 401 }),
  row({ method: 'GET', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileId}`, as: 'owner', status: 200, check: (_b, _fx, res) => expect([res.headers['content-type'], res.headers['x-content-type-options']]).toEqual(['image/png', 'nosniff']) }),
  row({ method: 'GET', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileId}`, as: 'tech', status: 200, note: 'staff of the shop the owner asked about the vehicle', check: (_b, _fx, res) => expect(res.headers['content-disposition']).toMatch(/^inline; filename="receipt.png"/) }),
  row({ method: 'GET', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileId}`, as: 'other', status: 404, note: "another user's file" }),
  row({ method: 'GET', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileId}`, as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/files/:id', url: '/api/files/nope', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/files/:id/thumbnail', url: (fx) => `/api/files/${fx.fileId}/thumbnail`, as: 'owner', status: 200, check: (_b, _fx, res) => expect(res.headers['content-type']).toBe('image/webp') }),
  row({ method: 'GET', route: '/api/files/:id/thumbnail', url: (fx) => `/api/files/${fx.fileToDeleteId}/thumbnail`, as: 'owner', status: 404, note: 'a PDF has none' }),
  row({ method: 'GET', route: '/api/files/:id/thumbnail', url: (fx) => `/api/files/${fx.fileId}/thumbnail`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/files/:id/thumbnail', url: (fx) => `/api/files/${fx.fileId}/thumbnail`, as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/files/:id/thumbnail', url: '/api/files/nope/thumbnail', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'owner', status: 200, shape: z.array(attachmentShape), check: (list, fx) => expect(idsOf(list)).toEqual([fx.fileId]) }),
  row({ method: 'GET', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/records/:id/attachments', url: '/api/records/nope/attachments', as: 'owner', status: 400 }),
  row({ method: 'POST', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'owner', body: (fx) => ({ fileId: fx.fileToAttachId }), status: 201, shape: z.array(attachmentShape), check: (list, fx) => expect(idsOf(list)).toEqual([fx.fileId, fx.fileToAttachId]) }),
  row({ method: 'POST', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'other', body: (fx) => ({ fileId: fx.fileToAttachId }), status: 404 }),
  row({ method: 'POST', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'anonymous', body: (fx) => ({ fileId: fx.fileToAttachId }), status: 401 }),
  row({ method: 'POST', route: '/api/records/:id/attachments', url: (fx) => `/api/records/${fx.recordId}/attachments`, as: 'owner', body: () => ({ fileId: 'nope' }), status: 400 }),
  row({ method: 'DELETE', route: '/api/records/:id/attachments/:fileId', url: (fx) => `/api/records/${fx.recordId}/attachments/${fx.fileToAttachId}`, as: 'other', status: 404 }),
  row({ method: 'DELETE', route: '/api/records/:id/attachments/:fileId', url: (fx) => `/api/records/${fx.recordId}/attachments/${fx.fileToAttachId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/records/:id/attachments/:fileId', url: (fx) => `/api/records/${fx.recordId}/attachments/${fx.fileToAttachId}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/records/:id/attachments/:fileId', url: (fx) => `/api/records/${fx.recordId}/attachments/nope`, as: 'owner', status: 400 }),
  row({ method: 'DELETE', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileToDeleteId}`, as: 'other', status: 404 }),
  row({ method: 'DELETE', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileToDeleteId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileToDeleteId}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/files/:id', url: (fx) => `/api/files/${fx.fileToDeleteId}`, as: 'owner', status: 404, note: 'already deleted' }),
  row({ method: 'DELETE', route: '/api/files/:id', url: '/api/files/nope', as: 'owner', status: 400 }),
  // -- Fuel, expenses and costs (owner-only: staff of the owner's shop answer 404 too) ---------
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'owner', status: 200, shape: z.array(fuelEntryShape), check: (list, fx, res) => { expect(idsOf(list)).toEqual([fx.fuelId]); expect(res.headers['x-total-count']).toBe('1'); expect(list[0]).toMatchObject({ quantity: 12, totalPrice: '42.00', pricePerUnit: 3.5, note: 'first' }); } }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel?limit=500`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'tech', status: 404, note: "staff of the owner's shop", check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'owner', body: () => ({ date: '2025-06-10', odometer: '29,400', quantity: '37.854', unit: 'L', pricePerUnit: '1.00', station: ' Costco ' }), status: 201, shape: fuelEntryShape, check: (f) => expect(f).toMatchObject({ odometer: 29_400, quantity: 10, totalPrice: '37.85', station: 'Costco', economy: 30, distance: 300 }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'owner', body: () => ({ date: '2025-06-10', odometer: 1, quantity: 5, unit: 'gal', kind: 'charge' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'The unit of a charge is kWh' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'other', body: () => ({ date: '2025-06-10', odometer: 1, quantity: 5, unit: 'gal' }), status: 404, note: 'not in their garage' }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/fuel', url: (fx) => `/api/vehicles/${fx.vehicle.id}/fuel`, as: 'anonymous', body: () => ({ date: '2025-06-10', odometer: 1, quantity: 5, unit: 'gal' }), status: 401 }),
  row({ method: 'PATCH', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'owner', body: () => ({ fullFill: false, station: 'Shell' }), status: 200, shape: fuelEntryShape, check: (f, fx) => expect(f).toMatchObject({ id: fx.fuelId, fullFill: false, station: 'Shell' }) }),
  row({ method: 'PATCH', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'owner', body: () => ({ quantity: 3 }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Give the unit with the quantity' }) }),
  row({ method: 'PATCH', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'tech', body: () => ({ station: 'x' }), status: 404, note: "staff of the owner's shop", check: (e) => expect(e).toMatchObject({ message: 'Fuel entry not found' }) }),
  row({ method: 'PATCH', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'anonymous', body: () => ({ station: 'x' }), status: 401 }),
  row({ method: 'DELETE', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'other', status: 404, note: "another user's entry" }),
  row({ method: 'DELETE', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/fuel/:id', url: '/api/fuel/nope', as: 'owner', status: 400 }),
  row({ method: 'DELETE', route: '/api/fuel/:id', url: (fx) => `/api/fuel/${fx.fuelId}`, as: 'owner', status: 204 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses`, as: 'owner', status: 200, shape: z.array(expenseShape), check: (list, fx, res) => { expect(idsOf(list)).toEqual([fx.expenseId]); expect(res.headers['x-total-count']).toBe('1'); expect(list[0]).toMatchObject({ category: 'insurance', amount: '300.00' }); } }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses?offset=-1`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/expenses', url: `/api/vehicles/${MISSING}/expenses`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses`, as: 'owner', body: () => ({ date: '2025-06-05', category: 'parking', amount: 7.5, note: ' Airport ' }), status: 201, shape: expenseShape, check: (e) => expect(e).toMatchObject({ category: 'parking', amount: '7.50', note: 'Airport' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses`, as: 'owner', body: () => ({ date: '2025-06-05', category: 'food', amount: 1 }), status: 400 }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses`, as: 'tech', body: () => ({ date: '2025-06-05', category: 'tax', amount: 1 }), status: 404, note: "staff of the owner's shop" }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/expenses', url: (fx) => `/api/vehicles/${fx.vehicle.id}/expenses`, as: 'anonymous', body: () => ({ date: '2025-06-05', category: 'tax', amount: 1 }), status: 401 }),
  row({ method: 'PATCH', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'owner', body: () => ({ amount: '310', note: 'Renewed' }), status: 200, shape: expenseShape, check: (e) => expect(e).toMatchObject({ amount: '310.00', note: 'Renewed' }) }),
  row({ method: 'PATCH', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'owner', body: () => ({ amount: 'lots' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'other', body: () => ({ note: 'x' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Expense not found' }) }),
  row({ method: 'PATCH', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'anonymous', body: () => ({ note: 'x' }), status: 401 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders?timeZone=Europe/Berlin`, as: 'owner', status: 200, shape: z.array(reminderShape), check: (list, fx) => expect(idsOf(list)).toEqual(expect.arrayContaining([fx.reminderId, fx.reminderToFinishId])) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders?timeZone=Mars/Olympus`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders`, as: 'tech', status: 404, note: "staff of the owner's shop", check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders`, as: 'owner', body: () => ({ title: ' Wipers ', dueDate: '2031-01-01', dueMileage: '40,000', notes: '' }), status: 201, shape: reminderShape, check: (r) => expect(r).toMatchObject({ title: 'Wipers', notes: null, dueMileage: 40_000, recurring: false, urgency: 'ok' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders`, as: 'owner', body: () => ({ title: 'Wipers' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'dueDate: Give the day or the mileage it is due at' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders`, as: 'other', body: () => ({ title: 'Wipers', dueMileage: 1 }), status: 404, note: 'not in their garage' }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/reminders', url: (fx) => `/api/vehicles/${fx.vehicle.id}/reminders`, as: 'anonymous', body: () => ({ title: 'Wipers', dueMileage: 1 }), status: 401 }),
  row({ method: 'PATCH', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderId}`, as: 'owner', body: () => ({ notes: 'Form B-12', everyMonths: 24 }), status: 200, shape: reminderShape, check: (r, fx) => expect(r).toMatchObject({ id: fx.reminderId, notes: 'Form B-12', everyMonths: 24, recurring: true }) }),
  row({ method: 'PATCH', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderId}`, as: 'owner', body: () => ({ dueDate: null }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Give the day or the mileage it is due at' }) }),
  row({ method: 'PATCH', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderId}`, as: 'other', body: () => ({ title: 'Mine' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Reminder not found' }) }),
  row({ method: 'PATCH', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderId}`, as: 'anonymous', body: () => ({ title: 'x' }), status: 401 }),
  row({ method: 'POST', route: '/api/reminders/:id/done', url: (fx) => `/api/reminders/${fx.reminderToFinishId}/done`, as: 'owner', body: () => ({ mileage: 30_350 }), status: 200, shape: z.object({ next: reminderShape.nullable() }).strict(), check: (r) => expect(r.next).toMatchObject({ dueMileage: 36_350, urgency: 'ok' }) }),
  row({ method: 'POST', route: '/api/reminders/:id/done', url: (fx) => `/api/reminders/${fx.reminderToFinishId}/done`, as: 'owner', body: () => ({ date: '2999-01-01' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'The day it was done cannot be in the future' }) }),
  row({ method: 'POST', route: '/api/reminders/:id/done', url: `/api/reminders/${MISSING}/done`, as: 'owner', body: () => ({}), status: 404 }),
  row({ method: 'POST', route: '/api/reminders/:id/done', url: (fx) => `/api/reminders/${fx.reminderToFinishId}/done`, as: 'anonymous', body: () => ({}), status: 401 }),
  row({ method: 'DELETE', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderToDeleteId}`, as: 'other', status: 404, note: "another user's reminder" }),
  row({ method: 'DELETE', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderToDeleteId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/reminders/:id', url: '/api/reminders/nope', as: 'owner', status: 400 }),
  row({ method: 'DELETE', route: '/api/reminders/:id', url: (fx) => `/api/reminders/${fx.reminderToDeleteId}`, as: 'owner', status: 204 }),
  row({
    method: 'GET',
    route: '/api/calendar/:token.ics',
    url: (fx) => `/api/calendar/${fx.calendarToken}.ics?timeZone=Europe/Berlin`,
    as: 'anonymous',
    status: 200,
    note: 'the token is the credential',
    check: (_body, _fx, res) => {
      expect(res.headers['content-type']).toContain('text/calendar');
      const summaries = parseIcs(res.body).components.map((c) => c.get('SUMMARY'));
      // An earlier row renames the vehicle: the reminder is named, then the vehicle.
      expect(summaries.some((s) => s?.startsWith('Renew registration: '))).toBe(true);
      // The owner's requests are in the feed; the one an earlier row cancelled is not.
      expect(summaries).toContain('Oil change at Contract Garage');
      expect(summaries).not.toContain('Brake inspection at Contract Garage');
    },
  }),
  row({ method: 'GET', route: '/api/calendar/:token.ics', url: (fx) => `/api/calendar/${fx.calendarToken}.ics?timeZone=Mars/Olympus`, as: 'anonymous', status: 400 }),
  row({ method: 'GET', route: '/api/calendar/:token.ics', url: '/api/calendar/not-a-feed.ics', as: 'owner', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Unknown calendar feed' }) }),
  row({ method: 'GET', route: '/api/calendar', as: 'owner', status: 200, shape: calendarStatusShape, check: (s) => expect(s.active).toBe(true) }),
  row({ method: 'GET', route: '/api/calendar', as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/calendar', as: 'owner', status: 201, shape: createdCalendarShape, check: (c) => expect(c.path).toBe(`/api/calendar/${c.token}.ics`) }),
  row({ method: 'POST', route: '/api/calendar', as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/calendar/:token.ics', url: (fx) => `/api/calendar/${fx.calendarToken}.ics`, as: 'anonymous', status: 404, note: 'replaced by a new address' }),
  row({ method: 'DELETE', route: '/api/calendar', as: 'owner', status: 200, shape: z.object({ revoked: z.boolean() }).strict(), check: (r) => expect(r.revoked).toBe(true) }),
  row({ method: 'DELETE', route: '/api/calendar', as: 'anonymous', status: 401 }),
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/costs',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/costs?timeZone=Europe/Berlin`,
    as: 'owner',
    status: 200,
    shape: vehicleOverviewShape,
    check: (overview) => {
      expect(overview.costs.totals).toMatchObject({ insurance: 31_000, parking: 750, fuel: 3785 });
      expect(overview.costs.months.map((m) => m.month)).toEqual(['2025-06', '2025-07']);
      expect(overview.odometer.map((p) => p.mileage)).toContain(29_400);
    },
  }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/costs', url: (fx) => `/api/vehicles/${fx.vehicle.id}/costs?timeZone=Mars/Olympus`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/costs', url: (fx) => `/api/vehicles/${fx.vehicle.id}/costs`, as: 'tech', status: 404, note: "staff of the owner's shop" }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/costs', url: (fx) => `/api/vehicles/${fx.vehicle.id}/costs`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'tech', status: 404 }),
  row({ method: 'DELETE', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/expenses/:id', url: '/api/expenses/nope', as: 'owner', status: 400 }),
  row({ method: 'DELETE', route: '/api/expenses/:id', url: (fx) => `/api/expenses/${fx.expenseId}`, as: 'owner', status: 204 }),

  // -- Analytics ----------------------------------------------------------------------------
  row({ method: 'GET', route: '/api/analytics/report', url: (fx) => `/api/analytics/report?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'tech', status: 200, shape: reportShape, check: (r) => expect(r.overview.range).toEqual({ from: '2024-03-01', to: '2024-03-31', timeZone: 'UTC' }) }),
  row({ method: 'GET', route: '/api/analytics/report', url: (fx) => `/api/analytics/report?serviceCenterId=${fx.centerId}&from=2024-03-31&to=2024-03-01&timeZone=UTC`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/analytics/report', url: (fx) => `/api/analytics/report?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'owner', status: 404, note: 'not staff of the shop' }),
  row({ method: 'GET', route: '/api/analytics/report', url: (fx) => `/api/analytics/report?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'anonymous', status: 401 }),
  row({
    method: 'GET',
    route: '/api/analytics/report.csv',
    url: (fx) => `/api/analytics/report.csv?serviceCenterId=${fx.centerId}&from=2024-03-01&to=2024-03-31&tz=Europe/Berlin`,
    as: 'tech',
    status: 200,
    check: (_b, _fx, res) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="analytics-2024-03-01-to-2024-03-31.csv"');
      expect(res.body.split(/\r?\n/)[0]).toBe('section,item,metric,value');
    },
  }),
  row({ method: 'GET', route: '/api/analytics/report.csv', url: (fx) => `/api/analytics/report.csv?serviceCenterId=${fx.centerId}&from=2024-03-01&to=2024-03-31&tz=Mars/Olympus`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/analytics/report.csv', url: (fx) => `/api/analytics/report.csv?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'owner', status: 404, note: 'not staff of the shop' }),
  row({ method: 'GET', route: '/api/analytics/report.csv', url: (fx) => `/api/analytics/report.csv?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'anonymous', status: 401 }),
  row({
    method: 'GET',
    route: '/api/analytics/repair-orders',
    url: (fx) => `/api/analytics/repair-orders?serviceCenterId=${fx.centerId}&${AROUND_TODAY}`,
    as: 'tech',
    status: 200,
    shape: repairOrderFiguresShape,
    // The fixtures' invoice of $1.00 (a fee, no tax) is the one order completed.
    check: (r) => expect(r).toMatchObject({ orders: 1, revenueCents: 100, averageOrderCents: 100, hours: { soldHundredths: 0 } }),
  }),
  row({ method: 'GET', route: '/api/analytics/repair-orders', url: (fx) => `/api/analytics/repair-orders?serviceCenterId=${fx.centerId}&from=2024-03-01&to=2024-03-31`, as: 'tech', status: 400, note: 'no time zone' }),
  row({ method: 'GET', route: '/api/analytics/repair-orders', url: (fx) => `/api/analytics/repair-orders?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'owner', status: 404, note: 'not staff of the shop' }),
  row({ method: 'GET', route: '/api/analytics/repair-orders', url: (fx) => `/api/analytics/repair-orders?serviceCenterId=${fx.centerId}&${RANGE}`, as: 'anonymous', status: 401 }),

  // -- Inspections --------------------------------------------------------------------------
  // The center (tech) inspects the owner's car: its draft is changed, photographed, signed, shared
  // and unshared here; the shared one (fixtures) is read, printed and decided by the owner.
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/inspections',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`,
    as: 'owner',
    status: 200,
    shape: z.array(inspectionSummaryShape),
    note: 'the shared one, not the draft',
    check: (list, fx) => {
      expect(idsOf(list)).toContain(fx.sharedInspectionId);
      expect(idsOf(list)).not.toContain(fx.inspectionDraftId);
      expect(list.find((i) => i.id === fx.sharedInspectionId)).toMatchObject({ status: 'shared', signedName: 'Terry Tech', counts: { urgent: 1 }, pendingDecisions: 1 });
    },
  }),
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/inspections',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections?serviceCenterId=${fx.centerId}&limit=10`,
    as: 'tech',
    status: 200,
    shape: z.array(inspectionSummaryShape),
    note: "the shop's, drafts too",
    check: (list, fx) => expect(idsOf(list)).toEqual(expect.arrayContaining([fx.inspectionDraftId, fx.sharedInspectionId])),
  }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/inspections', url: `/api/vehicles/${MISSING}/inspections`, as: 'owner', status: 200, shape: z.array(inspectionSummaryShape), note: 'a vehicle with none of yours', check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections?serviceCenterId=${fx.centerId}`, as: 'other', status: 404, note: 'not staff of the shop' }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections?serviceCenterId=${MISSING}`, as: 'tech', status: 404, note: 'unknown shop' }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/inspections', url: '/api/vehicles/nope/inspections', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'vehicleId: Invalid vehicle id' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections?limit=51`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`, as: 'anonymous', status: 401 }),

  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/inspections',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`,
    as: 'tech',
    body: (fx) => ({ serviceCenterId: fx.centerId, customerVehicleId: fx.customerVehicleId, mileage: 30_100 }),
    status: 201,
    shape: inspectionShape,
    check: (i, fx) => {
      expect(i).toMatchObject({ status: 'draft', serviceCenterId: fx.centerId, customerVehicleId: fx.customerVehicleId, mileage: 30_100, canEdit: true, canDecide: false, hasLink: false });
      expect(i.items.find((item) => item.name === 'Front brake pad thickness')).toMatchObject({ componentName: 'Brakes', unit: 'mm', status: null });
    },
  }),
  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/inspections',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`,
    as: 'owner',
    body: () => ({}),
    status: 201,
    shape: inspectionShape,
    note: 'a self-check of a car in the garage',
    check: (i) => expect(i).toMatchObject({ status: 'draft', serviceCenterId: null, customerName: null, canEdit: true, canDecide: false }),
  }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`, as: 'tech', body: (fx) => ({ serviceCenterId: fx.centerId }), status: 400, note: 'a shop names the customer\'s vehicle too' }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`, as: 'owner', body: () => ({ mileage: -1 }), status: 400, check: (e) => expect(e).toMatchObject({ issues: { fieldErrors: { mileage: [expect.any(String)] } } }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`, as: 'other', body: () => ({}), status: 404, note: 'not in their garage', check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/inspections', url: `/api/vehicles/${MISSING}/inspections`, as: 'owner', body: () => ({}), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/inspections', url: (fx) => `/api/vehicles/${fx.vehicle.id}/inspections`, as: 'anonymous', body: () => ({}), status: 401 }),

  row({ method: 'GET', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'tech', status: 200, shape: inspectionShape, check: (i) => expect(i).toMatchObject({ status: 'draft', canEdit: true, canShare: false }) }),
  row({ method: 'GET', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'owner', status: 404, note: 'a draft is hidden from the customer' }),
  row({
    method: 'GET',
    route: '/api/inspections/:id',
    url: (fx) => `/api/inspections/${fx.sharedInspectionId}`,
    as: 'owner',
    status: 200,
    shape: inspectionShape,
    note: 'the customer, once shared',
    check: (i, fx) => {
      expect(i).toMatchObject({ status: 'shared', canEdit: false, canShare: false, canDecide: true, hasLink: true });
      expect(itemOf(i, fx.sharedPadsId)).toMatchObject({ status: 'urgent', measurement: 2, estimatedCost: '189.90', decision: null, photos: [{ id: fx.sharedPhotoId, width: 32, height: 24, hasThumbnail: true }] });
    },
  }),
  row({ method: 'GET', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.sharedInspectionId}`, as: 'other', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Inspection not found' }) }),
  row({ method: 'GET', route: '/api/inspections/:id', url: `/api/inspections/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/inspections/:id', url: '/api/inspections/nope', as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.sharedInspectionId}`, as: 'anonymous', status: 401 }),

  row({
    method: 'PATCH',
    route: '/api/inspections/:id',
    url: (fx) => `/api/inspections/${fx.inspectionDraftId}`,
    as: 'tech',
    body: (fx) => ({ notes: ' Road test done ', items: [{ id: fx.draftPadsId, status: 'attention', measurement: '4,5', recommendation: 'Replace front brake pads', estimatedCost: '150' }], addItems: [{ componentId: null, name: 'Wiper blades' }] }),
    status: 200,
    shape: inspectionShape,
    check: (i, fx) => {
      expect(i.notes).toBe('Road test done');
      expect(itemOf(i, fx.draftPadsId)).toMatchObject({ status: 'attention', measurement: 4.5, estimatedCost: '150.00' });
      expect(i.items.at(-1)).toMatchObject({ name: 'Wiper blades', componentId: null });
    },
  }),
  row({ method: 'PATCH', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'tech', body: (fx) => ({ items: [{ id: fx.draftPadsId, status: 'broken' }] }), status: 400 }),
  row({ method: 'PATCH', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'tech', body: () => ({ items: [{ id: MISSING, status: 'good' }] }), status: 404, note: 'an item of no inspection', check: (e) => expect(e).toMatchObject({ message: 'Inspection item not found' }) }),
  row({ method: 'PATCH', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'owner', body: () => ({ notes: 'x' }), status: 404, note: 'a draft is hidden from the customer' }),
  row({ method: 'PATCH', route: '/api/inspections/:id', url: `/api/inspections/${MISSING}`, as: 'tech', body: () => ({ notes: 'x' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'anonymous', body: () => ({ notes: 'x' }), status: 401 }),

  row({
    method: 'POST',
    route: '/api/inspections/:id/items/:itemId/photos',
    url: (fx) => `/api/inspections/${fx.inspectionDraftId}/items/${fx.draftPadsId}/photos`,
    as: 'tech',
    upload: { content: PHOTO, name: 'pads.png', type: 'image/png' },
    status: 201,
    shape: inspectionShape,
    check: (i, fx) => expect(itemOf(i, fx.draftPadsId)?.photos).toEqual([expect.objectContaining({ itemId: fx.draftPadsId, name: 'pads.png', width: 40, height: 30, hasThumbnail: true })]),
  }),
  row({ method: 'POST', route: '/api/inspections/:id/items/:itemId/photos', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/items/${fx.draftPadsId}/photos`, as: 'tech', upload: { content: TINY_PDF, name: 'pads.pdf', type: 'application/pdf' }, status: 415, note: 'photos only' }),
  row({ method: 'POST', route: '/api/inspections/:id/items/:itemId/photos', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/items/${MISSING}/photos`, as: 'tech', upload: { content: PHOTO, name: 'pads.png', type: 'image/png' }, status: 404, check: (e) => expect(e).toMatchObject({ message: 'Inspection item not found' }) }),
  row({ method: 'POST', route: '/api/inspections/:id/items/:itemId/photos', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/items/${fx.draftPadsId}/photos`, as: 'owner', upload: { content: PHOTO, name: 'pads.png', type: 'image/png' }, status: 404, note: 'a draft is hidden from the customer' }),
  row({ method: 'POST', route: '/api/inspections/:id/items/:itemId/photos', url: (fx) => `/api/inspections/nope/items/${fx.draftPadsId}/photos`, as: 'tech', upload: { content: PHOTO, name: 'pads.png', type: 'image/png' }, status: 400 }),
  row({ method: 'POST', route: '/api/inspections/:id/items/:itemId/photos', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/items/${fx.draftPadsId}/photos`, as: 'anonymous', upload: { content: PHOTO, name: 'pads.png', type: 'image/png' }, status: 401 }),

  row({ method: 'POST', route: '/api/inspections/:id/share', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`, as: 'tech', status: 409, note: 'a draft is signed first', check: (e) => expect(e).toMatchObject({ message: 'Complete and sign the inspection before sharing it' }) }),
  row({ method: 'POST', route: '/api/inspections/:id/complete', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/complete`, as: 'tech', body: () => ({ signature: 'T' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'signature: Sign with your full name' }) }),
  row({ method: 'POST', route: '/api/inspections/:id/complete', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/complete`, as: 'owner', body: () => ({ signature: 'Owner Name' }), status: 404, note: 'a draft is hidden from the customer' }),
  row({ method: 'POST', route: '/api/inspections/:id/complete', url: `/api/inspections/${MISSING}/complete`, as: 'tech', body: () => ({ signature: 'Terry Tech' }), status: 404 }),
  row({ method: 'POST', route: '/api/inspections/:id/complete', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/complete`, as: 'anonymous', body: () => ({ signature: 'Terry Tech' }), status: 401 }),
  row({
    method: 'POST',
    route: '/api/inspections/:id/complete',
    url: (fx) => `/api/inspections/${fx.inspectionDraftId}/complete`,
    as: 'tech',
    body: () => ({ signature: '  Terry Tech ' }),
    status: 200,
    shape: inspectionShape,
    check: (i) => expect(i).toMatchObject({ status: 'completed', signedName: 'Terry Tech', completedAt: expect.any(String), canEdit: false, canShare: true }),
  }),
  row({ method: 'POST', route: '/api/inspections/:id/complete', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/complete`, as: 'tech', body: () => ({ signature: 'Terry Tech' }), status: 409, note: 'already signed' }),
  row({ method: 'PATCH', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'tech', body: () => ({ notes: 'Too late' }), status: 409, note: 'signed: read-only' }),

  row({ method: 'POST', route: '/api/inspections/:id/share', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`, as: 'owner', status: 404, note: 'not shared yet: hidden from the customer' }),
  row({ method: 'POST', route: '/api/inspections/:id/share', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`, as: 'other', status: 404 }),
  row({ method: 'POST', route: '/api/inspections/:id/share', url: `/api/inspections/${MISSING}/share`, as: 'tech', status: 404 }),
  row({ method: 'POST', route: '/api/inspections/:id/share', url: '/api/inspections/nope/share', as: 'tech', status: 400 }),
  row({ method: 'POST', route: '/api/inspections/:id/share', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/inspections/:id/share',
    url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`,
    as: 'tech',
    status: 200,
    shape: sharedInspectionShape,
    check: (s) => expect(s.inspection).toMatchObject({ status: 'shared', sharedAt: expect.any(String), hasLink: true }),
  }),
  row({ method: 'GET', route: '/api/inspections/:id', url: (fx) => `/api/inspections/${fx.inspectionDraftId}`, as: 'owner', status: 200, shape: inspectionShape, note: 'shared now: the customer reads it', check: (i) => expect(i).toMatchObject({ status: 'shared', canDecide: true }) }),
  row({
    method: 'DELETE',
    route: '/api/inspections/:id/share',
    url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`,
    as: 'owner',
    status: 403,
    note: 'the customer reads it; the link is the shop\'s',
    check: (e) => expect(e).toMatchObject({ message: 'Only the shop\u2019s staff change its inspection' }),
  }),
  row({ method: 'DELETE', route: '/api/inspections/:id/share', url: `/api/inspections/${MISSING}/share`, as: 'tech', status: 404 }),
  row({ method: 'DELETE', route: '/api/inspections/:id/share', url: '/api/inspections/nope/share', as: 'tech', status: 400 }),
  row({ method: 'DELETE', route: '/api/inspections/:id/share', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/inspections/:id/share', url: (fx) => `/api/inspections/${fx.inspectionDraftId}/share`, as: 'tech', status: 200, shape: inspectionShape, check: (i) => expect(i).toMatchObject({ status: 'shared', hasLink: false }) }),

  row({
    method: 'GET',
    route: '/api/inspections/:id/report.pdf',
    url: (fx) => `/api/inspections/${fx.sharedInspectionId}/report.pdf?timeZone=America/Chicago`,
    as: 'owner',
    status: 200,
    check: (_b, _fx, res) => {
      isPdf(res);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inspection-2020-toyota-camry\.pdf"$/);
    },
  }),
  row({ method: 'GET', route: '/api/inspections/:id/report.pdf', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/report.pdf`, as: 'tech', status: 200, check: (_b, _fx, res) => isPdf(res) }),
  row({ method: 'GET', route: '/api/inspections/:id/report.pdf', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/report.pdf?timeZone=Mars/Olympus`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/inspections/:id/report.pdf', url: '/api/inspections/nope/report.pdf', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/inspections/:id/report.pdf', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/report.pdf`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/inspections/:id/report.pdf', url: `/api/inspections/${MISSING}/report.pdf`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/inspections/:id/report.pdf', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/report.pdf`, as: 'anonymous', status: 401 }),

  // Only the customer decides; an approval becomes a request to the shop, and is final.
  row({ method: 'POST', route: '/api/inspections/:id/recommendations/:recId/decision', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`, as: 'tech', body: () => ({ decision: 'approved' }), status: 403, note: 'staff see it, the customer decides' }),
  row({ method: 'POST', route: '/api/inspections/:id/recommendations/:recId/decision', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`, as: 'other', body: () => ({ decision: 'approved' }), status: 404 }),
  row({ method: 'POST', route: '/api/inspections/:id/recommendations/:recId/decision', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`, as: 'owner', body: () => ({ decision: 'maybe' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Decision must be approved or declined' }) }),
  row({ method: 'POST', route: '/api/inspections/:id/recommendations/:recId/decision', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${MISSING}/decision`, as: 'owner', body: () => ({ decision: 'declined' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Inspection item not found' }) }),
  row({ method: 'POST', route: '/api/inspections/:id/recommendations/:recId/decision', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`, as: 'anonymous', body: () => ({ decision: 'declined' }), status: 401 }),
  row({
    method: 'POST',
    route: '/api/inspections/:id/recommendations/:recId/decision',
    url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`,
    as: 'owner',
    body: () => ({ decision: 'declined' }),
    status: 200,
    shape: inspectionShape,
    check: (i, fx) => {
      expect(itemOf(i, fx.sharedPadsId)).toMatchObject({ decision: 'declined', decidedAt: expect.any(String), requestInquiryId: null });
      expect(i.pendingDecisions).toBe(0);
    },
  }),
  row({
    method: 'POST',
    route: '/api/inspections/:id/recommendations/:recId/decision',
    url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`,
    as: 'owner',
    body: () => ({ decision: 'approved' }),
    status: 200,
    shape: inspectionShape,
    note: 'a declined one may still be approved',
    check: (i, fx) => expect(itemOf(i, fx.sharedPadsId)).toMatchObject({ decision: 'approved', requestInquiryId: expect.any(String) }),
  }),
  row({ method: 'POST', route: '/api/inspections/:id/recommendations/:recId/decision', url: (fx) => `/api/inspections/${fx.sharedInspectionId}/recommendations/${fx.sharedPadsId}/decision`, as: 'owner', body: () => ({ decision: 'declined' }), status: 409, note: 'an approval is final' }),

  // The public link: no session, no ids of people; a malformed token reads as an unknown one.
  row({
    method: 'GET',
    route: '/api/shared/inspections/:token',
    url: (fx) => `/api/shared/inspections/${fx.shareToken}`,
    as: 'anonymous',
    status: 200,
    shape: publicInspectionShape,
    check: (r, fx) => {
      expect(r).toMatchObject({ id: fx.sharedInspectionId, status: 'shared', signedName: 'Terry Tech', customerName: expect.any(String) });
      expect(itemOf(r, fx.sharedPadsId)?.photos.map((p) => p.id)).toEqual([fx.sharedPhotoId]);
    },
  }),
  row({ method: 'GET', route: '/api/shared/inspections/:token', url: (fx) => `/api/shared/inspections/${fx.shareToken}`, as: 'other', status: 200, shape: publicInspectionShape, note: 'anyone holding the link' }),
  row({ method: 'GET', route: '/api/shared/inspections/:token', url: `/api/shared/inspections/${UNKNOWN_TOKEN}`, as: 'anonymous', status: 404, check: (e) => expect(e).toMatchObject({ message: 'This inspection link is not valid: it may have been replaced or turned off' }) }),
  row({ method: 'GET', route: '/api/shared/inspections/:token', url: '/api/shared/inspections/not-a-token', as: 'anonymous', status: 404, note: 'malformed: as unknown (NOT_APPLICABLE 400)', check: (e) => expect(e).toMatchObject({ message: 'This inspection link is not valid: it may have been replaced or turned off' }) }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/report.pdf', url: (fx) => `/api/shared/inspections/${fx.shareToken}/report.pdf?timeZone=Europe/Berlin`, as: 'anonymous', status: 200, check: (_b, _fx, res) => isPdf(res) }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/report.pdf', url: (fx) => `/api/shared/inspections/${fx.shareToken}/report.pdf?timeZone=Mars/Olympus`, as: 'anonymous', status: 400, check: (e) => expect(e).toMatchObject({ message: 'timeZone must be an IANA time zone such as America/Chicago' }) }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/report.pdf', url: `/api/shared/inspections/${UNKNOWN_TOKEN}/report.pdf?timeZone=Mars/Olympus`, as: 'anonymous', status: 404, note: 'an unknown link first' }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/report.pdf', url: '/api/shared/inspections/not-a-token/report.pdf', as: 'anonymous', status: 404, note: 'malformed: as unknown' }),
  row({
    method: 'GET',
    route: '/api/shared/inspections/:token/photos/:fileId',
    url: (fx) => `/api/shared/inspections/${fx.shareToken}/photos/${fx.sharedPhotoId}`,
    as: 'anonymous',
    status: 200,
    check: (_b, _fx, res) => expect([res.headers['content-type'], res.headers['x-content-type-options'], res.headers['cache-control']]).toEqual(['image/png', 'nosniff', 'private, max-age=300']),
  }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/photos/:fileId', url: (fx) => `/api/shared/inspections/${fx.shareToken}/photos/${fx.fileId}`, as: 'anonymous', status: 404, note: 'a photo of no item of this inspection' }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/photos/:fileId', url: (fx) => `/api/shared/inspections/${fx.shareToken}/photos/nope`, as: 'anonymous', status: 404, note: 'malformed photo id: as unknown (NOT_APPLICABLE 400)' }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/photos/:fileId', url: (fx) => `/api/shared/inspections/not-a-token/photos/${fx.sharedPhotoId}`, as: 'anonymous', status: 404, note: 'malformed token: as unknown' }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/photos/:fileId/thumbnail', url: (fx) => `/api/shared/inspections/${fx.shareToken}/photos/${fx.sharedPhotoId}/thumbnail`, as: 'anonymous', status: 200, check: (_b, _fx, res) => expect(res.headers['content-type']).toBe('image/webp') }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/photos/:fileId/thumbnail', url: (fx) => `/api/shared/inspections/${UNKNOWN_TOKEN}/photos/${fx.sharedPhotoId}/thumbnail`, as: 'anonymous', status: 404, note: 'unknown link' }),
  row({ method: 'GET', route: '/api/shared/inspections/:token/photos/:fileId/thumbnail', url: (fx) => `/api/shared/inspections/${fx.shareToken}/photos/nope/thumbnail`, as: 'anonymous', status: 404, note: 'malformed photo id: as unknown (NOT_APPLICABLE 400)' }),

  // Photos: the caller's own and those of inspections and records they may read.
  row({ method: 'GET', route: '/api/photos', url: (fx) => `/api/photos?inspectionId=${fx.sharedInspectionId}`, as: 'owner', status: 200, shape: photoPageShape, check: (p, fx) => expect(p).toMatchObject({ items: [{ id: fx.sharedPhotoId, mine: false }], nextCursor: null }) }),
  row({
    method: 'GET',
    route: '/api/photos',
    url: (fx) => `/api/photos?vehicleId=${fx.vehicle.id}&componentId=${fx.engineId}&limit=60`,
    as: 'owner',
    status: 200,
    shape: photoPageShape,
    note: 'the engine: the receipt of the oil change, no brake photo',
    check: (p, fx) => expect(idsOf(p.items)).toEqual([fx.fileId]),
  }),
  row({ method: 'GET', route: '/api/photos', url: (fx) => `/api/photos?inspectionId=${fx.sharedInspectionId}`, as: 'other', status: 200, shape: photoPageShape, check: (p) => expect(p.items).toEqual([]) }),
  row({ method: 'GET', route: '/api/photos', url: (fx) => `/api/photos?vehicleId=${fx.vehicle.id}`, as: 'tech', status: 200, shape: photoPageShape, note: 'the shop\'s photos of the car', check: (p, fx) => expect(p.items.filter((f) => f.mine).map((f) => f.id)).toContain(fx.sharedPhotoId) }),
  row({ method: 'GET', route: '/api/photos', url: '/api/photos?from=2026-05-02&to=2026-05-01', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'From must not be after To' }) }),
  row({ method: 'GET', route: '/api/photos', url: '/api/photos?inspectionId=nope', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'inspectionId: Invalid inspection id' }) }),
  row({ method: 'GET', route: '/api/photos', as: 'anonymous', status: 401 }),
  row({
    method: 'GET',
    route: '/api/photos/:id/analysis',
    url: (fx) => `/api/photos/${fx.sharedPhotoId}/analysis`,
    as: 'owner',
    status: 200,
    shape: analysisShape,
    check: (a, fx) => expect(a).toMatchObject({ id: fx.sharedPhotoId, name: 'pads.png', width: 32, height: 24, analysis: expect.objectContaining({ verdict: expect.any(String) }) }),
  }),
  row({ method: 'GET', route: '/api/photos/:id/analysis', url: (fx) => `/api/photos/${fx.sharedPhotoId}/analysis`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/photos/:id/analysis', url: `/api/photos/${MISSING}/analysis`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/photos/:id/analysis', url: '/api/photos/nope/analysis', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/photos/:id/analysis', url: (fx) => `/api/photos/${fx.sharedPhotoId}/analysis`, as: 'anonymous', status: 401 }),

  // -- Diagnostic sessions -------------------------------------------------------------------
  // The center (tech) scanned the owner's car (fixtures): the owner reads it, the shop changes it and
  // clears its codes once. The owner's own scan is theirs: the shop does not see it.
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions?limit=50`,
    as: 'owner',
    status: 200,
    shape: z.array(sessionSummaryShape),
    note: "the shop's scan of their car and their own",
    check: (list, fx) => {
      expect(idsOf(list)).toEqual(expect.arrayContaining([fx.sessionId, fx.ownSessionId]));
      expect(list.find((s) => s.id === fx.sessionId)).toMatchObject({ vehicleLabel: '2020 Toyota Camry', serviceCenterId: fx.centerId, serviceCenterName: 'Contract Garage', source: 'adapter', milOn: true, codeCount: 2, clearedAt: null });
      expect(list.find((s) => s.id === fx.ownSessionId)).toMatchObject({ serviceCenterId: null, customerName: null, source: 'manual', codeCount: 1 });
    },
  }),
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions?serviceCenterId=${fx.centerId}`,
    as: 'tech',
    status: 200,
    shape: z.array(sessionSummaryShape),
    note: "the shop's, not the owner's own",
    check: (list, fx) => {
      expect(idsOf(list)).toContain(fx.sessionId);
      expect(idsOf(list)).not.toContain(fx.ownSessionId);
    },
  }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`, as: 'other', status: 200, shape: z.array(sessionSummaryShape), note: "another owner's car: none of theirs", check: (list) => expect(list).toEqual([]) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions?serviceCenterId=${fx.centerId}`, as: 'other', status: 404, note: 'not staff of the shop', check: (e) => expect(e).toMatchObject({ message: 'Service center not found' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions?serviceCenterId=${MISSING}`, as: 'tech', status: 404, note: 'unknown shop' }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: '/api/vehicles/nope/diagnostic-sessions', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'vehicleId: Invalid vehicle id' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions?limit=51`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`, as: 'anonymous', status: 401 }),

  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`,
    as: 'tech',
    body: (fx) => ({ serviceCenterId: fx.centerId, customerVehicleId: fx.customerVehicleId, source: 'adapter', vin: VIN.toLowerCase(), mileage: 30_200, codes: [{ code: 'p0420', status: 'stored' }, { code: 'P0420', status: 'stored' }] }),
    status: 201,
    shape: sessionShape,
    note: 'a code read twice is one finding',
    check: (s, fx) => expect(s).toMatchObject({ serviceCenterId: fx.centerId, serviceCenterName: 'Contract Garage', customerName: expect.any(String), vin: VIN, mileage: 30_200, codeCount: 1, codes: [CATALYST], canEdit: true, clearedAt: null }),
  }),
  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`,
    as: 'owner',
    body: () => ({ source: 'manual', codes: [{ code: 'P0455', status: 'pending' }] }),
    status: 201,
    shape: sessionShape,
    note: 'typed by hand, for a car in the garage',
    check: (s) => expect(s).toMatchObject({ source: 'manual', serviceCenterId: null, customerName: null, codeCount: 1, codes: [{ code: 'P0455', status: 'pending' }], canEdit: true }),
  }),
  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`,
    as: 'owner',
    body: () => ({ source: 'manual', codes: [{ code: 'X1234', status: 'stored' }] }),
    status: 400,
    check: (e) => expect(e).toMatchObject({ issues: { fieldErrors: { codes: [expect.any(String)] } } }),
  }),
  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`,
    as: 'owner',
    body: () => ({ source: 'adapter', vin: SPARE_VIN }),
    status: 400,
    note: "another car's VIN",
    check: (e) => expect(e).toMatchObject({ message: `The VIN read from the car (${SPARE_VIN}) is not this vehicle's (${VIN}): choose the right vehicle` }),
  }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`, as: 'tech', body: (fx) => ({ serviceCenterId: fx.centerId, source: 'manual' }), status: 400, note: "a shop names the customer's vehicle too", check: (e) => expect(e).toMatchObject({ message: 'A shop names both serviceCenterId and customerVehicleId' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`, as: 'other', body: () => ({ source: 'manual' }), status: 404, note: 'not in their garage', check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`, as: 'other', body: (fx) => ({ serviceCenterId: fx.centerId, customerVehicleId: fx.customerVehicleId, source: 'manual' }), status: 404, note: 'not staff of the shop', check: (e) => expect(e).toMatchObject({ message: 'Service center not found' }) }),
  row({
    method: 'POST',
    route: '/api/vehicles/:vehicleId/diagnostic-sessions',
    url: (fx) => `/api/vehicles/${fx.spareVehicleId}/diagnostic-sessions`,
    as: 'tech',
    body: (fx) => ({ serviceCenterId: fx.centerId, customerVehicleId: fx.customerVehicleId, source: 'manual' }),
    status: 404,
    note: "the customer's vehicle is another car",
    check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found among this shop\u2019s customers' }),
  }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: `/api/vehicles/${MISSING}/diagnostic-sessions`, as: 'owner', body: () => ({ source: 'manual' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'POST', route: '/api/vehicles/:vehicleId/diagnostic-sessions', url: (fx) => `/api/vehicles/${fx.vehicle.id}/diagnostic-sessions`, as: 'anonymous', body: () => ({ source: 'manual' }), status: 401 }),

  row({
    method: 'GET',
    route: '/api/diagnostic-sessions/:id',
    url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`,
    as: 'tech',
    status: 200,
    shape: sessionShape,
    check: (s) => {
      expect(s).toMatchObject({ adapter: 'ELM327 v1.5', protocol: 'ISO 15765-4 (CAN 11/500)', vin: VIN, voltage: 12.4, milOn: true, canEdit: true });
      expect(s.codes).toEqual([CATALYST, expect.objectContaining({ code: 'P0171', status: 'pending' })]);
      expect([s.readiness, s.live, s.freezeFrame]).toEqual([
        [{ key: 'catalyst', label: 'Catalyst', complete: false }],
        [{ key: 'rpm', label: 'Engine speed', value: 780, unit: 'rpm' }],
        [{ key: 'coolant', label: 'Coolant temperature', value: 88, unit: '°C' }],
      ]);
    },
  }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'owner', status: 200, shape: sessionShape, note: 'the customer reads it', check: (s) => expect(s).toMatchObject({ codeCount: 2, canEdit: false }) }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.ownSessionId}`, as: 'tech', status: 404, note: "the owner's own scan is not the shop's" }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'other', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Diagnostic session not found' }) }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id', url: `/api/diagnostic-sessions/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id', url: '/api/diagnostic-sessions/nope', as: 'tech', status: 400, check: (e) => expect(e).toMatchObject({ message: 'Invalid diagnostic session id' }) }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'anonymous', status: 401 }),

  row({
    method: 'PATCH',
    route: '/api/diagnostic-sessions/:id',
    url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`,
    as: 'tech',
    body: () => ({ notes: ' Replaced the downstream O2 sensor ', live: [{ key: 'rpm', label: 'Engine speed', value: 820, unit: 'rpm' }] }),
    status: 200,
    shape: sessionShape,
    check: (s) => expect(s).toMatchObject({ notes: 'Replaced the downstream O2 sensor', live: [{ key: 'rpm', value: 820 }], clearedAt: null, codeCount: 2 }),
  }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'tech', body: () => ({ cleared: false }), status: 400, note: 'clearing is only ever true' }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'tech', body: () => ({ notes: 'x'.repeat(2001) }), status: 400, check: (e) => expect(e).toMatchObject({ issues: { fieldErrors: { notes: ['Notes are at most 2000 characters'] } } }) }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: '/api/diagnostic-sessions/nope', as: 'tech', body: () => ({ notes: 'x' }), status: 400 }),
  row({
    method: 'PATCH',
    route: '/api/diagnostic-sessions/:id',
    url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`,
    as: 'owner',
    body: () => ({ cleared: true }),
    status: 403,
    note: 'the customer reads it, the shop changes it',
    check: (e) => expect(e).toMatchObject({ message: 'Only the shop that ran the scan changes it; an owner\u2019s own scan, the owner and editors of the vehicle' }),
  }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'other', body: () => ({ notes: 'x' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.ownSessionId}`, as: 'tech', body: () => ({ notes: 'x' }), status: 404, note: "the owner's own scan is not the shop's" }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: `/api/diagnostic-sessions/${MISSING}`, as: 'tech', body: () => ({ notes: 'x' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`, as: 'anonymous', body: () => ({ notes: 'x' }), status: 401 }),
  row({ method: 'PATCH', route: '/api/diagnostic-sessions/:id', url: (fx) => `/api/diagnostic-sessions/${fx.ownSessionId}`, as: 'owner', body: () => ({ notes: 'Gas cap tightened' }), status: 200, shape: sessionShape, note: 'their own scan', check: (s) => expect(s).toMatchObject({ notes: 'Gas cap tightened', canEdit: true }) }),
  row({
    method: 'PATCH',
    route: '/api/diagnostic-sessions/:id',
    url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`,
    as: 'tech',
    body: () => ({ cleared: true }),
    status: 200,
    shape: sessionShape,
    note: 'codes cleared from the car: what was found stays',
    check: (s) => expect(s).toMatchObject({ clearedAt: expect.any(String), codeCount: 2, codes: [CATALYST, { code: 'P0171' }], notes: 'Replaced the downstream O2 sensor' }),
  }),
  row({
    method: 'PATCH',
    route: '/api/diagnostic-sessions/:id',
    url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}`,
    as: 'tech',
    body: () => ({ cleared: true }),
    status: 409,
    note: 'cleared once',
    check: (e) => expect(e).toMatchObject({ message: 'The codes of this session were cleared already' }),
  }),

  row({
    method: 'GET',
    route: '/api/diagnostic-sessions/:id/report.csv',
    url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}/report.csv`,
    as: 'tech',
    status: 200,
    check: (_b, _fx, res) => {
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="diagnostic-session-2020-toyota-camry-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('section,item,status,value,unit,detail');
      expect(lines).toEqual(
        expect.arrayContaining([
          `session,vehicle,,2020 Toyota Camry,,${VIN}`,
          'session,check engine light,,on,,',
          'code,P0420,Stored,warning,,Catalyst System Efficiency Below Threshold (Bank 1)',
          'readiness,Catalyst,not complete,,,',
          'live,Engine speed,,820,rpm,',
          'freeze frame,Coolant temperature,,88,°C,',
          'session,notes,,,,Replaced the downstream O2 sensor',
        ]),
      );
      expect(lines.some((line) => line.startsWith('session,codes cleared,,'))).toBe(true);
    },
  }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id/report.csv', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}/report.csv`, as: 'owner', status: 200, note: 'the customer downloads it', check: (_b, _fx, res) => expect(res.body).toContain('code,P0171,Pending,') }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id/report.csv', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}/report.csv`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id/report.csv', url: `/api/diagnostic-sessions/${MISSING}/report.csv`, as: 'owner', status: 404 }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id/report.csv', url: '/api/diagnostic-sessions/nope/report.csv', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/diagnostic-sessions/:id/report.csv', url: (fx) => `/api/diagnostic-sessions/${fx.sessionId}/report.csv`, as: 'anonymous', status: 401 }),

  // -- Parts, stock and suppliers -----------------------------------------------------------
  // The center (tech owns it) keeps PAD-100 with 3 units in stock (fixtures); money in whole cents.
  row({
    method: 'GET',
    route: '/api/shops/:centerId/parts',
    url: (fx) => `/api/shops/${fx.centerId}/parts`,
    as: 'tech',
    status: 200,
    shape: partPageShape,
    check: (page, fx) => expect(page.items.find((p) => p.id === fx.partId)).toMatchObject({ partNumber: 'PAD-100', category: 'Brakes', priceCents: 5_999, onHand: 3, status: 'in_stock' }),
  }),
  row({ method: 'GET', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts?make=TOYOTA&model=camry&year=2020&search=pad`, as: 'tech', status: 200, shape: partPageShape, note: 'by fitment', check: (page, fx) => expect(idsOf(page.items)).toEqual([fx.partId]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts?make=Toyota&year=2017`, as: 'tech', status: 200, shape: partPageShape, note: 'a year it does not fit', check: (page) => expect(page).toEqual({ items: [], nextCursor: null }) }),
  row({ method: 'GET', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts?year=1800`, as: 'tech', status: 400, check: (e) => expect(e).toMatchObject({ message: 'Year must be 1900 or later' }) }),
  row({ method: 'GET', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts`, as: 'other', status: 404, note: 'not staff of the shop', check: (e) => expect(e).toMatchObject({ message: 'Service center not found' }) }),
  row({ method: 'GET', route: '/api/shops/:centerId/parts', url: `/api/shops/${MISSING}/parts`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/shops/:centerId/parts',
    url: (fx) => `/api/shops/${fx.centerId}/parts`,
    as: 'tech',
    body: () => ({ partNumber: 'flt-9', name: 'Oil filter', category: 'Engine', unitCostCents: 450, priceCents: 1_299, reorderPoint: 4 }),
    status: 201,
    shape: partShape,
    check: (p, fx) => expect(p).toMatchObject({ serviceCenterId: fx.centerId, partNumber: 'FLT-9', make: null, onHand: 0, status: 'out_of_stock' }),
  }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts`, as: 'tech', body: () => ({ partNumber: 'pad-100', name: 'Again' }), status: 409, check: (e) => expect(e).toMatchObject({ message: 'The shop has a part numbered PAD-100 already' }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts`, as: 'tech', body: () => ({ partNumber: 'X-1', name: 'Dollars', priceCents: '12.50' }), status: 400, note: 'cents, not an amount', check: (e) => expect(e).toMatchObject({ issues: { fieldErrors: { priceCents: [expect.any(String)] } } }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts`, as: 'other', body: () => ({ partNumber: 'X-2', name: 'Intruder' }), status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts', url: (fx) => `/api/shops/${fx.centerId}/parts`, as: 'anonymous', body: () => ({ partNumber: 'X-3', name: 'Intruder' }), status: 401 }),
  row({ method: 'PATCH', route: '/api/parts/:id', url: (fx) => `/api/parts/${fx.partId}`, as: 'tech', body: () => ({ reorderPoint: 3, engine: '2.0L' }), status: 200, shape: partShape, note: '3 on hand at a reorder point of 3', check: (p) => expect(p).toMatchObject({ reorderPoint: 3, engine: '2.0L', onHand: 3, status: 'low_stock' }) }),
  row({ method: 'PATCH', route: '/api/parts/:id', url: (fx) => `/api/parts/${fx.partId}`, as: 'tech', body: () => ({ onHand: 50 }), status: 400, note: 'stock changes only by movements' }),
  row({ method: 'PATCH', route: '/api/parts/:id', url: (fx) => `/api/parts/${fx.partId}`, as: 'other', body: () => ({ name: 'Intruder' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Part not found' }) }),
  row({ method: 'PATCH', route: '/api/parts/:id', url: `/api/parts/${MISSING}`, as: 'tech', body: () => ({ name: 'Nobody' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/parts/:id', url: (fx) => `/api/parts/${fx.partId}`, as: 'anonymous', body: () => ({ name: 'Intruder' }), status: 401 }),
  // 3D scans (docs/scans.md#paths).
  row({ method: 'POST', route: '/api/scan-sessions', as: 'owner', body: () => ({ resolution: 'medium', scanType: 'full', outputFormat: 'obj', notes: 'Front caliper' }), status: 201, shape: scanShape, check: (s) => expect(s).toMatchObject({ status: 'pending', resolution: 'medium', outputFormat: 'obj', userRole: 'simple', photos: [] }) }),
  row({ method: 'POST', route: '/api/scan-sessions', as: 'owner', body: () => ({ resolution: 'ultra' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Resolution must be high, medium or low' }) }),
  row({ method: 'POST', route: '/api/scan-sessions', as: 'owner', body: () => ({ vehicleId: MISSING }), status: 404 }),
  row({ method: 'POST', route: '/api/scan-sessions', as: 'anonymous', body: () => ({}), status: 401 }),
  row({ method: 'GET', route: '/api/scan-sessions', as: 'owner', status: 200, shape: scanListShape, check: (list, fx) => expect(list.map((s) => s.id)).toEqual(expect.arrayContaining([fx.scanId, fx.scanReadyId])) }),
  row({ method: 'GET', route: '/api/scan-sessions', url: '/api/scan-sessions?status=done', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/scan-sessions', as: 'anonymous', status: 401 }),
  row({ method: 'GET', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanId}`, as: 'owner', status: 200, shape: scanShape, check: (s) => expect(s).toMatchObject({ scanType: 'detail', resolution: 'low' }) }),
  row({ method: 'GET', route: '/api/scan-sessions/:id', url: '/api/scan-sessions/nope', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanId}`, as: 'other', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Scan session not found' }) }),
  row({ method: 'GET', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanId}`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/scan-sessions/:id/images',
    url: (fx) => `/api/scan-sessions/${fx.scanId}/images?clientKey=front-1&overlap=0.65`,
    as: 'owner',
    upload: { content: SCAN_PHOTO, name: 'front.jpg', type: 'image/jpeg' },
    status: 201,
    shape: scanShape,
    check: (s) => expect(s.photos).toMatchObject([{ ordinal: 1, clientKey: 'front-1', width: 640, height: 480, overlap: 0.65 }]),
  }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/images', url: (fx) => `/api/scan-sessions/${fx.scanId}/images?clientKey=front-2`, as: 'owner', upload: { content: PHOTO, name: 'flat.png', type: 'image/png' }, status: 400, note: 'a blurry photo is refused' }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/images', url: (fx) => `/api/scan-sessions/${fx.scanId}/images`, as: 'owner', upload: { content: SCAN_PHOTO, name: 'front.jpg', type: 'image/jpeg' }, status: 400, check: (e) => expect(e).toMatchObject({ message: 'clientKey is required' }) }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/images', url: (fx) => `/api/scan-sessions/${fx.scanId}/images?clientKey=doc`, as: 'owner', upload: { content: TINY_PDF, name: 'doc.pdf', type: 'application/pdf' }, status: 415 }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/images', url: (fx) => `/api/scan-sessions/${fx.scanId}/images?clientKey=x`, as: 'other', upload: { content: SCAN_PHOTO, name: 'front.jpg', type: 'image/jpeg' }, status: 404 }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/images', url: (fx) => `/api/scan-sessions/${fx.scanId}/images?clientKey=x`, as: 'anonymous', upload: { content: SCAN_PHOTO, name: 'front.jpg', type: 'image/jpeg' }, status: 401 }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/process', url: (fx) => `/api/scan-sessions/${fx.scanId}/process`, as: 'owner', status: 409, note: 'too few photos' }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/process', url: '/api/scan-sessions/nope/process', as: 'owner', status: 400 }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/process', url: (fx) => `/api/scan-sessions/${fx.scanReadyId}/process`, as: 'other', status: 404 }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/process', url: (fx) => `/api/scan-sessions/${fx.scanReadyId}/process`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/scan-sessions/:id/process', url: (fx) => `/api/scan-sessions/${fx.scanReadyId}/process`, as: 'owner', status: 202, shape: scanShape, check: (s) => expect(s).toMatchObject({ status: 'processing', stage: 'queued' }) }),
  row({ method: 'DELETE', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanToDeleteId}`, as: 'other', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Scan session not found' }) }),
  row({ method: 'DELETE', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanToDeleteId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/scan-sessions/:id', url: '/api/scan-sessions/nope', as: 'owner', status: 400 }),
  row({ method: 'DELETE', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanToDeleteId}`, as: 'owner', status: 204 }),
  row({ method: 'DELETE', route: '/api/scan-sessions/:id', url: (fx) => `/api/scan-sessions/${fx.scanToDeleteId}`, as: 'owner', status: 404, note: 'already deleted' }),
  row({ method: 'GET', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'owner', status: 200, shape: modelShape, check: (m) => expect(m).toMatchObject({ modelType: 'mesh', pointCount: 4, faceCount: 4, dimensions: { size: [1, 1, 1] } }) }),
  row({ method: 'GET', route: '/api/models/:id', url: '/api/models/nope', as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/models', as: 'owner', status: 200, shape: z.array(modelShape), check: (list, fx) => expect(list.map((m) => m.id)).toContain(fx.modelId) }),
  row({ method: 'GET', route: '/api/models', url: '/api/models?limit=51', as: 'owner', status: 400, check: (e) => expect(e).toMatchObject({ message: 'Limit must be at most 50' }) }),
  row({ method: 'GET', route: '/api/models', as: 'other', status: 200, shape: z.array(modelShape), check: (list, fx) => expect(list.map((m) => m.id)).not.toContain(fx.modelId) }),
  row({ method: 'GET', route: '/api/models', as: 'anonymous', status: 401 }),
  row({ method: 'PATCH', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'owner', body: () => ({ name: 'Front caliper', mmPerUnit: 41.5 }), status: 200, shape: modelShape, check: (m) => expect(m).toMatchObject({ name: 'Front caliper', mmPerUnit: 41.5, editable: true }) }),
  row({ method: 'PATCH', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'owner', body: () => ({ mmPerUnit: 0 }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'mmPerUnit: Scale is too small: measure a longer known length' }) }),
  row({ method: 'PATCH', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'owner', body: () => ({}), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Nothing to change: give a name or a scale' }) }),
  row({ method: 'PATCH', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'other', body: () => ({ name: 'Mine' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'anonymous', body: () => ({ name: 'Mine' }), status: 401 }),
  row({ method: 'GET', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'other', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Model not found' }) }),
  row({ method: 'GET', route: '/api/models/:id', url: (fx) => `/api/models/${fx.modelId}`, as: 'anonymous', status: 401 }),
  row({
    method: 'GET',
    route: '/api/models/:id/download',
    url: (fx) => `/api/models/${fx.modelId}/download?format=ply`,
    as: 'owner',
    status: 200,
    note: 'the coloured points, read back',
    check: (_b, _fx, res) => {
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="scan-[0-9a-f]{8}\.ply"$/);
      const cloud = readPly(res.rawPayload);
      expect(cloud.positions.length).toBe(12);
      expect(Array.from(cloud.colours ?? []).slice(0, 3)).toEqual([255, 0, 0]);
    },
  }),
  row({ method: 'GET', route: '/api/models/:id/download', url: (fx) => `/api/models/${fx.modelId}/download?format=stl`, as: 'owner', status: 200, note: 'the surface', check: (_b, _fx, res) => expect(readStl(res.rawPayload).triangles.length).toBe(12) }),
  row({ method: 'GET', route: '/api/models/:id/download', url: (fx) => `/api/models/${fx.modelId}/download?format=gltf`, as: 'owner', status: 400 }),
  row({ method: 'GET', route: '/api/models/:id/download', url: (fx) => `/api/models/${fx.modelId}/download`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/models/:id/download', url: (fx) => `/api/models/${fx.modelId}/download`, as: 'anonymous', status: 401 }),
  // Repair orders (docs/repair-orders.md#paths).
  row({ method: 'GET', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders?status=sent`, as: 'tech', status: 200, shape: orderPageShape, check: (page, fx) => expect(idsOf(page.items)).toEqual([fx.orderId]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders?status=someday`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/repair-orders', url: `/api/shops/${MISSING}/repair-orders`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/shops/:centerId/repair-orders',
    url: (fx) => `/api/shops/${fx.centerId}/repair-orders`,
    as: 'tech',
    body: (fx) => ({ customerVehicleId: fx.customerVehicleId, notes: 'Squeal on braking' }),
    status: 201,
    shape: orderShape,
    check: (o) => expect(o).toMatchObject({ status: 'estimate', lines: [], notes: 'Squeal on braking', canEdit: true, transitions: ['sent', 'cancelled'], totals: { totalCents: 0 } }),
  }),
  row({ method: 'POST', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders`, as: 'tech', body: () => ({ customerVehicleId: 'nope' }), status: 400 }),
  row({ method: 'POST', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders`, as: 'tech', body: () => ({ customerVehicleId: MISSING }), status: 404, note: 'not a customer vehicle of the shop' }),
  row({ method: 'POST', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders`, as: 'other', body: (fx) => ({ customerVehicleId: fx.customerVehicleId }), status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/repair-orders', url: (fx) => `/api/shops/${fx.centerId}/repair-orders`, as: 'anonymous', body: (fx) => ({ customerVehicleId: fx.customerVehicleId }), status: 401 }),
  row({
    method: 'GET',
    route: '/api/repair-orders/:id',
    url: (fx) => `/api/repair-orders/${fx.orderId}`,
    as: 'owner',
    status: 200,
    shape: orderShape,
    note: 'the customer of a sent estimate',
    check: (o) => expect(o).toMatchObject({ viewer: 'customer', status: 'sent', transitions: [], customerVehicleId: null, totals: { laborCents: 18_000, totalCents: 18_000 } }),
  }),
  row({ method: 'GET', route: '/api/repair-orders/:id', url: (fx) => `/api/repair-orders/${fx.estimateOrderId}`, as: 'owner', status: 404, note: 'an estimate not sent yet' }),
  row({ method: 'GET', route: '/api/repair-orders/:id', url: '/api/repair-orders/nope', as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/repair-orders/:id', url: `/api/repair-orders/${MISSING}`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/repair-orders/:id', url: (fx) => `/api/repair-orders/${fx.orderId}`, as: 'anonymous', status: 401 }),
  row({ method: 'PATCH', route: '/api/repair-orders/:id', url: (fx) => `/api/repair-orders/${fx.orderId}`, as: 'tech', body: () => ({ mileage: 30_600 }), status: 200, shape: orderShape, check: (o) => expect(o.mileage).toBe(30_600) }),
  row({ method: 'PATCH', route: '/api/repair-orders/:id', url: (fx) => `/api/repair-orders/${fx.orderId}`, as: 'tech', body: () => ({ taxRateBp: 900 }), status: 409, note: 'the rate of a sent estimate' }),
  row({ method: 'PATCH', route: '/api/repair-orders/:id', url: (fx) => `/api/repair-orders/${fx.orderId}`, as: 'tech', body: () => ({ mileage: -1 }), status: 400 }),
  row({ method: 'PATCH', route: '/api/repair-orders/:id', url: `/api/repair-orders/${MISSING}`, as: 'tech', body: () => ({ notes: 'x' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/repair-orders/:id', url: (fx) => `/api/repair-orders/${fx.orderId}`, as: 'anonymous', body: () => ({ notes: 'x' }), status: 401 }),
  row({
    method: 'POST',
    route: '/api/repair-orders/:id/lines',
    url: (fx) => `/api/repair-orders/${fx.estimateOrderId}/lines`,
    as: 'tech',
    body: (fx) => ({ kind: 'part', partId: fx.partId, quantity: 2 }),
    status: 200,
    shape: orderShape,
    note: 'PAD-100 at its price, taxable',
    check: (o, fx) => expect(o.lines.map((l) => [l.partId, l.partNumber, l.quantity, l.amountCents, l.taxable])).toEqual([[fx.partId, 'PAD-100', 2, 11_998, true]]),
  }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines', url: (fx) => `/api/repair-orders/${fx.estimateOrderId}/lines`, as: 'tech', body: () => ({ kind: 'labor', description: 'x', serviceType: 'x', hoursHundredths: 1.5, rateCents: 100 }), status: 400, note: 'hours in hundredths' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines', url: (fx) => `/api/repair-orders/${fx.orderId}/lines`, as: 'tech', body: () => ({ kind: 'fee', description: 'Late', amountCents: 100 }), status: 409, note: 'a sent estimate' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines', url: `/api/repair-orders/${MISSING}/lines`, as: 'tech', body: () => ({ kind: 'fee', description: 'x', amountCents: 1 }), status: 404 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines', url: (fx) => `/api/repair-orders/${fx.estimateOrderId}/lines`, as: 'anonymous', body: () => ({ kind: 'fee', description: 'x', amountCents: 1 }), status: 401 }),
  row({
    method: 'PUT',
    route: '/api/repair-orders/:id/lines/:lineId',
    url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${fx.draftLineId}`,
    as: 'tech',
    body: () => ({ kind: 'fee', description: 'Towing, 12 miles', amountCents: 6_500, taxable: false }),
    status: 200,
    shape: orderShape,
    check: (o) => expect(o.lines.map((l) => [l.description, l.amountCents])).toEqual([['Towing, 12 miles', 6_500]]),
  }),
  row({ method: 'PUT', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${fx.draftLineId}`, as: 'tech', body: () => ({ kind: 'fee', description: '', amountCents: 1 }), status: 400 }),
  row({ method: 'PUT', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.orderId}/lines/${fx.orderLineId}`, as: 'tech', body: () => ({ kind: 'fee', description: 'x', amountCents: 1 }), status: 409, note: 'a sent estimate' }),
  row({ method: 'PUT', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${MISSING}`, as: 'tech', body: () => ({ kind: 'fee', description: 'x', amountCents: 1 }), status: 404 }),
  row({ method: 'PUT', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${fx.draftLineId}`, as: 'anonymous', body: () => ({ kind: 'fee', description: 'x', amountCents: 1 }), status: 401 }),
  row({ method: 'DELETE', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${fx.draftLineId}`, as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/nope`, as: 'tech', status: 400 }),
  row({ method: 'DELETE', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.orderId}/lines/${fx.orderLineId}`, as: 'tech', status: 409, note: 'a sent estimate' }),
  row({
    method: 'DELETE',
    route: '/api/repair-orders/:id/lines/:lineId',
    url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${fx.draftLineId}`,
    as: 'tech',
    status: 200,
    shape: orderShape,
    check: (o) => expect(o).toMatchObject({ lines: [], totals: { totalCents: 0 } }),
  }),
  row({ method: 'DELETE', route: '/api/repair-orders/:id/lines/:lineId', url: (fx) => `/api/repair-orders/${fx.draftOrderId}/lines/${fx.draftLineId}`, as: 'tech', status: 404, note: 'removed already' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-in', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-in`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-in', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-in`, as: 'owner', status: 404 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-in', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/12/clock-in`, as: 'tech', status: 400 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-in', url: (fx) => `/api/repair-orders/${fx.orderId}/lines/${fx.orderLineId}/clock-in`, as: 'tech', status: 409, note: 'an order not in progress' }),
  row({
    method: 'POST',
    route: '/api/repair-orders/:id/lines/:lineId/clock-in',
    url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-in`,
    as: 'tech',
    status: 200,
    shape: orderShape,
    check: (o, fx) => expect(o.lines.find((l) => l.id === fx.workLineId)?.clockRunning).toBe(true),
  }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-in', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-in`, as: 'tech', status: 409, note: 'the clock runs already' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-out', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-out`, as: 'anonymous', status: 401 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-out', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${MISSING}/clock-out`, as: 'tech', status: 404 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-out', url: '/api/repair-orders/nope/lines/nope/clock-out', as: 'tech', status: 400 }),
  row({
    method: 'POST',
    route: '/api/repair-orders/:id/lines/:lineId/clock-out',
    url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-out`,
    as: 'tech',
    status: 200,
    shape: orderShape,
    check: (o, fx) => expect(o.lines.find((l) => l.id === fx.workLineId)?.clockRunning).toBe(false),
  }),
  row({ method: 'POST', route: '/api/repair-orders/:id/lines/:lineId/clock-out', url: (fx) => `/api/repair-orders/${fx.workOrderId}/lines/${fx.workLineId}/clock-out`, as: 'tech', status: 409, note: 'no clock running' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/transition', url: (fx) => `/api/repair-orders/${fx.estimateOrderId}/transition`, as: 'tech', body: () => ({ to: 'sent' }), status: 200, shape: orderShape, check: (o) => expect(o).toMatchObject({ status: 'sent', canEdit: false }) }),
  row({ method: 'POST', route: '/api/repair-orders/:id/transition', url: (fx) => `/api/repair-orders/${fx.estimateOrderId}/transition`, as: 'tech', body: () => ({ to: 'paid' }), status: 409 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/transition', url: (fx) => `/api/repair-orders/${fx.estimateOrderId}/transition`, as: 'tech', body: () => ({ to: 'done' }), status: 400 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/transition', url: (fx) => `/api/repair-orders/${fx.orderId}/transition`, as: 'owner', body: () => ({ to: 'approved' }), status: 404, note: 'the customer decides, not moves' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/transition', url: (fx) => `/api/repair-orders/${fx.orderId}/transition`, as: 'anonymous', body: () => ({ to: 'approved' }), status: 401 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/decisions', url: (fx) => `/api/repair-orders/${fx.orderId}/decisions`, as: 'owner', body: () => ({ decisions: [] }), status: 400 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/decisions', url: (fx) => `/api/repair-orders/${fx.orderId}/decisions`, as: 'tech', body: (fx) => ({ decisions: [{ lineId: fx.orderLineId, decision: 'approved' }] }), status: 404, note: 'staff do not decide for the customer here' }),
  row({
    method: 'POST',
    route: '/api/repair-orders/:id/decisions',
    url: (fx) => `/api/repair-orders/${fx.orderId}/decisions`,
    as: 'owner',
    body: (fx) => ({ decisions: [{ lineId: fx.orderLineId, decision: 'approved' }] }),
    status: 200,
    shape: orderShape,
    check: (o) => expect(o).toMatchObject({ status: 'approved', lines: [{ decision: 'approved' }] }),
  }),
  row({ method: 'POST', route: '/api/repair-orders/:id/decisions', url: (fx) => `/api/repair-orders/${fx.orderId}/decisions`, as: 'anonymous', body: (fx) => ({ decisions: [{ lineId: fx.orderLineId, decision: 'approved' }] }), status: 401 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/payments', url: (fx) => `/api/repair-orders/${fx.invoicedOrderId}/payments`, as: 'tech', body: () => ({ amountCents: 101, method: 'cash' }), status: 409, note: 'more than the balance' }),
  row({ method: 'POST', route: '/api/repair-orders/:id/payments', url: (fx) => `/api/repair-orders/${fx.invoicedOrderId}/payments`, as: 'tech', body: () => ({ amountCents: 100, method: 'barter' }), status: 400 }),
  row({
    method: 'POST',
    route: '/api/repair-orders/:id/payments',
    url: (fx) => `/api/repair-orders/${fx.invoicedOrderId}/payments`,
    as: 'tech',
    body: () => ({ amountCents: 100, method: 'card', reference: 'Auth 4411' }),
    status: 200,
    shape: orderShape,
    check: (o) => expect(o).toMatchObject({ status: 'paid', paidCents: 100, balanceCents: 0, payments: [{ amountCents: 100, method: 'card', reference: 'Auth 4411' }] }),
  }),
  row({ method: 'POST', route: '/api/repair-orders/:id/payments', url: `/api/repair-orders/${MISSING}/payments`, as: 'tech', body: () => ({ amountCents: 100, method: 'cash' }), status: 404 }),
  row({ method: 'POST', route: '/api/repair-orders/:id/payments', url: (fx) => `/api/repair-orders/${fx.invoicedOrderId}/payments`, as: 'anonymous', body: () => ({ amountCents: 100, method: 'cash' }), status: 401 }),
  row({
    method: 'GET',
    route: '/api/shops/:centerId/inventory',
    url: (fx) => `/api/shops/${fx.centerId}/inventory`,
    as: 'tech',
    status: 200,
    shape: inventoryShape,
    note: 'PAD-100 low, FLT-9 out',
    check: (page) => expect(page).toMatchObject({ summary: { parts: 2, lowStock: 1, outOfStock: 1, valueCents: 3 * 2_500 }, allowBackorders: false }),
  }),
  row({ method: 'GET', route: '/api/shops/:centerId/inventory', url: (fx) => `/api/shops/${fx.centerId}/inventory?status=low_stock`, as: 'tech', status: 200, shape: inventoryShape, check: (page, fx) => expect(idsOf(page.items)).toEqual([fx.partId]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/inventory', url: (fx) => `/api/shops/${fx.centerId}/inventory?status=plenty`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/shops/:centerId/inventory', url: (fx) => `/api/shops/${fx.centerId}/inventory`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/inventory', url: `/api/shops/${MISSING}/inventory`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/inventory', url: (fx) => `/api/shops/${fx.centerId}/inventory`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/inventory/:partId/movements',
    url: (fx) => `/api/inventory/${fx.partId}/movements`,
    as: 'tech',
    body: () => ({ kind: 'used', quantity: 1 }),
    status: 201,
    shape: moveResultShape,
    check: (r, fx) => expect(r).toMatchObject({ part: { id: fx.partId, onHand: 2, status: 'low_stock' }, movement: { kind: 'used', quantity: -1, balance: 2, reason: null, supplierId: null } }),
  }),
  row({
    method: 'POST',
    route: '/api/inventory/:partId/movements',
    url: (fx) => `/api/inventory/${fx.partId}/movements`,
    as: 'tech',
    body: () => ({ kind: 'used', quantity: 3 }),
    status: 409,
    note: 'more than is on hand',
    check: (e) => expect(e).toMatchObject({ message: 'Not enough stock of PAD-100: 2 on hand, 3 asked. The shop does not allow backorders.' }),
  }),
  row({ method: 'POST', route: '/api/inventory/:partId/movements', url: (fx) => `/api/inventory/${fx.partId}/movements`, as: 'tech', body: () => ({ kind: 'adjusted', quantity: -1 }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'reason: Say why the stock is adjusted' }) }),
  row({ method: 'POST', route: '/api/inventory/:partId/movements', url: '/api/inventory/nope/movements', as: 'tech', body: () => ({ kind: 'received', quantity: 1 }), status: 400 }),
  row({ method: 'POST', route: '/api/inventory/:partId/movements', url: `/api/inventory/${MISSING}/movements`, as: 'tech', body: () => ({ kind: 'received', quantity: 1 }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Part not found' }) }),
  row({ method: 'POST', route: '/api/inventory/:partId/movements', url: (fx) => `/api/inventory/${fx.partId}/movements`, as: 'other', body: () => ({ kind: 'received', quantity: 1 }), status: 404 }),
  row({ method: 'POST', route: '/api/inventory/:partId/movements', url: (fx) => `/api/inventory/${fx.partId}/movements`, as: 'anonymous', body: () => ({ kind: 'received', quantity: 1 }), status: 401 }),
  row({
    method: 'GET',
    route: '/api/shops/:centerId/suppliers',
    url: (fx) => `/api/shops/${fx.centerId}/suppliers`,
    as: 'tech',
    status: 200,
    shape: z.array(supplierShape),
    check: (list, fx) => expect(list).toEqual([expect.objectContaining({ id: fx.supplierId, name: 'Contract Supply', status: 'active', email: 'sales@supply.example' })]),
  }),
  row({ method: 'GET', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers?limit=201`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/suppliers', url: `/api/shops/${MISSING}/suppliers`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/shops/:centerId/suppliers',
    url: (fx) => `/api/shops/${fx.centerId}/suppliers`,
    as: 'tech',
    body: () => ({ name: 'Harbor Parts', phone: '(562) 555-0199', status: 'pending' }),
    status: 201,
    shape: supplierShape,
    check: (sup, fx) => expect(sup).toMatchObject({ serviceCenterId: fx.centerId, name: 'Harbor Parts', status: 'pending', contactName: null }),
  }),
  row({ method: 'POST', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers`, as: 'tech', body: () => ({ name: 'CONTRACT SUPPLY' }), status: 409, check: (e) => expect(e).toMatchObject({ message: 'The shop has a supplier named CONTRACT SUPPLY already' }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers`, as: 'tech', body: () => ({ name: 'Bad mail', email: 'nope' }), status: 400 }),
  row({ method: 'POST', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.workShopId}/suppliers`, as: 'tech', body: () => ({ name: 'Not mine to add' }), status: 403, note: 'a technician of that shop' }),
  row({ method: 'POST', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers`, as: 'other', body: () => ({ name: 'Intruder' }), status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/suppliers', url: (fx) => `/api/shops/${fx.centerId}/suppliers`, as: 'anonymous', body: () => ({ name: 'Intruder' }), status: 401 }),
  row({ method: 'PATCH', route: '/api/suppliers/:id', url: (fx) => `/api/suppliers/${fx.supplierId}`, as: 'tech', body: () => ({ status: 'pending', notes: 'Net 30' }), status: 200, shape: supplierShape, check: (sup) => expect(sup).toMatchObject({ status: 'pending', notes: 'Net 30', name: 'Contract Supply' }) }),
  row({ method: 'PATCH', route: '/api/suppliers/:id', url: (fx) => `/api/suppliers/${fx.supplierId}`, as: 'tech', body: () => ({ status: 'closed' }), status: 400 }),
  row({ method: 'PATCH', route: '/api/suppliers/:id', url: (fx) => `/api/suppliers/${fx.workSupplierId}`, as: 'tech', body: () => ({ notes: 'x' }), status: 403, note: 'a technician of that shop' }),
  row({ method: 'PATCH', route: '/api/suppliers/:id', url: `/api/suppliers/${MISSING}`, as: 'tech', body: () => ({ notes: 'x' }), status: 404, check: (e) => expect(e).toMatchObject({ message: 'Supplier not found' }) }),
  row({ method: 'PATCH', route: '/api/suppliers/:id', url: (fx) => `/api/suppliers/${fx.supplierId}`, as: 'other', body: () => ({ notes: 'x' }), status: 404 }),
  row({ method: 'PATCH', route: '/api/suppliers/:id', url: (fx) => `/api/suppliers/${fx.supplierId}`, as: 'anonymous', body: () => ({ notes: 'x' }), status: 401 }),
  // The vehicle page's Parts List: the fixture 2020 Camry's engine is '2.5L I4', and PAD-100 names
  // '2.0L' since its PATCH row, so only FLT-9 (no fitment) fits now.
  row({
    method: 'GET',
    route: '/api/vehicles/:vehicleId/parts',
    url: (fx) => `/api/vehicles/${fx.vehicle.id}/parts?serviceCenterId=${fx.centerId}`,
    as: 'tech',
    status: 200,
    shape: vehiclePartsShape,
    note: 'a part naming another engine does not fit',
    check: (page, fx) => {
      expect(page.items.map((p) => p.partNumber)).toContain('FLT-9');
      expect(idsOf(page.items)).not.toContain(fx.partId);
      expect(page.categories).toContainEqual({ category: 'Engine', count: expect.any(Number) });
    },
  }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/parts', url: (fx) => `/api/vehicles/${fx.vehicle.id}/parts?serviceCenterId=${fx.centerId}&category=Brakes&search=pad`, as: 'tech', status: 200, shape: vehiclePartsShape, note: 'one category, searched', check: (page) => expect(page).toMatchObject({ items: [], total: 0 }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/parts', url: (fx) => `/api/vehicles/${fx.vehicle.id}/parts?serviceCenterId=${fx.centerId}&category=Wheels`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/parts', url: (fx) => `/api/vehicles/${fx.vehicle.id}/parts`, as: 'tech', status: 400, note: 'no serviceCenterId', check: (e) => expect(e).toMatchObject({ message: 'serviceCenterId: Invalid service center id' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/parts', url: (fx) => `/api/vehicles/${fx.vehicle.id}/parts?serviceCenterId=${fx.centerId}`, as: 'other', status: 404, note: 'not staff of the shop', check: (e) => expect(e).toMatchObject({ message: 'Service center not found' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/parts', url: (fx) => `/api/vehicles/${MISSING}/parts?serviceCenterId=${fx.centerId}`, as: 'tech', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found' }) }),
  row({ method: 'GET', route: '/api/vehicles/:vehicleId/parts', url: (fx) => `/api/vehicles/${fx.vehicle.id}/parts?serviceCenterId=${fx.centerId}`, as: 'anonymous', status: 401 }),
  // A catalogue from CSV: the preview writes nothing; the same file twice adds nothing the second time.
  row({
    method: 'POST',
    route: '/api/shops/:centerId/parts/import',
    url: (fx) => `/api/shops/${fx.centerId}/parts/import?dryRun=true`,
    as: 'tech',
    csv: PARTS_CSV,
    status: 200,
    shape: partImportPreviewShape,
    note: 'the preview',
    check: (p) => {
      expect(p.counts).toEqual({ new: 1, updates: 1, unchanged: 0, errors: 1 });
      expect(p.rows.map((r) => [r.status, r.part?.partNumber ?? null, r.changed])).toEqual([
        ['update', 'PAD-100', ['priceCents']],
        ['new', 'WIPER-22', []],
        ['error', null, []],
      ]);
      expect(p.rows[2]).toMatchObject({ cells: { partNumber: 'BAD-1', name: '' }, errors: [{ row: 4, field: 'name', column: 'Name', message: 'Name is required' }] });
      expect(p.ignored).toEqual(['On hand']);
    },
  }),
  row({
    method: 'POST',
    route: '/api/shops/:centerId/parts/import',
    url: (fx) => `/api/shops/${fx.centerId}/parts/import`,
    as: 'tech',
    csv: PARTS_CSV,
    status: 200,
    shape: partImportResultShape,
    check: (r) => expect(r).toEqual({ counts: { new: 1, updates: 1, unchanged: 0, errors: 1 }, errors: [{ row: 4, field: 'name', column: 'Name', message: 'Name is required' }] }),
  }),
  row({
    method: 'POST',
    route: '/api/shops/:centerId/parts/import',
    url: (fx) => `/api/shops/${fx.centerId}/parts/import`,
    as: 'tech',
    body: () => ({ csv: PARTS_CSV }),
    status: 200,
    shape: partImportResultShape,
    note: 'the same file again, as JSON',
    check: (r) => expect(r.counts).toEqual({ new: 0, updates: 0, unchanged: 2, errors: 1 }),
  }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts/import', url: (fx) => `/api/shops/${fx.centerId}/parts/import?dryRun=true`, as: 'tech', csv: 'Name,Price\r\nPads,1\r\n', status: 400, check: (e) => expect(e).toMatchObject({ message: 'The file has no Part number column: its first line must name the columns, such as Part number, Name, Price' }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts/import', url: (fx) => `/api/shops/${fx.centerId}/parts/import`, as: 'tech', body: () => ({ csv: PARTS_CSV, dryRun: true }), status: 400, note: 'dryRun is a query parameter' }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts/import', url: (fx) => `/api/shops/${fx.centerId}/parts/import`, as: 'other', csv: PARTS_CSV, status: 404, note: 'not staff of the shop', check: (e) => expect(e).toMatchObject({ message: 'Service center not found' }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts/import', url: `/api/shops/${MISSING}/parts/import`, as: 'tech', csv: PARTS_CSV, status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/parts/import', url: (fx) => `/api/shops/${fx.centerId}/parts/import?dryRun=true`, as: 'anonymous', csv: PARTS_CSV, status: 401 }),
  // Purchase orders (docs/parts.md#purchase-orders): PAD-100 has 2 on hand by now and costs $25.00.
  row({ method: 'GET', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders?status=ordered`, as: 'tech', status: 200, shape: purchaseOrderPageShape, check: (page, fx) => expect(idsOf(page.items)).toEqual([fx.purchaseOrderId]) }),
  row({ method: 'GET', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders?supplierId=${fx.supplierId}&limit=1`, as: 'tech', status: 200, shape: purchaseOrderPageShape, note: 'newest first, a page of one', check: (page, fx) => expect(page).toMatchObject({ items: [{ id: fx.draftPurchaseOrderId, status: 'draft', lineCount: 0 }], nextCursor: expect.any(String) }) }),
  row({ method: 'GET', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders?status=lost`, as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`, as: 'other', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Service center not found' }) }),
  row({ method: 'GET', route: '/api/shops/:centerId/purchase-orders', url: `/api/shops/${MISSING}/purchase-orders`, as: 'tech', status: 404 }),
  row({ method: 'GET', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/shops/:centerId/purchase-orders',
    url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`,
    as: 'tech',
    body: (fx) => ({ supplierId: fx.supplierId, notes: 'Weekly order', lines: [{ partId: fx.partId, quantity: 2, unitCostCents: 2_400 }] }),
    status: 201,
    shape: purchaseOrderShape,
    check: (o) => expect(o).toMatchObject({ status: 'draft', notes: 'Weekly order', supplierName: 'Contract Supply', canEditLines: true, transitions: ['ordered', 'cancelled'], totals: { orderedCents: 4_800, receivedCents: 0 }, lines: [{ partNumber: 'PAD-100', quantityOrdered: 2, amountCents: 4_800 }] }),
  }),
  row({ method: 'POST', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`, as: 'tech', body: () => ({ supplierId: 'nope' }), status: 400 }),
  row({ method: 'POST', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`, as: 'tech', body: (fx) => ({ supplierId: fx.workSupplierId }), status: 404, note: 'another shop\u2019s supplier', check: (e) => expect(e).toMatchObject({ message: 'Supplier not found' }) }),
  row({ method: 'POST', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`, as: 'other', body: (fx) => ({ supplierId: fx.supplierId }), status: 404 }),
  row({ method: 'POST', route: '/api/shops/:centerId/purchase-orders', url: (fx) => `/api/shops/${fx.centerId}/purchase-orders`, as: 'anonymous', body: (fx) => ({ supplierId: fx.supplierId }), status: 401 }),
  row({
    method: 'GET',
    route: '/api/purchase-orders/:id',
    url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}`,
    as: 'tech',
    status: 200,
    shape: purchaseOrderShape,
    check: (o, fx) => expect(o).toMatchObject({ status: 'ordered', canReceive: true, transitions: ['cancelled'], lines: [{ id: fx.purchaseOrderLineId, quantityOrdered: 4, quantityReceived: 0, unitCostCents: 2_500, onHand: 2 }], totals: { orderedCents: 10_000 } }),
  }),
  row({ method: 'GET', route: '/api/purchase-orders/:id', url: '/api/purchase-orders/nope', as: 'tech', status: 400 }),
  row({ method: 'GET', route: '/api/purchase-orders/:id', url: `/api/purchase-orders/${MISSING}`, as: 'tech', status: 404, check: (e) => expect(e).toMatchObject({ message: 'Purchase order not found' }) }),
  row({ method: 'GET', route: '/api/purchase-orders/:id', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}`, as: 'other', status: 404 }),
  row({ method: 'GET', route: '/api/purchase-orders/:id', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}`, as: 'anonymous', status: 401 }),
  row({
    method: 'POST',
    route: '/api/purchase-orders/:id/lines',
    url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/lines`,
    as: 'tech',
    body: (fx) => ({ partId: fx.partId, quantity: 6 }),
    status: 200,
    shape: purchaseOrderShape,
    note: 'at the part\u2019s unit cost',
    check: (o) => expect(o).toMatchObject({ lineCount: 1, lines: [{ partNumber: 'PAD-100', quantityOrdered: 6, unitCostCents: 2_500, amountCents: 15_000 }], totals: { orderedCents: 15_000, unitsOrdered: 6 } }),
  }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/lines', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/lines`, as: 'tech', body: (fx) => ({ partId: fx.partId, quantity: 1 }), status: 409, note: 'the part is on the order', check: (e) => expect(e).toMatchObject({ message: 'PAD-100 is on this order already: change that line\u2019s quantity instead' }) }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/lines', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/lines`, as: 'tech', body: (fx) => ({ partId: fx.partId, quantity: 10_001 }), status: 400 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/lines', url: `/api/purchase-orders/${MISSING}/lines`, as: 'tech', body: (fx) => ({ partId: fx.partId, quantity: 1 }), status: 404 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/lines', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/lines`, as: 'other', body: (fx) => ({ partId: fx.partId, quantity: 1 }), status: 404 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/lines', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/lines`, as: 'anonymous', body: (fx) => ({ partId: fx.partId, quantity: 1 }), status: 401 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/transition', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/transition`, as: 'tech', body: () => ({ to: 'ordered' }), status: 200, shape: purchaseOrderShape, check: (o) => expect(o).toMatchObject({ status: 'ordered', canEditLines: false, canReceive: true, orderedAt: expect.any(String) }) }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/transition', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/transition`, as: 'tech', body: () => ({ to: 'ordered' }), status: 409, note: 'ordered already' }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/transition', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/transition`, as: 'tech', body: () => ({ to: 'received' }), status: 400, note: 'received follows from receiving' }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/transition', url: `/api/purchase-orders/${MISSING}/transition`, as: 'tech', body: () => ({ to: 'cancelled' }), status: 404 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/transition', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/transition`, as: 'other', body: () => ({ to: 'cancelled' }), status: 404 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/transition', url: (fx) => `/api/purchase-orders/${fx.draftPurchaseOrderId}/transition`, as: 'anonymous', body: () => ({ to: 'cancelled' }), status: 401 }),
  row({
    method: 'POST',
    route: '/api/purchase-orders/:id/receive',
    url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`,
    as: 'tech',
    body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 3 }], requestKey: RECEIPT_KEY }),
    status: 200,
    shape: purchaseOrderShape,
    note: 'part of the line',
    check: (o) => expect(o).toMatchObject({ status: 'partially_received', lines: [{ quantityReceived: 3, onHand: 5 }], totals: { receivedCents: 7_500, unitsReceived: 3 } }),
  }),
  row({
    method: 'POST',
    route: '/api/purchase-orders/:id/receive',
    url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`,
    as: 'tech',
    body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 3 }], requestKey: RECEIPT_KEY }),
    status: 200,
    shape: purchaseOrderShape,
    note: 'the same request key again receives nothing',
    check: (o) => expect(o).toMatchObject({ status: 'partially_received', lines: [{ quantityReceived: 3, onHand: 5 }] }),
  }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/receive', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`, as: 'tech', body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 2 }] }), status: 400, note: 'more than is still to come', check: (e) => expect(e).toMatchObject({ message: 'PAD-100: receiving 2 would make 5 of 4 ordered; only 1 is still to come' }) }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/receive', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`, as: 'tech', body: () => ({ lines: [] }), status: 400 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/receive', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`, as: 'tech', body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 1 }] }), status: 200, shape: purchaseOrderShape, note: 'the rest', check: (o) => expect(o).toMatchObject({ status: 'received', canReceive: false, receivedAt: expect.any(String), lines: [{ quantityReceived: 4, onHand: 6 }] }) }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/receive', url: `/api/purchase-orders/${MISSING}/receive`, as: 'tech', body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 1 }] }), status: 404 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/receive', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`, as: 'other', body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 1 }] }), status: 404 }),
  row({ method: 'POST', route: '/api/purchase-orders/:id/receive', url: (fx) => `/api/purchase-orders/${fx.purchaseOrderId}/receive`, as: 'anonymous', body: (fx) => ({ lines: [{ lineId: fx.purchaseOrderLineId, quantity: 1 }] }), status: 401 }),

  // -- Import and export ---------------------------------------------------------------------
  row({
    method: 'POST',
    route: '/api/imports/preview',
    as: 'owner',
    body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', preset: 'lubelogger', csv: IMPORT_CSV }),
    status: 200,
    shape: importPreviewShape,
    check: (p) => expect(p).toMatchObject({ rows: 2, valid: 1, invalid: 1, duplicates: 0, errors: [{ row: 3, column: 'Date', message: '"someday" is not a date' }] }),
  }),
  row({ method: 'POST', route: '/api/imports/preview', as: 'owner', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', preset: 'lubelogger', csv: 'Date,Odometer\r\n1/2/2024,3\r\n' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Choose the column of Service type' }) }),
  row({ method: 'POST', route: '/api/imports/preview', as: 'other', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', preset: 'lubelogger', csv: IMPORT_CSV }), status: 404, note: "another owner's vehicle", check: (e) => expect(e).toMatchObject({ message: 'Vehicle not found in your garage' }) }),
  row({ method: 'POST', route: '/api/imports/preview', as: 'anonymous', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', csv: IMPORT_CSV }), status: 401 }),
  row({ method: 'POST', route: '/api/imports', as: 'owner', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', preset: 'lubelogger', csv: IMPORT_CSV }), status: 200, shape: importSummaryShape, check: (r) => expect(r).toMatchObject({ rows: 2, added: 1, duplicates: 0, invalid: 1 }) }),
  row({ method: 'POST', route: '/api/imports', as: 'owner', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', preset: 'lubelogger', csv: IMPORT_CSV }), status: 200, shape: importSummaryShape, note: 'the same file again adds nothing', check: (r) => expect(r).toMatchObject({ added: 0, duplicates: 1 }) }),
  row({ method: 'POST', route: '/api/imports', as: 'owner', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'parts', csv: IMPORT_CSV }), status: 400 }),
  row({ method: 'POST', route: '/api/imports', as: 'anonymous', body: (fx) => ({ vehicleId: fx.vehicle.id, kind: 'service', csv: IMPORT_CSV }), status: 401 }),
  row({
    method: 'GET',
    route: '/api/account/export',
    as: 'owner',
    status: 200,
    check: (_b, _fx, res) => {
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vintech-export-\d{4}-\d{2}-\d{2}\.zip"$/);
      expect(res.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
    },
  }),
  row({ method: 'GET', route: '/api/account/export', as: 'anonymous', status: 401 }),
  row({ method: 'DELETE', route: '/api/auth/user', as: 'other', body: () => ({ password: 'not it at all' }), status: 400, check: (e) => expect(e).toMatchObject({ message: 'Password is incorrect' }) }),
  row({ method: 'DELETE', route: '/api/auth/user', as: 'other', body: () => ({}), status: 400 }),
  row({ method: 'DELETE', route: '/api/auth/user', as: 'tech', body: () => ({ password: TEST_PASSWORD }), status: 409, note: 'sole owner of a shop with staff', check: (e) => expect(e).toMatchObject({ message: expect.stringMatching(/^You are the only owner of /) }) }),
  row({ method: 'DELETE', route: '/api/auth/user', as: 'anonymous', body: () => ({ password: TEST_PASSWORD }), status: 401 }),

  // -- Reference and sign-out (last: sign-out ends the caller's session) ---------------------
  row({ method: 'GET', route: '/api/docs', as: 'anonymous', status: 200, check: (_b, _fx, res) => expect(res.headers['content-type']).toContain('text/html') }),
  row({
    method: 'GET',
    route: '/api/email/unsubscribe',
    url: (fx) => `/api/email/unsubscribe?token=${fx.unsubscribeToken}`,
    as: 'anonymous',
    status: 200,
    check: (_b, _fx, res) => expect(res.body).toContain('Stop e-mails?'),
  }),
  row({
    method: 'POST',
    route: '/api/email/unsubscribe',
    url: (fx) => `/api/email/unsubscribe?token=${fx.unsubscribeToken}`,
    as: 'anonymous',
    status: 200,
    check: (_b, _fx, res) => expect(res.body).toContain('E-mails are off'),
  }),
  row({ method: 'GET', route: '/api/openapi.json', as: 'anonymous', status: 200, shape: z.object({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }) }),
  row({ method: 'POST', route: '/api/logout', as: 'other', status: 204, renewsSession: true, check: (_b, _fx, res) => expect(res.body).toBe('') }),
  row({ method: 'POST', route: '/api/logout', as: 'anonymous', status: 204 }),
  row({ method: 'GET', route: '/api/logout', as: 'other', status: 303, renewsSession: true, check: (_b, _fx, res) => expect(res.headers.location).toBe('/') }),  // The very last row: 'other' deletes their account (nothing after it acts as them).
  row({ method: 'DELETE', route: '/api/auth/user', as: 'other', body: () => ({ password: TEST_PASSWORD }), status: 204, check: (_b, _fx, res) => expect(String(res.headers['set-cookie'])).toContain('Max-Age=0') }),
];

// ---- Running the table ---------------------------------------------------------------------

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ORIGIN = 'http://localhost:3000';

const routeKey = (r: { method: string; route: string }) => `${r.method} ${r.route}`;

function urlOf(r: Row, fx: Fixtures): string {
  if (r.url === undefined) return r.route;
  return typeof r.url === 'string' ? r.url : r.url(fx);
}

function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/?]+');
  return new RegExp(`^${escaped}(\\?.*)?$`);
}

function label(r: Row): string {
  return `${r.method} ${r.route} as ${r.as} → ${r.status}${r.note ? ` (${r.note})` : ''}`;
}

interface ProcedureDef {
  _def: { inputs: unknown[] };
}

/** Whether a documented route takes any input (path id, body or query), so a 400 row applies. */
function takesInput(doc: RestDoc): boolean {
  if (doc.url.includes(':') || doc.bodySchema) return true;
  if (!doc.procedure) return false;
  const procedures = (appRouter._def as unknown as { procedures: Record<string, ProcedureDef> }).procedures;
  return (procedures[doc.procedure]?._def.inputs.length ?? 0) > 0;
}

describeEachDatabase('REST contract: every /api path', (getDb) => {
  let app: FastifyInstance;
  let fx: Fixtures | undefined;
  const fixtures = (): Fixtures => {
    if (!fx) throw new Error('fixtures not ready');
    return fx;
  };

  beforeAll(async () => {
    app = await buildTestApp(getDb());
    fx = await makeFixtures(getDb(), app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has a row for every registered /api route, and no row or exemption for a route that does not exist', () => {
    const registered = new Set(app.apiRoutes);
    expect(registered.size).toBeGreaterThan(20);
    const covered = new Set(ROWS.map(routeKey));
    const missing = [...registered].filter((route) => !covered.has(route));
    expect(missing, 'registered /api routes without a row in the contract table').toEqual([]);
    expect([...covered].filter((route) => !registered.has(route)), 'rows for routes the app does not register').toEqual([]);
    expect([...EXEMPT.keys()].filter((route) => !registered.has(route)), 'stale EXEMPT entries').toEqual([]);
  });

  it('has a success row and the typical error rows (400, 401, 403, 404) for every JSON route', () => {
    const gaps: string[] = [];
    for (const route of new Set(app.apiRoutes)) {
      if (EXEMPT.has(route)) continue;
      const doc = app.restDocs.find((d) => `${d.method} ${d.url}` === route);
      if (!doc) {
        gaps.push(`${route}: not in the API reference, so its rules are unknown`);
        continue;
      }
      const statuses = new Set(ROWS.filter((r) => routeKey(r) === route).map((r) => r.status));
      const notApplicable = NOT_APPLICABLE.get(route) ?? new Map<number, string>();
      const need: [boolean, string, (s: number) => boolean][] = [
        [true, '2xx success', (s) => s >= 200 && s < 300],
        [takesInput(doc) && !notApplicable.has(400), '400 bad input', (s) => s === 400],
        [doc.auth !== 'public' && !notApplicable.has(401), '401 no session', (s) => s === 401],
        [doc.auth === 'tech' && !notApplicable.has(403), '403 owner in a Tech Mode path', (s) => s === 403],
        [doc.url.includes(':') && !notApplicable.has(404), '404 unknown id', (s) => s === 404],
      ];
      for (const [applies, what, match] of need) {
        if (applies && ![...statuses].some(match)) gaps.push(`${route}: no ${what} row`);
      }
      for (const status of notApplicable.keys()) {
        if (statuses.has(status)) gaps.push(`${route}: a ${status} row, though NOT_APPLICABLE says it cannot answer ${status}`);
      }
    }
    const registered = new Set(app.apiRoutes);
    for (const route of NOT_APPLICABLE.keys()) {
      if (!registered.has(route)) gaps.push(`${route}: a stale NOT_APPLICABLE entry`);
    }
    expect(gaps).toEqual([]);
  });

  it('fills every row URL so that it matches the route it names', () => {
    const mismatched = ROWS.filter((r) => !routePattern(r.route).test(urlOf(r, fixtures()))).map(label);
    expect(mismatched).toEqual([]);
  });

  for (const r of ROWS) {
    it(label(r), async () => {
      const f = fixtures();
      const url = urlOf(r, f);
      const headers: Record<string, string> = { host: 'localhost:3000' };
      if (r.as !== 'anonymous') headers.cookie = f.cookies[r.as];
      if (STATE_CHANGING.has(r.method)) headers.origin = ORIGIN;
      const payload = r.body?.(f);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      if (r.csv !== undefined) headers['content-type'] = 'text/csv';
      const form = r.upload ? multipart(r.upload.content, r.upload.name, r.upload.type) : undefined;
      if (form) Object.assign(headers, form.headers);
      const res = await app.inject({ method: r.method, url, headers, payload: form ? form.payload : (r.csv ?? (payload === undefined ? undefined : JSON.stringify(payload))) });
      if (r.renewsSession && r.as !== 'anonymous') f.cookies[r.as] = await signInCookie(app, f.users[r.as].email);

      const where = `${r.method} ${url}: ${res.body.slice(0, 400)}`;
      expect(res.statusCode, where).toBe(r.status);
      const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');

      if (r.status >= 400) {
        expect(isJson, `${where} (error answers are JSON)`).toBe(true);
        const error = errorShape.safeParse(res.json<unknown>());
        expect(error.error?.issues ?? [], where).toEqual([]);
        expect(error.data?.code, where).toBe(CODE_OF_STATUS[r.status]);
        r.check?.(error.data, f, res);
        return;
      }
      if (res.statusCode === 204) {
        expect(res.body, where).toBe('');
      }
      if (r.shape) {
        expect(isJson, `${where} (answer is JSON)`).toBe(true);
        const parsed = r.shape.safeParse(res.json<unknown>());
        expect(parsed.error?.issues ?? [], where).toEqual([]);
        r.check?.(parsed.data, f, res);
        return;
      }
      const isExempt = EXEMPT.has(routeKey(r));
      // A JSON route's success row says what its answer looks like (a shape, or a check of its text).
      expect(isExempt || res.statusCode === 204 || r.check !== undefined, `${label(r)} has no answer check`).toBe(true);
      r.check?.(undefined, f, res);
    });
  }
});
