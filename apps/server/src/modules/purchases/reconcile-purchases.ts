import type { TPurchaseStatus } from '@therapy/contract';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { passPurchases } from '../../db/schema/index.ts';
import { amountMismatchError } from '../payment-providers/amount-mismatch.ts';
import type { TPaymentProviders } from '../payment-providers/payment-providers.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';

export const RECONCILE_JOB = 'payments.reconcile_purchase';

/**
 * Asks the purchase's provider what became of it and applies the answer as events, exactly
 * as if the webhook had come (same event ids where the provider has them, so a late webhook
 * changes nothing). Returns the purchase's status afterwards; throws `amount_mismatch` when
 * the provider reports a payment of another amount or currency.
 */
export async function reconcilePurchase(
  ctx: TAppContext,
  payments: TPaymentProviders,
  purchaseId: number,
  now = new Date(),
): Promise<TPurchaseStatus | null> {
  const [purchase] = await ctx.db.select().from(passPurchases).where(eq(passPurchases.id, purchaseId));
  if (!purchase) return null;
  if (purchase.status !== 'pending') return purchase.status;
  const events = await payments.named(purchase.provider).reconcile(ctx.db, purchase, now);
  for (const event of events) {
    const outcome = await applyPaymentEvent(ctx, { ...event, purchaseId: purchase.id }, now);
    // Stored and left unpaid; thrown so the job fails loudly (logged as failed) and a person looks at it.
    if (outcome.result === 'amount_mismatch') throw amountMismatchError(outcome);
  }
  const [after] = await ctx.db
    .select({ status: passPurchases.status })
    .from(passPurchases)
    .where(eq(passPurchases.id, purchaseId));
  return after?.status ?? null;
}

/**
 * Reconciles every purchase pending for longer than PAYMENTS_RECONCILE_AFTER_MINUTES (a
 * sweep behind the per-purchase jobs). One provider failing does not stop the others.
 */
export async function reconcilePendingPurchases(
  ctx: TAppContext,
  payments: TPaymentProviders,
  now = new Date(),
): Promise<{ checked: number; changed: number; failed: number }> {
  const before = new Date(now.getTime() - ctx.config.PAYMENTS_RECONCILE_AFTER_MINUTES * 60_000);
  const pending = await ctx.db
    .select({ id: passPurchases.id })
    .from(passPurchases)
    .where(and(eq(passPurchases.status, 'pending'), lte(passPurchases.createdAt, before)))
    .orderBy(asc(passPurchases.createdAt))
    .limit(500);
  let changed = 0;
  let failed = 0;
  for (const { id } of pending) {
    try {
      if ((await reconcilePurchase(ctx, payments, id, now)) !== 'pending') changed++;
    } catch {
      failed++;
    }
  }
  return { checked: pending.length, changed, failed };
}
