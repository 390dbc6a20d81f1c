import { and, eq } from 'drizzle-orm';
import { clientPasses, passPurchases, slots, type TPurchaseRow } from '../../db/schema/index.ts';
import { appendAudit, systemOrigin, type TAuditOrigin } from '../../lib/audit.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { closeSandboxCheckout } from '../payment-providers/sandbox/sandbox-provider.ts';
import { releasePromocode } from '../promocodes/applied-promocode.ts';

/**
 * The checkout ended without payment: the purchase is cancelled with its reason, the pass
 * it would have activated too, and the promo code redemption it held is given back. The
 * applied code stays applied for the next try. A sandbox checkout still open is closed,
 * so its page can no longer take money. The time held for this checkout is let go, so others
 * can book it — unless a newer purchase of the client replaces this one and pays for that time.
 * The audit trail gets the change, from `origin` (the system unless a request of the client caused it).
 */
export async function cancelPurchase(
  tx: TExecutor,
  purchase: TPurchaseRow,
  input: { now: Date; reason: string; keepHold?: boolean; origin?: TAuditOrigin },
): Promise<void> {
  const [cancelled] = await tx
    .update(passPurchases)
    .set({ status: 'cancelled', cancelledAt: input.now, failureReason: input.reason.slice(0, 500) })
    .where(and(eq(passPurchases.id, purchase.id), eq(passPurchases.status, 'pending')))
    .returning({ id: passPurchases.id });
  if (!cancelled) return;
  await tx
    .update(clientPasses)
    .set({ status: 'cancelled' })
    .where(and(eq(clientPasses.id, purchase.clientPassId), eq(clientPasses.status, 'pending_purchase')));
  if (purchase.promocodeId !== null) await releasePromocode(tx, purchase.promocodeId);
  if (purchase.slotId !== null && !input.keepHold) {
    await tx
      .update(slots)
      .set({ status: 'expired' })
      .where(and(eq(slots.id, purchase.slotId), eq(slots.clientId, purchase.userId), eq(slots.status, 'held')));
  }
  if (purchase.provider === 'sandbox') await closeSandboxCheckout(tx, purchase.id, input.now);
  await appendAudit(tx, input.origin ?? systemOrigin(), [
    {
      action: 'payment_cancelled',
      subjectId: purchase.userId,
      // The reason's code only (a provider's message after the colon may quote anything).
      details: { purchase: purchase.id, provider: purchase.provider, reason: input.reason.split(':')[0] ?? '' },
    },
  ]);
}
