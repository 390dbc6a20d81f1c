import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { passes, passPurchases, type TPurchaseRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { passDescription } from '../passes/pass-labels.ts';
import type { TPaymentProviders } from '../payment-providers/payment-providers.ts';
import { cancelPurchase } from './cancel-purchase.ts';

export const returnPathOf = (purchaseHashid: string): string => `/lk/passes?purchase=${purchaseHashid}`;

/**
 * Opens the provider's checkout for a pending purchase once: under the purchase's row lock,
 * so concurrent calls with one idempotency key wait for the first and reuse its page. A
 * provider that cannot open a checkout cancels the purchase; the client gets a clear 502.
 */
export async function ensureCheckout(
  ctx: TAppContext,
  payments: TPaymentProviders,
  purchase: TPurchaseRow,
): Promise<TPurchaseRow> {
  if (purchase.status !== 'pending' || purchase.checkoutUrl) return purchase;
  const provider = payments.named(purchase.provider);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(passPurchases).where(eq(passPurchases.id, purchase.id)).for('update');
      if (row?.status !== 'pending' || row.checkoutUrl) return row ?? purchase;
      const [pass] = await tx.select().from(passes).where(eq(passes.id, row.passId));
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!pass || !user) throw new Error(`purchase ${row.id} lost its pass or client`);
      const purchaseHashid = ctx.hashids.encode('purchase', row.id);
      const session = await provider.createCheckout(tx, {
        purchaseId: row.id,
        purchaseHashid,
        userHashid: ctx.hashids.encode('user', row.userId),
        email: user.email,
        amount: row.amountPaid,
        currency: row.currency,
        description: passDescription(pass),
        returnPath: returnPathOf(purchaseHashid),
      });
      const [updated] = await tx
        .update(passPurchases)
        .set({ checkoutUrl: session.url, providerRef: session.providerRef })
        .where(eq(passPurchases.id, row.id))
        .returning();
      return updated ?? row;
    });
  } catch (error) {
    const reason = `checkout_failed: ${error instanceof Error ? error.message : String(error)}`;
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(passPurchases).where(eq(passPurchases.id, purchase.id)).for('update');
      if (row && row.status === 'pending' && !row.checkoutUrl)
        await cancelPurchase(tx, row, { now: new Date(), reason });
    });
    throw new AppError('payment_failed');
  }
}
