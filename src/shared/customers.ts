import { z } from 'zod';
import { mileageSchema, uuid } from './garage.ts';
import { listCursorSchema, pageDirectionSchema, pageLimitSchema, searchSchema } from './inquiries.ts';
import { centerEmailSchema, phoneSchema } from './service-centers.ts';
import { shopIdSchema } from './shops.ts';
import type { Vehicle } from './vehicles.ts';

/** A shop's own customers and their vehicles (docs/customers.md). */

export const CUSTOMER_LIMITS = { name: 120, notes: 2000, tag: 30, tags: 20, plate: 15 } as const;
export const CUSTOMER_PAGE_SIZE = 20;
/** The detail page lists at most this many inquiries, appointments and records each (newest first). */
export const CUSTOMER_DETAIL_ROWS = 50;

export const customerIdSchema = uuid('customer');
export const customerVehicleIdSchema = uuid('customer vehicle');

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(CUSTOMER_LIMITS.name, `Name must be at most ${CUSTOMER_LIMITS.name} characters`);

/** Optional text: '' or null means "not given" (stored as null); anything else must pass `schema`. */
const clearable = (schema: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.null()], { error: 'Expected text' })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([schema, z.null()]));

const notesSchema = z.string().max(CUSTOMER_LIMITS.notes, `Notes must be at most ${CUSTOMER_LIMITS.notes} characters`);

export const tagSchema = z
  .string({ error: 'A tag must be text' })
  .trim()
  .min(1, 'A tag must not be empty')
  .max(CUSTOMER_LIMITS.tag, `A tag must be at most ${CUSTOMER_LIMITS.tag} characters`);

/** Tags as typed, without case-insensitive repeats (the first spelling stays). */
const tagsSchema = z
  .array(tagSchema, { error: 'Tags must be a list of words' })
  .max(CUSTOMER_LIMITS.tags, `At most ${CUSTOMER_LIMITS.tags} tags`)
  .transform((tags) => tags.filter((tag, i) => tags.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i));

const customerFields = {
  name: nameSchema,
  email: clearable(centerEmailSchema),
  phone: clearable(phoneSchema),
  notes: clearable(notesSchema),
  tags: tagsSchema,
};

export const customerFormSchema = z
  .object({
    name: customerFields.name,
    email: customerFields.email.default(null),
    phone: customerFields.phone.default(null),
    notes: customerFields.notes.default(null),
    tags: customerFields.tags.default([]),
  })
  .strict();
export type CustomerFormInput = z.input<typeof customerFormSchema>;

export const createCustomerSchema = customerFormSchema.extend({ serviceCenterId: shopIdSchema }).strict();
export type CreateCustomerInput = z.input<typeof createCustomerSchema>;
export type CreateCustomerValues = z.output<typeof createCustomerSchema>;

/** Only the fields sent change; null or '' clears an optional one. */
export const updateCustomerSchema = z
  .object({
    id: customerIdSchema,
    name: customerFields.name.optional(),
    email: customerFields.email.optional(),
    phone: customerFields.phone.optional(),
    notes: customerFields.notes.optional(),
    tags: customerFields.tags.optional(),
  })
  .strict();
export type CustomerPatch = Omit<z.input<typeof updateCustomerSchema>, 'id'>;
export type CustomerPatchValues = Omit<z.output<typeof updateCustomerSchema>, 'id'>;

export const listCustomersSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    search: searchSchema,
    tag: tagSchema.optional(),
    cursor: listCursorSchema,
    direction: pageDirectionSchema,
    limit: pageLimitSchema(100, CUSTOMER_PAGE_SIZE),
  })
  .strict();
export type ListCustomersInput = z.input<typeof listCustomersSchema>;

/** The pickers of the booking and inquiry forms take at most this many customers at once. */
export const CUSTOMER_OPTIONS_MAX = 50;

/** `customers.options`: a shop's customers by name, with their vehicles there, for a form's picker. */
export const customerOptionsSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    search: searchSchema,
    limit: pageLimitSchema(CUSTOMER_OPTIONS_MAX, CUSTOMER_PAGE_SIZE),
  })
  .strict();
export type CustomerOptionsInput = z.input<typeof customerOptionsSchema>;

/** A customer as a form's picker offers them: the name, e-mail and each vehicle's label ("2019 Honda Civic (ABC 123)"). */
export interface CustomerOption {
  id: string;
  name: string;
  email: string | null;
  vehicles: { id: string; label: string }[];
}

const plateSchema = z
  .string()
  .max(CUSTOMER_LIMITS.plate, `Plate must be at most ${CUSTOMER_LIMITS.plate} characters`)
  .regex(/^[A-Za-z0-9 -]+$/, 'Plate may contain letters, digits, spaces and dashes');

const vehicleFields = {
  plate: clearable(plateSchema),
  odometer: z.union([mileageSchema, z.null()], { error: 'Odometer must be a whole number of miles' }),
};

/** The vehicle is identified first (VIN decode or year/make/model in the UI); its stored id is sent. */
export const addCustomerVehicleSchema = z
  .object({
    customerId: customerIdSchema,
    vehicleId: uuid('vehicle'),
    plate: vehicleFields.plate.default(null),
    odometer: vehicleFields.odometer.default(null),
  })
  .strict();
export type AddCustomerVehicleInput = z.input<typeof addCustomerVehicleSchema>;

export const updateCustomerVehicleSchema = z
  .object({ id: customerVehicleIdSchema, plate: vehicleFields.plate.optional(), odometer: vehicleFields.odometer.optional() })
  .strict();
export type CustomerVehiclePatch = z.input<typeof updateCustomerVehicleSchema>;

export interface CustomerSummary {
  id: string;
  serviceCenterId: string;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string | null;
  tags: string[];
  /** The record is linked to a VinTech account (the account contacted the shop itself). */
  linked: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface CustomerListItem extends CustomerSummary {
  vehicleCount: number;
  /** Inquiries still open or in progress. */
  openInquiryCount: number;
  /** Scheduled or confirmed appointments from now on. */
  upcomingAppointmentCount: number;
}

export interface CustomerPage {
  items: CustomerListItem[];
  nextCursor: string | null;
}

export interface CustomerVehicle {
  id: string;
  customerId: string;
  vehicle: Vehicle;
  plate: string | null;
  odometer: number | null;
  /** The linked account's garage vehicle this record came from, when there is one. */
  garageVehicleId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CustomerInquiryRow {
  id: string;
  subject: string;
  inquiryType: string;
  status: string;
  priority: string;
  createdAt: Date;
}

export interface CustomerAppointmentRow {
  id: string;
  serviceType: string;
  status: string;
  appointmentDate: Date;
  duration: number;
}

export interface CustomerRecordRow {
  id: string;
  vehicleId: string;
  serviceType: string;
  status: string;
  date: Date;
  mileage: number | null;
  cost: string | null;
}

export interface CustomerDetail {
  customer: CustomerSummary;
  vehicles: CustomerVehicle[];
  inquiries: CustomerInquiryRow[];
  appointments: CustomerAppointmentRow[];
  records: CustomerRecordRow[];
}
