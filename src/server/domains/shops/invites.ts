import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { User } from '../../../shared/auth.ts';
import {
  INVITE_DAYS,
  INVITE_STATE_MESSAGES,
  type AcceptedInvite,
  type CreatedInvite,
  type InvitePreview,
  type InviteState,
  type PendingInvite,
  type StaffRole,
} from '../../../shared/shops.ts';
import type { Database, Executor } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mailConfigured, sendMail } from '../../lib/mail.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';
import { inviteMail } from './mail-texts.ts';
import { fullName, joinShop, setCurrentShop } from './repository.ts';

/**
 * Invitations (docs/shops.md#invites): a random code of 256 bits, shown once; only its SHA-256 is
 * stored. Open for INVITE_DAYS, used once.
 */

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

const pendingColumns = ['i.id', 'i.role', 'i.email', 'i.created_at', 'i.expires_at', 'u.first_name', 'u.last_name', 'u.email as creator_email'] as const;

function pendingQuery(db: Executor, serviceCenterId: string) {
  return db
    .selectFrom('shop_invites as i')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .where('i.service_center_id', '=', serviceCenterId)
    .select(pendingColumns);
}

type PendingRow = Awaited<ReturnType<ReturnType<typeof pendingQuery>['executeTakeFirstOrThrow']>>;

function toPending(row: PendingRow): PendingInvite {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    createdByName: fullName(row.first_name, row.last_name) ?? row.creator_email,
  };
}

export async function createInvite(db: Database, user: User, input: { serviceCenterId: string; role: StaffRole; email: string | null }): Promise<CreatedInvite> {
  const actor = await requireShopAccess(db, user, input.serviceCenterId, 'manage');
  if (input.role === 'owner' && actor.role !== 'owner') throw domainError('FORBIDDEN', 'Only an owner can invite an owner');
  const code = randomBytes(32).toString('base64url');
  const invite = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('shop_invites')
      .values({
        service_center_id: input.serviceCenterId,
        code_hash: hashCode(code),
        role: input.role,
        email: input.email,
        created_by: user.id,
        expires_at: sql<Date>`now() + make_interval(days => ${INVITE_DAYS})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { serviceCenterId: input.serviceCenterId, actorId: user.id, entity: 'invite', entityId: id, action: 'create', after: { role: input.role, email: input.email } });
    return toPending(await pendingQuery(trx, input.serviceCenterId).where('i.id', '=', id).executeTakeFirstOrThrow());
  });
  const link = `/invite/${code}`;
  let emailed = false;
  if (input.email && mailConfigured()) {
    const shop = await db.selectFrom('service_centers').select(['name', 'city']).where('id', '=', input.serviceCenterId).executeTakeFirstOrThrow();
    emailed = await sendMail(inviteMail({ to: input.email, shopName: shop.name, city: shop.city, role: input.role, inviter: invite.createdByName, link, expiresAt: invite.expiresAt }));
  }
  return { ...invite, code, link, emailed };
}

/** Open invitations, newest first (no codes: they were shown once). */
export async function listInvites(db: Database, user: User, serviceCenterId: string): Promise<PendingInvite[]> {
  await requireShopAccess(db, user, serviceCenterId, 'manage');
  const rows = await pendingQuery(db, serviceCenterId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(100)
    .execute();
  return rows.map(toPending);
}

export async function revokeInvite(db: Database, user: User, input: { serviceCenterId: string; inviteId: string }): Promise<void> {
  await requireShopAccess(db, user, input.serviceCenterId, 'manage');
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('shop_invites')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', input.inviteId)
      .where('service_center_id', '=', input.serviceCenterId)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['id', 'role', 'email'])
      .executeTakeFirst();
    if (!row) throw domainError('NOT_FOUND', 'Invitation not found (it may have been used or withdrawn already)');
    await recordAudit(trx, { serviceCenterId: input.serviceCenterId, actorId: user.id, entity: 'invite', entityId: row.id, action: 'revoke', before: { role: row.role, email: row.email } });
  });
}

async function inviteState(db: Executor, code: string) {
  const row = await db
    .selectFrom('shop_invites as i')
    .innerJoin('service_centers as c', 'c.id', 'i.service_center_id')
    .where('i.code_hash', '=', hashCode(code))
    .select(['i.role', 'i.expires_at', 'i.accepted_at', 'i.revoked_at', 'c.name', 'c.city', 'c.state'])
    .select(sql<boolean>`i.expires_at <= now()`.as('expired'))
    .executeTakeFirst();
  const state: InviteState = !row ? 'invalid' : row.accepted_at ? 'used' : row.revoked_at ? 'revoked' : row.expired ? 'expired' : 'open';
  return { row, state };
}

/** What the link offers, for anyone holding it (signed out too). */
export async function previewInvite(db: Database, code: string): Promise<InvitePreview> {
  const { row, state } = await inviteState(db, code);
  if (state === 'open' && row) return { state, shopName: row.name, city: row.city, stateName: row.state, role: row.role, expiresAt: row.expires_at };
  return { state: state === 'open' ? 'invalid' : state, message: INVITE_STATE_MESSAGES[state === 'open' ? 'invalid' : state] };
}

/**
 * Single use under concurrency: one UPDATE claims the invitation only while it is open, so of two
 * accepts at once exactly one gets the row. An existing member keeps a higher role (never demoted
 * by an invitation) or is raised to the invited one. The shop becomes the user's current shop.
 */
export async function acceptInvite(db: Database, user: User, code: string): Promise<AcceptedInvite> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('shop_invites')
      .set({ accepted_at: sql<Date>`now()`, accepted_by: user.id })
      .where('code_hash', '=', hashCode(code))
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['id', 'service_center_id', 'role'])
      .executeTakeFirst();
    if (!claimed) {
      const { state } = await inviteState(trx, code);
      const reason = state === 'open' ? 'used' : state;
      throw domainError(reason === 'invalid' ? 'NOT_FOUND' : 'CONFLICT', INVITE_STATE_MESSAGES[reason]);
    }
    const centerId = claimed.service_center_id;
    const joined = await joinShop(trx, centerId, user.id, claimed.role);
    await setCurrentShop(trx, user.id, centerId);
    await recordAudit(trx, {
      serviceCenterId: centerId,
      actorId: user.id,
      entity: 'staff',
      entityId: user.id,
      action: 'accept',
      before: joined.before ? { role: joined.before } : null,
      after: { role: joined.role, inviteId: claimed.id },
    });
    const shop = await trx.selectFrom('service_centers').select('name').where('id', '=', centerId).executeTakeFirstOrThrow();
    return { serviceCenterId: centerId, shopName: shop.name, role: joined.role };
  });
}

/** How long an unused invitation is kept after it expired: its link says "expired" until then, then "invalid". */
export const EXPIRED_INVITE_KEEP_DAYS = 30;

/** Deletes invitations never accepted that expired over EXPIRED_INVITE_KEEP_DAYS ago (a daily job). */
export async function pruneExpiredInvites(db: Executor): Promise<number> {
  const result = await db
    .deleteFrom('shop_invites')
    .where('accepted_at', 'is', null)
    .where('expires_at', '<', sql<Date>`now() - make_interval(days => ${EXPIRED_INVITE_KEEP_DAYS})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
