import type { User } from '../../../shared/auth.ts';
import type { ShopRates } from '../../../shared/repair-orders.ts';
import type { Database, Executor } from '../../db/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { requireShopAccess } from '../../lib/shop-access.ts';

/** The shop's tax rate (basis points) and default labour rate (cents an hour): new orders start from them. */
export async function shopRates(db: Executor, user: User, serviceCenterId: string): Promise<ShopRates> {
  await requireShopAccess(db, user, serviceCenterId, 'read');
  const row = await db.selectFrom('service_centers').select(['tax_rate_bp', 'labor_rate_cents']).where('id', '=', serviceCenterId).executeTakeFirstOrThrow();
  return { taxRateBp: row.tax_rate_bp, laborRateCents: row.labor_rate_cents };
}

export async function setShopRates(db: Database, user: User, serviceCenterId: string, rates: ShopRates): Promise<ShopRates> {
  const actor = await requireShopAccess(db, user, serviceCenterId, 'manage');
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('service_centers').select(['tax_rate_bp', 'labor_rate_cents']).where('id', '=', serviceCenterId).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('service_centers').set({ tax_rate_bp: rates.taxRateBp, labor_rate_cents: rates.laborRateCents }).where('id', '=', serviceCenterId).execute();
    await recordAudit(trx, {
      serviceCenterId,
      actorId: actor.userId,
      entity: 'center',
      entityId: serviceCenterId,
      action: 'update',
      before: { taxRateBp: before.tax_rate_bp, laborRateCents: before.labor_rate_cents },
      after: { ...rates },
    });
    return rates;
  });
}
