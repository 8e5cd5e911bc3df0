import { z } from 'zod';
import { DTC_PATTERN, dtcStructure, normaliseDtc, type DtcComponent, type DtcStructure } from './obd/codes.ts';

/**
 * The trouble-code catalogue (docs/obd.md#the-catalogue): its entries, the seed files they are
 * written in (seeds/dtc/), and the lookup and search inputs shared by the procedures, REST and the
 * page.
 */

export const DTC_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type DtcSeverity = (typeof DTC_SEVERITIES)[number];
/** As the Diagnostic Tools page names them (SPEC 2.7). */
export const DTC_SEVERITY_LABELS: Record<DtcSeverity, 'Critical' | 'Warning' | 'Info'> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Info',
};

export const DTC_COMPONENTS = ['engine', 'transmission', 'battery', 'brakes', 'suspension', 'exhaust'] as const satisfies readonly DtcComponent[];
export const DTC_COMPONENT_LABELS: Record<DtcComponent, string> = {
  engine: 'Engine',
  transmission: 'Transmission',
  battery: 'Battery',
  brakes: 'Brakes',
  suspension: 'Suspension',
  exhaust: 'Exhaust',
};

export const DTC_FORMAT_MESSAGE = 'A trouble code is a letter P, C, B or U followed by four characters, e.g. P0420';
export const DTC_SEARCH_MAX = 50;
export const DTC_SEARCH_DEFAULT = 20;
export const DTC_QUERY_MAX = 100;

const text = (min: number, max: number) => z.string().trim().min(min).max(max);

/** One catalogue entry, as the loader checks it after a family is expanded. */
export const dtcEntrySchema = z
  .object({
    code: z.string().regex(DTC_PATTERN, DTC_FORMAT_MESSAGE),
    title: text(5, 140),
    /** For owners (Simple Mode): what it means, in everyday words. */
    plain: text(40, 600),
    /** For technicians (Tech Mode): what the module monitors, when it sets, what to test. */
    technical: text(60, 900),
    severity: z.enum(DTC_SEVERITIES),
    safeToDrive: text(5, 200),
    /** Most likely first. */
    causes: z.array(text(3, 120)).min(2).max(6),
    component: z.enum(DTC_COMPONENTS).nullable(),
  })
  .strict();
export type DtcEntry = z.infer<typeof dtcEntrySchema>;

// ---- The seed files ------------------------------------------------------------------------

const varsSchema = z.record(z.string().regex(/^[A-Za-z]+$/), z.string());
const overrideFields = {
  severity: z.enum(DTC_SEVERITIES).optional(),
  safeToDrive: text(5, 200).optional(),
  component: z.enum(DTC_COMPONENTS).nullable().optional(),
};

/** A text set with {placeholders}, written once for a family of codes. */
export const dtcTemplateSchema = z
  .object({
    title: z.string().min(1),
    plain: z.string().min(1),
    technical: z.string().min(1),
    severity: z.enum(DTC_SEVERITIES),
    safeToDrive: z.string().min(1),
    causes: z.array(z.string().min(1)).min(2).max(6),
    component: z.enum(DTC_COMPONENTS).nullable().optional(),
  })
  .strict();
export const dtcTemplatesSchema = z.record(z.string(), dtcTemplateSchema);
export type DtcTemplate = z.infer<typeof dtcTemplateSchema>;

const memberSchema = z.union([
  z.string().min(1),
  z.object({ template: z.string().min(1).optional(), vars: varsSchema.optional(), ...overrideFields }).strict(),
]);

/** Codes that share a template: the family's vars, then each member's, fill the placeholders. */
export const dtcFamilySchema = z
  .object({
    family: z.string().min(1),
    template: z.string().min(1).optional(),
    vars: varsSchema.optional(),
    ...overrideFields,
    members: z.record(z.string().regex(DTC_PATTERN, DTC_FORMAT_MESSAGE), memberSchema),
  })
  .strict();
export const dtcFamiliesSchema = z.array(dtcFamilySchema);
export type DtcFamily = z.infer<typeof dtcFamilySchema>;

/** Entries written one by one; the component defaults to the one the code's structure names. */
export const dtcSeedEntrySchema = dtcEntrySchema.extend({ component: z.enum(DTC_COMPONENTS).nullable().optional() }).strict();
export const dtcSeedEntriesSchema = z.array(dtcSeedEntrySchema);

// ---- Coherence with the code's structure ---------------------------------------------------

/**
 * Whether a catalogue component fits what the code's characters say: powertrain transmission codes
 * concern the transmission and hybrid codes the battery; other powertrain codes the engine, the
 * exhaust, the battery (charging) or nothing drawn; chassis codes the brakes, the suspension or
 * nothing drawn. Body and network codes name whichever module they concern.
 */
export function componentFitsCode(code: string, component: DtcComponent | null): boolean {
  const structure = dtcStructure(code);
  if (!structure) return false;
  if (code[0] === 'P') {
    if (structure.component === 'transmission' || structure.component === 'battery') return component === structure.component;
    return component === null || component === 'engine' || component === 'exhaust' || component === 'battery';
  }
  if (code[0] === 'C') return component === null || component === 'brakes' || component === 'suspension';
  return true;
}

// ---- Lookup and search ---------------------------------------------------------------------

export const dtcCodeSchema = z
  .string({ error: DTC_FORMAT_MESSAGE })
  .max(20, DTC_FORMAT_MESSAGE)
  .transform((value) => normaliseDtc(value))
  .refine((value) => DTC_PATTERN.test(value), DTC_FORMAT_MESSAGE);

export const dtcLookupInputSchema = z.object({ code: dtcCodeSchema }).strict();
export type DtcLookupInput = z.input<typeof dtcLookupInputSchema>;

export const dtcSearchInputSchema = z
  .object({
    q: z.string({ error: 'Type a code or a few words' }).trim().min(1, 'Type a code or a few words').max(DTC_QUERY_MAX, `Search text must be at most ${DTC_QUERY_MAX} characters`),
    limit: z.coerce.number().int().min(1).max(DTC_SEARCH_MAX, `At most ${DTC_SEARCH_MAX} results a page`).default(DTC_SEARCH_DEFAULT),
    offset: z.coerce.number().int().min(0).max(1000).default(0),
  })
  .strict();
export type DtcSearchInput = z.input<typeof dtcSearchInputSchema>;

/** A lookup's answer: the catalogue's entry, or for a well-formed code it lacks, generic texts. */
export interface DtcLookup extends DtcEntry {
  inCatalogue: boolean;
  structure: DtcStructure;
}

export interface DtcSearchHit {
  code: string;
  title: string;
  severity: DtcSeverity;
  component: DtcComponent | null;
}

export interface DtcSearchPage {
  items: DtcSearchHit[];
  total: number;
  limit: number;
  offset: number;
}
