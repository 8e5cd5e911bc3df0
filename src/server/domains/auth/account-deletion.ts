import { TRPCError } from '@trpc/server';
import type { DeleteAccountInput, User } from '../../../shared/auth.ts';
import type { Database } from '../../db/index.ts';
import { domainError } from '../../http/errors.ts';
import { deleteAccountData } from '../../lib/account-data.ts';
import { attemptOnAccount, TOO_MANY_ACCOUNT_ATTEMPTS } from './attempts.ts';
import { findCredentialsByEmail } from './repository.ts';
import { verifyPassword } from './password.ts';

/**
 * Deletes the account and everything that is its own, files included, in one transaction
 * (lib/account-data.ts lists what goes and what stays for shops). Refused while the user is the
 * only owner of an active shop that has other staff: someone must be able to run it.
 */
export async function deleteAccount(db: Database, user: User, input: DeleteAccountInput): Promise<void> {
  const attempt = await attemptOnAccount(db, user.email, async () => {
    const credentials = await findCredentialsByEmail(db, user.email);
    const ok = credentials?.passwordHash ? await verifyPassword(input.password, credentials.passwordHash) : false;
    if (!ok) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Password is incorrect' });
  });
  if ('limited' in attempt) throw domainError('TOO_MANY_REQUESTS', TOO_MANY_ACCOUNT_ATTEMPTS, { retryAfterSeconds: attempt.limited.retryAfterSeconds });

  await db.transaction().execute(async (trx) => {
    // Every shop the user alone owns, with its other staff and other owners counted.
    const owned = await trx
      .selectFrom('shop_staff as s')
      .innerJoin('service_centers as c', 'c.id', 's.service_center_id')
      .select((eb) => [
        'c.id',
        'c.name',
        'c.is_active',
        eb.selectFrom('shop_staff as o').select((e) => e.fn.countAll<string>().as('n')).whereRef('o.service_center_id', '=', 'c.id').where('o.user_id', '!=', user.id).as('others'),
        eb.selectFrom('shop_staff as o').select((e) => e.fn.countAll<string>().as('n')).whereRef('o.service_center_id', '=', 'c.id').where('o.user_id', '!=', user.id).where('o.role', '=', 'owner').as('otherOwners'),
      ])
      .where('s.user_id', '=', user.id)
      .where('s.role', '=', 'owner')
      .forUpdate('s')
      .execute();
    const blocking = owned.filter((shop) => shop.is_active && Number(shop.others) > 0 && Number(shop.otherOwners) === 0);
    if (blocking.length > 0) {
      const names = blocking.map((shop) => `"${shop.name}"`).join(', ');
      throw domainError(
        'CONFLICT',
        `You are the only owner of ${names}, which has other staff. Make another member an owner, or close the shop, before deleting your account.`,
        { shops: blocking.map((shop) => shop.id) },
      );
    }
    // A shop the user ran alone closes with the account (it stays listed as inactive, as a deleted shop does).
    const alone = owned.filter((shop) => Number(shop.others) === 0).map((shop) => shop.id);
    if (alone.length > 0) await trx.updateTable('service_centers').set({ is_active: false }).where('id', 'in', alone).execute();
    await deleteAccountData(trx, user.id);
  });
}
