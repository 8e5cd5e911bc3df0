import { z } from 'zod';

export const SERVICE_CENTER_LIMITS = {
  name: 120,
  address: 200,
  city: 80,
  state: 60,
  phone: 30,
  email: 254,
  website: 2048,
  hoursText: 500,
  listEntry: 80,
  listEntries: 30,
} as const;

/**
 * A card shows at most this many services, then '+N more'
 * (docs/service-centers.md#the-page-service-centers-tech-mode).
 */
export const CARD_SERVICES_SHOWN = 3;
export const SERVICE_CENTER_PAGE_SIZE = 24;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: '' or null means "not given" (stored as null); anything else must pass `schema`. */
const clearable = (schema: z.ZodType<string, string>) =>
  z
    .union([z.string(), z.null()], { error: 'Expected text' })
    .transform((value) => (value?.trim() ? value.trim() : null))
    .pipe(z.union([schema, z.null()]));

export const zipCodeSchema = z.string().regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits, or ZIP+4 like 12345-6789');

export const phoneSchema = z
  .string()
  .max(SERVICE_CENTER_LIMITS.phone, `Phone must be at most ${SERVICE_CENTER_LIMITS.phone} characters`)
  .regex(/^\+?[0-9 ().-]{7,}$/, 'Phone may contain digits, spaces, parentheses, dots, dashes and a leading +');

export const centerEmailSchema = z
  .string()
  .max(SERVICE_CENTER_LIMITS.email, `Email must be at most ${SERVICE_CENTER_LIMITS.email} characters`)
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** Only http(s) links: anything else (javascript:, data:) could run in a visitor's browser. */
export const websiteSchema = z
  .string()
  .max(SERVICE_CENTER_LIMITS.website, `Website must be at most ${SERVICE_CENTER_LIMITS.website} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Website must be a web address starting with http:// or https://');

/** Structured hours: each day (or day range) maps to its hours as text. */
export const hoursObjectSchema = z
  .record(
    z.string().refine((day) => day.trim().length > 0 && day.length <= 40, 'Each day name must be 1 to 40 characters'),
    z.string({ error: 'Operating hours in JSON must map each day to its hours as text, e.g. {"Monday": "8:00-18:00"}' }).max(80, 'Hours of one day must be at most 80 characters'),
    { error: 'Operating hours must be text or a JSON object of day to hours' },
  )
  .refine((hours) => Object.keys(hours).length <= 14, 'Operating hours may list at most 14 entries');
export type HoursObject = z.infer<typeof hoursObjectSchema>;
export type OperatingHours = HoursObject | string;

/**
 * Text or an object; text that is a JSON object becomes the object
 * (docs/service-centers.md#fields-and-rules).
 */
const operatingHoursField = z.unknown().optional().transform((value, ctx): OperatingHours | null => {
  const hours = typeof value === 'string' ? parseOperatingHours(value) : value;
  if (hours === null || hours === undefined) return null;
  if (typeof hours === 'string') {
    if (hours.length <= SERVICE_CENTER_LIMITS.hoursText) return hours;
    ctx.addIssue({ code: 'custom', message: `Operating hours must be at most ${SERVICE_CENTER_LIMITS.hoursText} characters` });
    return z.NEVER;
  }
  const parsed = hoursObjectSchema.safeParse(hours);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Invalid hours format' });
  return z.NEVER;
});

/**
 * JSON that parses to an object is stored as an object; anything else as the text typed
 * (docs/service-centers.md#fields-and-rules).
 */
function parseOperatingHours(text: string): OperatingHours | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as HoursObject;
    } catch {
      // Not JSON after all: keep the text as typed.
    }
  }
  return trimmed;
}

const entryList = (label: string) =>
  z
    .array(
      z
        .string({ error: `${label} entries must be text` })
        .trim()
        .min(1, `${label} entries must not be empty`)
        .max(SERVICE_CENTER_LIMITS.listEntry, `${label} entries must be at most ${SERVICE_CENTER_LIMITS.listEntry} characters`),
      { error: `${label} must be a list of text entries` },
    )
    .max(SERVICE_CENTER_LIMITS.listEntries, `${label} may list at most ${SERVICE_CENTER_LIMITS.listEntries} entries`)
    .refine(
      (list) => new Set(list.map((item) => item.toLowerCase())).size === list.length,
      `${label} must not list the same entry twice`,
    );

const centerFields = {
  name: requiredText('Name', SERVICE_CENTER_LIMITS.name),
  address: requiredText('Address', SERVICE_CENTER_LIMITS.address),
  city: requiredText('City', SERVICE_CENTER_LIMITS.city),
  state: requiredText('State', SERVICE_CENTER_LIMITS.state),
  zipCode: clearable(zipCodeSchema),
  phone: clearable(phoneSchema),
  email: clearable(centerEmailSchema),
  website: clearable(websiteSchema),
  operatingHours: operatingHoursField,
  services: entryList('Services'),
  certifications: entryList('Certifications'),
  specializations: entryList('Specializations'),
  isActive: z.boolean({ error: 'Active must be true or false' }),
};

export const serviceCenterInputSchema = z
  .object({
    ...centerFields,
    zipCode: centerFields.zipCode.default(null),
    phone: centerFields.phone.default(null),
    email: centerFields.email.default(null),
    website: centerFields.website.default(null),
    services: centerFields.services.default([]),
    certifications: centerFields.certifications.default([]),
    specializations: centerFields.specializations.default([]),
    isActive: centerFields.isActive.default(true),
  })
  .strict();
export type ServiceCenterInput = z.input<typeof serviceCenterInputSchema>;
export type ServiceCenterValues = z.output<typeof serviceCenterInputSchema>;

/** PATCH: only the fields sent change; null or '' clears an optional field. */
export const serviceCenterPatchSchema = z
  .object({
    name: centerFields.name.optional(),
    address: centerFields.address.optional(),
    city: centerFields.city.optional(),
    state: centerFields.state.optional(),
    zipCode: centerFields.zipCode.optional(),
    phone: centerFields.phone.optional(),
    email: centerFields.email.optional(),
    website: centerFields.website.optional(),
    operatingHours: centerFields.operatingHours.optional(),
    services: centerFields.services.optional(),
    certifications: centerFields.certifications.optional(),
    specializations: centerFields.specializations.optional(),
    isActive: centerFields.isActive.optional(),
  })
  .strict();
export type ServiceCenterPatch = z.input<typeof serviceCenterPatchSchema>;

export const serviceCenterIdSchema = z.uuid({ error: 'Invalid service center id' });

export const serviceCenterListSchema = z.object({
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  cursor: z.string().max(200).nullish(),
  direction: z.enum(['forward', 'backward']).optional(),
  limit: z.number().int().min(1).max(100).default(SERVICE_CENTER_PAGE_SIZE),
});
export type ServiceCenterListInput = z.input<typeof serviceCenterListSchema>;

export interface ServiceCenter {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  managerId: string | null;
  services: string[];
  operatingHours: unknown;
  certifications: string[];
  specializations: string[];
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ServiceCenterPage {
  items: ServiceCenter[];
  nextCursor: string | null;
}

export type HoursDisplay =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'days'; days: { day: string; hours: string }[] }
  | { kind: 'invalid' };

