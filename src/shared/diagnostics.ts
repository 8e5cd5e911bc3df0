import { z } from 'zod';
import { mileageSchema, uuid } from './garage.ts';
import { DTC_FORMAT_MESSAGE, type DtcSeverity } from './dtc.ts';
import { DTC_PATTERN, normaliseDtc } from './obd/codes.ts';
import type { TroubleCodeKind } from './obd/adapter.ts';

/** Stored diagnostic sessions (docs/diagnostics.md): what was read from a vehicle in one sitting. */

export const CODE_STATUSES = ['stored', 'pending', 'permanent'] as const satisfies readonly TroubleCodeKind[];
export type CodeStatus = (typeof CODE_STATUSES)[number];
export const CODE_STATUS_LABELS: Readonly<Record<CodeStatus, string>> = { stored: 'Stored', pending: 'Pending', permanent: 'Permanent' };

export const SESSION_SOURCES = ['adapter', 'manual'] as const;
export const SESSION_LIMITS = { codes: 60, monitors: 16, values: 40, notes: 2000, label: 120 } as const;
export const SESSIONS_PAGE = { default: 20, max: 50 } as const;

const label = (what: string) => z.string({ error: `${what} must be text` }).trim().min(1, `${what} is empty`).max(SESSION_LIMITS.label, `${what} is at most ${SESSION_LIMITS.label} characters`);

export const sessionCodeSchema = z
  .object({
    code: z
      .string({ error: DTC_FORMAT_MESSAGE })
      .transform(normaliseDtc)
      .pipe(z.string().regex(DTC_PATTERN, DTC_FORMAT_MESSAGE)),
    status: z.enum(CODE_STATUSES, { error: 'A code\u2019s status is stored, pending or permanent' }),
  })
  .strict();
export type SessionCodeInput = z.input<typeof sessionCodeSchema>;

export const monitorSchema = z.object({ key: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Invalid monitor key'), label: label('A monitor\u2019s name'), complete: z.boolean() }).strict();

/** One value read from the car, in the unit the protocol gives it (canonical, metric). */
export const readingSchema = z
  .object({
    key: z.string().regex(/^[A-Za-z0-9]{1,40}$/, 'Invalid value key'),
    label: label('A value\u2019s name'),
    value: z.number({ error: 'A value must be a number' }).finite('A value must be a number').min(-1e6).max(1e6),
    unit: z.string().max(12, 'A unit is at most 12 characters'),
  })
  .strict();
export type Reading = z.infer<typeof readingSchema>;

export const createSessionSchema = z
  .object({
    vehicleId: uuid('vehicle'),
    serviceCenterId: uuid('service center').optional(),
    customerVehicleId: uuid('customer vehicle').optional(),
    source: z.enum(SESSION_SOURCES, { error: 'Source is adapter or manual' }),
    adapter: label('Adapter').nullable().optional(),
    protocol: label('Protocol').nullable().optional(),
    vin: z.string().trim().toUpperCase().regex(/^[A-HJ-NPR-Z0-9]{17}$/, 'A VIN is 17 letters and digits without I, O or Q').nullable().optional(),
    mileage: mileageSchema.nullable().optional(),
    milOn: z.boolean().nullable().optional(),
    voltage: z.number().finite().min(0).max(40).nullable().optional(),
    codes: z.array(sessionCodeSchema).max(SESSION_LIMITS.codes, `At most ${SESSION_LIMITS.codes} codes`).default([]),
    readiness: z.array(monitorSchema).max(SESSION_LIMITS.monitors).default([]),
    live: z.array(readingSchema).max(SESSION_LIMITS.values).default([]),
    freezeFrame: z.array(readingSchema).max(SESSION_LIMITS.values).default([]),
    notes: z.string().trim().max(SESSION_LIMITS.notes, `Notes are at most ${SESSION_LIMITS.notes} characters`).nullable().optional(),
  })
  .strict();
export type CreateSessionInput = z.input<typeof createSessionSchema>;
export type CreateSessionValues = z.output<typeof createSessionSchema>;

export const sessionIdSchema = uuid('diagnostic session');

export const updateSessionSchema = z
  .object({
    id: sessionIdSchema,
    notes: z.string().trim().max(SESSION_LIMITS.notes, `Notes are at most ${SESSION_LIMITS.notes} characters`).nullable().optional(),
    live: z.array(readingSchema).max(SESSION_LIMITS.values).optional(),
    /** The codes were cleared from the car (service 04) during this session. */
    cleared: z.literal(true).optional(),
  })
  .strict();
export type UpdateSessionInput = z.input<typeof updateSessionSchema>;

export const listSessionsSchema = z
  .object({
    vehicleId: uuid('vehicle').optional(),
    serviceCenterId: uuid('service center').optional(),
    limit: z.number().int().min(1).max(SESSIONS_PAGE.max).default(SESSIONS_PAGE.default),
  })
  .strict();

export interface SessionCode {
  code: string;
  status: CodeStatus;
  /** From the catalogue; a code outside it has its structure's description. */
  title: string;
  severity: DtcSeverity | null;
  /** The diagram's component it concerns (by name), when the catalogue says. */
  component: string | null;
}

export interface DiagnosticSessionSummary {
  id: string;
  vehicleId: string;
  vehicleLabel: string;
  serviceCenterId: string | null;
  serviceCenterName: string | null;
  customerName: string | null;
  ranBy: string | null;
  source: (typeof SESSION_SOURCES)[number];
  milOn: boolean | null;
  mileage: number | null;
  codeCount: number;
  clearedAt: Date | null;
  createdAt: Date;
}

export interface DiagnosticSession extends DiagnosticSessionSummary {
  adapter: string | null;
  protocol: string | null;
  vin: string | null;
  voltage: number | null;
  readiness: z.infer<typeof monitorSchema>[];
  live: Reading[];
  freezeFrame: Reading[];
  notes: string | null;
  /** As they were found: clearing the car's codes leaves them on record. */
  codes: SessionCode[];
  canEdit: boolean;
}
