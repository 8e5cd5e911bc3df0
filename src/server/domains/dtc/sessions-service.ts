import type { User } from '../../../shared/auth.ts';
import { DTC_COMPONENT_LABELS } from '../../../shared/dtc.ts';
import {
  CODE_STATUS_LABELS,
  type CreateSessionValues,
  type DiagnosticSession,
  type Reading,
  type SessionCode,
} from '../../../shared/diagnostics.ts';
import type { Database, Executor } from '../../db/index.ts';
import { textCell, toCsv, type CsvCell, type CsvFile } from '../../http/csv.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { findGarageAccess, roleAllows } from '../../lib/garage-access.ts';
import { staffRole } from '../../lib/shop-access.ts';
import { vehicleOwnerFor } from '../../lib/vehicle-owner.ts';
import { findVehicleById } from '../../lib/vehicles.ts';
import { lookupDtc } from './service.ts';
import { findVisibleSession, insertSession, lockSession, sessionCodes, toSummary, updateSessionRow, type SessionRow } from './sessions-repository.ts';

export const sessionNotFound = () => domainError('NOT_FOUND', 'Diagnostic session not found');

/** A code with what the catalogue says of it (or its structure, outside the catalogue). */
function describe(code: string, status: SessionCode['status']): SessionCode {
  const entry = lookupDtc(code);
  return { code, status, title: entry.title, severity: entry.severity, component: entry.component ? DTC_COMPONENT_LABELS[entry.component] : null };
}

/** Staff of the shop that ran it; for an owner's own scan, the owner and editors of the shared vehicle. */
async function canEdit(db: Executor, user: User, row: SessionRow): Promise<boolean> {
  if (row.service_center_id) return (await staffRole(db, user.id, row.service_center_id)) !== null;
  if (row.user_id === user.id) return true;
  const access = row.user_id ? await findGarageAccess(db, user.id, { ownerId: row.user_id, vehicleId: row.vehicle_id }) : null;
  return access !== null && roleAllows(access.role, 'edit');
}

async function present(db: Executor, user: User, row: SessionRow): Promise<DiagnosticSession> {
  const codes = await sessionCodes(db, row.id);
  return {
    ...toSummary(row),
    adapter: row.adapter,
    protocol: row.protocol,
    vin: row.vin,
    voltage: row.voltage === null ? null : Number(row.voltage),
    readiness: row.readiness as DiagnosticSession['readiness'],
    live: row.live as Reading[],
    freezeFrame: row.freeze_frame as Reading[],
    notes: row.notes,
    codes: codes.map((c) => describe(c.code, c.status)),
    canEdit: await canEdit(db, user, row),
  };
}

export async function getSession(db: Executor, user: User, id: string): Promise<DiagnosticSession> {
  const row = await findVisibleSession(db, user.id, id);
  if (!row) throw sessionNotFound();
  return present(db, user, row);
}

/**
 * Stores what was read from a vehicle (docs/diagnostics.md#sessions): staff for a customer's vehicle
 * of their shop, owners and editors for a vehicle in their garage. A VIN read from the car must be
 * the vehicle's own when the vehicle has one.
 */
export async function createSession(db: Database, user: User, values: CreateSessionValues): Promise<DiagnosticSession> {
  return db.transaction().execute(async (trx) => {
    const vehicle = await findVehicleById(trx, values.vehicleId);
    if (!vehicle) throw domainError('NOT_FOUND', 'Vehicle not found');
    const owner = await vehicleOwnerFor(trx, user, values);
    if (values.vin && vehicle.vin && values.vin !== vehicle.vin) {
      throw domainError('BAD_REQUEST', `The VIN read from the car (${values.vin}) is not this vehicle's (${vehicle.vin}): choose the right vehicle`);
    }
    const id = await insertSession(trx, owner, user.id, values);
    if (owner.serviceCenterId) {
      await recordAudit(trx, { serviceCenterId: owner.serviceCenterId, actorId: user.id, entity: 'diagnostic_session', entityId: id, action: 'create', after: { codes: values.codes.length, source: values.source } });
    }
    return getSession(trx, user, id);
  });
}

/** Notes, a newer live snapshot, or the clearing of codes; by whoever ran it (staff of the shop, or the owner). */
export async function updateSession(db: Database, user: User, input: { id: string; notes?: string | null; live?: Reading[]; cleared?: true }): Promise<DiagnosticSession> {
  return db.transaction().execute(async (trx) => {
    // Only someone who may see the session waits on its lock; the row is read again once it is held.
    if (!(await findVisibleSession(trx, user.id, input.id))) throw sessionNotFound();
    await lockSession(trx, input.id);
    const row = await findVisibleSession(trx, user.id, input.id);
    if (!row) throw sessionNotFound();
    if (!(await canEdit(trx, user, row))) throw domainError('FORBIDDEN', 'Only the shop that ran the scan changes it; an owner\u2019s own scan, the owner and editors of the vehicle');
    if (input.cleared && row.cleared_at) throw domainError('CONFLICT', 'The codes of this session were cleared already');
    await updateSessionRow(trx, row.id, { notes: input.notes, live: input.live, cleared: input.cleared ? { by: user.id } : undefined });
    if (row.service_center_id) {
      await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: user.id, entity: 'diagnostic_session', entityId: row.id, action: input.cleared ? 'status' : 'update', after: { cleared: Boolean(input.cleared), notes: input.notes !== undefined } });
    }
    return getSession(trx, user, row.id);
  });
}

const CSV_HEADER: CsvCell[] = ['section', 'item', 'status', 'value', 'unit', 'detail'];

/** A session as a spreadsheet: its facts, codes, readiness, live and freeze-frame values. */
export async function sessionCsv(db: Executor, user: User, id: string): Promise<CsvFile> {
  const session = await getSession(db, user, id);
  const rows: CsvCell[][] = [
    ['session', 'vehicle', null, textCell(session.vehicleLabel), null, session.vin],
    ['session', 'date', null, session.createdAt.toISOString(), null, null],
    ['session', 'mileage', null, session.mileage, 'mi', null],
    ['session', 'check engine light', null, session.milOn === null ? null : session.milOn ? 'on' : 'off', null, null],
    ['session', 'adapter', null, session.adapter === null ? null : textCell(session.adapter), null, session.protocol === null ? null : textCell(session.protocol)],
    ...(session.clearedAt ? [['session', 'codes cleared', null, session.clearedAt.toISOString(), null, null] as CsvCell[]] : []),
    ...session.codes.map((c): CsvCell[] => ['code', c.code, CODE_STATUS_LABELS[c.status], c.severity, null, textCell(c.title)]),
    ...session.readiness.map((m): CsvCell[] => ['readiness', textCell(m.label), m.complete ? 'complete' : 'not complete', null, null, null]),
    ...session.live.map((r): CsvCell[] => ['live', textCell(r.label), null, r.value, textCell(r.unit), null]),
    ...session.freezeFrame.map((r): CsvCell[] => ['freeze frame', textCell(r.label), null, r.value, textCell(r.unit), null]),
    ...(session.notes ? [['session', 'notes', null, null, null, textCell(session.notes)] as CsvCell[]] : []),
  ];
  const slug = `${session.vehicleLabel}-${session.createdAt.toISOString().slice(0, 10)}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { fileName: `diagnostic-session-${slug}.csv`, csv: toCsv([CSV_HEADER, ...rows]) };
}
