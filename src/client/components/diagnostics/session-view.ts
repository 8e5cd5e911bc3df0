import type { CodeStatus, DiagnosticSession, DiagnosticSessionSummary } from '../../../shared/diagnostics.ts';
import { DTC_COMPONENT_LABELS, type DtcSeverity } from '../../../shared/dtc.ts';
import type { Monitor } from '../../../shared/obd/pids.ts';
import { trpc } from '../../lib/trpc.ts';
import type { ScanDraft } from './session-draft.ts';

/** A code of the session in view, explained: the same for a saved session and a reading not yet saved. */
export interface ViewCode {
  code: string;
  status: CodeStatus;
  /** Null while the catalogue is asked. */
  title: string | null;
  severity: DtcSeverity | null;
  /** The vehicle diagram's component it concerns, by name. */
  component: string | null;
}

/** What the Diagnostic Tools page counts and lists: one session, saved or just read. */
export interface SessionView {
  /** Null: read (or typed) on this page and not saved. */
  id: string | null;
  /** The stored vehicle a saved session is of (links to its diagram); null for a reading not saved. */
  vehicleId: string | null;
  source: 'adapter' | 'manual';
  milOn: boolean | null;
  codes: ViewCode[];
  readiness: Monitor[];
  clearedAt: Date | null;
}

export const SCAN_IN_VIEW = 'scan';

export function sessionView(session: DiagnosticSession): SessionView {
  return { id: session.id, vehicleId: session.vehicleId, source: session.source, milOn: session.milOn, codes: session.codes, readiness: session.readiness, clearedAt: session.clearedAt };
}

/** A reading not yet saved, its codes explained by the catalogue (cached: the scanner asked already). */
export function useDraftView(draft: ScanDraft | null): SessionView | null {
  const codes = draft?.codes ?? [];
  const lookups = trpc.useQueries((t) => codes.map((c) => t.dtc.lookup({ code: c.code }, { staleTime: Infinity, retry: false })));
  if (!draft) return null;
  return {
    id: null,
    vehicleId: null,
    source: draft.source,
    milOn: draft.milOn,
    readiness: draft.readiness,
    clearedAt: null,
    codes: codes.map((c, i) => {
      const entry = lookups[i]?.data;
      return { ...c, title: entry?.title ?? null, severity: entry?.severity ?? null, component: entry?.component ? DTC_COMPONENT_LABELS[entry.component] : null };
    }),
  };
}

/** "2011 Ford F-150 for Pat Owner · 3 May 2026, 10:31": a session as a list names it. */
export function sessionTitle(session: DiagnosticSessionSummary): string {
  const when = new Date(session.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `${session.vehicleLabel}${session.customerName ? ` for ${session.customerName}` : ''} · ${when}`;
}
