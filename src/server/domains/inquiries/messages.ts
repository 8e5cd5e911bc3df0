import type { User } from '../../../shared/auth.ts';
import type { InquiryMessage, InquiryThread } from '../../../shared/inquiries.ts';
import type { Database, Executor } from '../../db/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notify } from '../../lib/notify.ts';
import { inquiryNotFound, standingOn, type InquiryStanding } from './access.ts';
import { personName } from './repository.ts';
import { requestLink, staffLink } from './service.ts';

/**
 * Who may take part in an inquiry's thread: its customer and the staff of its shop; an admin may
 * read it (support). Anyone else gets 404 (docs/inquiries.md#messages).
 */
async function participant(db: Executor, user: User, inquiryId: string, writing: boolean): Promise<InquiryStanding> {
  const standing = await standingOn(db, user, inquiryId);
  if (!standing) throw inquiryNotFound();
  if (standing.staffRole || standing.isCustomer) return standing;
  if (!writing && user.isAdmin) return standing;
  throw inquiryNotFound();
}

function messages(db: Executor) {
  return db
    .selectFrom('inquiry_messages as m')
    .leftJoin('users as a', 'a.id', 'm.author_id')
    .select(['m.id', 'm.inquiry_id', 'm.author_id', 'm.from_staff', 'm.body', 'm.created_at'])
    .select(personName.as('author_name'));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof messages>['executeTakeFirstOrThrow']>>;

function toMessage(row: MessageRow, userId: string): InquiryMessage {
  return {
    id: row.id,
    inquiryId: row.inquiry_id,
    fromStaff: row.from_staff,
    authorName: row.author_id ? row.author_name : null,
    mine: row.author_id === userId,
    body: row.body,
    createdAt: row.created_at,
  };
}

/** The latest `limit` messages, oldest of them first (newest last). */
export async function listMessages(db: Database, user: User, inquiryId: string, limit: number): Promise<InquiryThread> {
  await participant(db, user, inquiryId, false);
  const rows = await messages(db)
    .where('m.inquiry_id', '=', inquiryId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  const hasEarlier = rows.length > limit;
  return { messages: rows.slice(0, limit).reverse().map((row) => toMessage(row, user.id)), hasEarlier };
}

/**
 * A message in the thread. The server decides whether it is the shop's (the author is staff of the
 * inquiry's shop) or the customer's; a shop's reply is audited and tells the customer, a customer's
 * message tells the assigned technician.
 */
export async function sendMessage(db: Database, user: User, inquiryId: string, body: string): Promise<InquiryMessage> {
  const standing = await participant(db, user, inquiryId, true);
  const fromStaff = standing.staffRole !== null;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('inquiry_messages')
      .values({ inquiry_id: inquiryId, author_id: user.id, from_staff: fromStaff, body })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (fromStaff && standing.serviceCenterId) {
      await recordAudit(trx, {
        serviceCenterId: standing.serviceCenterId,
        actorId: user.id,
        entity: 'inquiry_message',
        entityId: id,
        action: 'reply',
        after: { inquiryId, body },
      });
      if (standing.customerAccountId && standing.customerAccountId !== user.id) {
        await notify(trx, {
          userId: standing.customerAccountId,
          kind: 'inquiry_reply',
          title: 'The shop replied to your request',
          body: `${standing.subject}: ${body}`,
          link: requestLink(inquiryId),
        });
      }
    } else if (standing.assignedToId && standing.assignedToId !== user.id) {
      await notify(trx, {
        userId: standing.assignedToId,
        kind: 'inquiry_reply',
        title: 'A customer wrote about their request',
        body: `${standing.subject}: ${body}`,
        link: staffLink(inquiryId),
      });
    }
    const row = await messages(trx).where('m.id', '=', id).executeTakeFirstOrThrow();
    return toMessage(row, user.id);
  });
}
