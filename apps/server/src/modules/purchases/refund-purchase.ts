import { eq } from 'drizzle-orm';
import { clientPasses, passPurchases, type TPurchaseRow } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { releasePromocode } from '../promocodes/applied-promocode.ts';

/**
 * The money went back: the purchase and its pass are refunded (sessions already booked stay
 * as they are). A refund that overtook the success it follows lands here straight from
 * pending, giving back the promo code redemption that purchase held.
 */
export async function refundPurchase(tx: TExecutor, purchase: TPurchaseRow, input: { now: Date }): Promise<void> {
  await tx
    .update(passPurchases)
    .set({ status: 'refunded', refundedAt: input.now, completedAt: purchase.completedAt ?? input.now })
    .where(eq(passPurchases.id, purchase.id));
  await tx.update(clientPasses).set({ status: 'refunded' }).where(eq(clientPasses.id, purchase.clientPassId));
  if (purchase.status === 'pending' && purchase.promocodeId !== null) {
    await releasePromocode(tx, purchase.promocodeId);
  }
}
