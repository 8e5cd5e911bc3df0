import { createHash, randomBytes } from 'node:crypto';
import type { User } from '../../../shared/auth.ts';
import type { Inspection, PublicInspection } from '../../../shared/inspections.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notify } from '../../lib/notify.ts';
import { findHeaderByLink, loadItems, toSummary, updateInspectionRow } from './repository.ts';
import { editable, getInspection } from './service.ts';

// Sharing a completed inspection: with the customer, and by a public link (decision 146).

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const publicPath = (token: string) => `/shared/inspections/${token}`;

/**
 * Shares a completed inspection: a shop's goes to its customer (their garage and diagram, and a
 * notification); either kind gets a new public link, which replaces any earlier one.
 */
export async function shareInspection(db: Database, user: User, id: string): Promise<{ inspection: Inspection; link: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await editable(trx, user, id, { draftOnly: false });
    if (row.status === 'draft') throw domainError('CONFLICT', 'Complete and sign the inspection before sharing it');
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const firstShare = row.service_center_id !== null && row.status !== 'shared';
    await updateInspectionRow(trx, row.id, {
      link_hash: hashToken(token),
      link_created_at: now,
      ...(firstShare ? { status: 'shared' as const, shared_at: now } : {}),
    });
    if (row.service_center_id) {
      await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: user.id, entity: 'inspection', entityId: row.id, action: 'status', after: { status: 'shared', link: 'created' } });
    }
    if (firstShare && row.user_id) {
      const label = `${row.year} ${row.make} ${row.model}`;
      await notify(trx, {
        userId: row.user_id,
        kind: 'inspection_shared',
        title: `${row.center_name ?? 'Your shop'} shared the inspection of your ${label}`,
        body: 'See what was found on your vehicle\u2019s diagram, and approve or decline each recommendation.',
        link: `/inspections/${row.id}`,
      });
    }
    return { inspection: await getInspection(trx, user, row.id), link: publicPath(token) };
  });
}

/** The public link stops working; the customer still sees the inspection in their garage. */
export async function revokeLink(db: Database, user: User, id: string): Promise<Inspection> {
  return db.transaction().execute(async (trx) => {
    const row = await editable(trx, user, id, { draftOnly: false });
    await updateInspectionRow(trx, row.id, { link_hash: null, link_created_at: null });
    if (row.service_center_id) await recordAudit(trx, { serviceCenterId: row.service_center_id, actorId: user.id, entity: 'inspection', entityId: row.id, action: 'revoke', after: { link: 'revoked' } });
    return getInspection(trx, user, row.id);
  });
}

/** The report behind a public link: what it prints, no ids of people or the shop's internals. */
export async function publicInspection(db: Executor, token: string): Promise<PublicInspection & { linkHash: string }> {
  const hash = hashToken(token);
  const row = await findHeaderByLink(db, hash);
  if (!row) throw domainError('NOT_FOUND', 'This inspection link is not valid: it may have been replaced or turned off');
  const { serviceCenterId: _center, ...summary } = toSummary(row);
  return { ...summary, notes: row.notes, sharedAt: row.shared_at, items: await loadItems(db, row.id), linkHash: hash };
}
