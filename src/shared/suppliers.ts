import { z } from 'zod';
import { uuid } from './garage.ts';
import { pageLimitSchema } from './inquiries.ts';
import { clearable, required } from './parts.ts';
import { centerEmailSchema, phoneSchema } from './service-centers.ts';
import { shopIdSchema } from './shops.ts';

/** A shop's suppliers (docs/parts.md#suppliers). */

export const SUPPLIER_LIMITS = { name: 120, contactName: 120, notes: 2000 } as const;
export const SUPPLIERS_MAX = 200;
export const supplierIdSchema = uuid('supplier');

export const SUPPLIER_STATUSES = ['active', 'pending'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];
export const SUPPLIER_STATUS_LABELS: Readonly<Record<SupplierStatus, string>> = { active: 'Active', pending: 'Pending' };

const supplierFields = {
  name: required('Name', SUPPLIER_LIMITS.name),
  contactName: clearable('Contact', SUPPLIER_LIMITS.contactName),
  email: z
    .union([z.string(), z.null()], { error: 'Email must be text' })
    .transform((value) => (value?.trim() ? value.trim().toLowerCase() : null))
    .pipe(z.union([centerEmailSchema, z.null()])),
  phone: z
    .union([z.string(), z.null()], { error: 'Phone must be text' })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([phoneSchema, z.null()])),
  status: z.enum(SUPPLIER_STATUSES, { error: 'Status must be active or pending' }),
  notes: clearable('Notes', SUPPLIER_LIMITS.notes),
};

const newSupplierShape = {
  name: supplierFields.name,
  contactName: supplierFields.contactName.default(null),
  email: supplierFields.email.default(null),
  phone: supplierFields.phone.default(null),
  status: supplierFields.status.default('active'),
  notes: supplierFields.notes.default(null),
};

export const supplierFormSchema = z.object(newSupplierShape).strict();
export type SupplierFormInput = z.input<typeof supplierFormSchema>;
export const createSupplierSchema = z.object({ serviceCenterId: shopIdSchema, ...newSupplierShape }).strict();
export type CreateSupplierInput = z.input<typeof createSupplierSchema>;
export type CreateSupplierValues = z.output<typeof createSupplierSchema>;

export const updateSupplierSchema = z
  .object({
    id: supplierIdSchema,
    name: supplierFields.name.optional(),
    contactName: supplierFields.contactName.optional(),
    email: supplierFields.email.optional(),
    phone: supplierFields.phone.optional(),
    status: supplierFields.status.optional(),
    notes: supplierFields.notes.optional(),
  })
  .strict();
export type SupplierPatch = Omit<z.input<typeof updateSupplierSchema>, 'id'>;
export type SupplierPatchValues = Omit<z.output<typeof updateSupplierSchema>, 'id'>;

export const listSuppliersSchema = z
  .object({
    serviceCenterId: shopIdSchema,
    status: supplierFields.status.optional(),
    limit: pageLimitSchema(SUPPLIERS_MAX, 100),
  })
  .strict();
export type ListSuppliersInput = z.input<typeof listSuppliersSchema>;

export interface Supplier {
  id: string;
  serviceCenterId: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  status: SupplierStatus;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}
