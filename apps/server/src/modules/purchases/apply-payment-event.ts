import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { passPurchases, paymentEvents, type TPurchaseRow, users } from '../../db/schema/index.ts';
import { appendAudit, systemOrigin } from '../../lib/audit.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import type { TEventMoney, TPaymentEvent, TPaymentEventOutcome } from '../payment-providers/types.ts';
import { cancelPurchase } from './cancel-purchase.ts';
import { completePurchase } from './complete-purchase.ts';
import { type TRecordedEventKind, targetStatus } from './purchase-state.ts';
import { refundPurchase } from './refund-purchase.ts';

/** The purchase an event is about, locked for this transaction: by our id, the checkout's id or the payment's id. */
async function lockPurchase(tx: TExecutor, event: TPaymentEvent): Promise<TPurchaseRow | null> {
  const where =
    event.purchaseId !== null
      ? and(eq(passPurchases.id, event.purchaseId), eq(passPurchases.provider, event.provider))
      : event.providerRef !== null
        ? and(eq(passPurchases.provider, event.provider), eq(passPurchases.providerRef, event.providerRef))
        : event.providerPaymentId !== null
          ? and(
              eq(passPurchases.provider, event.provider),
              eq(passPurchases.providerPaymentId, event.providerPaymentId),
            )
          : null;
  if (!where) return null;
  const [purchase] = await tx.select().from(passPurchases).where(where).limit(1).for('update');
  return purchase ?? null;
}

/** Whether the account has been erased (modules/erasure). */
async function isErased(tx: TExecutor, userId: number): Promise<boolean> {
  const [row] = await tx.select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.erasedAt);
}

/** Whether an event paid exactly the purchase's price: same minor units, same currency. */
const paysInFull = (money: TEventMoney | null, purchase: TPurchaseRow): boolean =>
  money !== null && money.amount === purchase.amountPaid && money.currency === purchase.currency;

/**
 * Applies one verified provider event in one transaction. Each event is stored once
 * (unique provider + event id): a replay finds its row and changes nothing. The purchase
 * row is locked, so events about one purchase apply one after another, and the purchase
 * moves to where all its events point (see purchase-state.ts), whatever their order.
 * A success is checked to the kopeck first: one for another amount or currency (a forged or
 * tampered notification, a price changed under the checkout) is stored as `amount_mismatch`,
 * which moves nothing, and is answered as such for the caller to log and refuse.
 */
export async function applyPaymentEvent(
  ctx: Pick<TAppContext, 'db'>,
  event: TPaymentEvent,
  now = new Date(),
): Promise<TPaymentEventOutcome> {
  return ctx.db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, event);
    // A payment that lands after its payer deleted their account (a checkout paid in another tab, a
    // late webhook): the money is recorded as for anyone, but nothing about the payer is kept again.
    const payerErased = purchase !== null && (await isErased(tx, purchase.userId));
    const mismatch = purchase !== null && event.kind === 'succeeded' && !paysInFull(event.money, purchase);
    const kind: TRecordedEventKind = mismatch ? 'amount_mismatch' : event.kind;
    const [stored] = await tx
      .insert(paymentEvents)
      .values({
        provider: event.provider,
        eventId: event.eventId,
        kind,
        purchaseId: purchase?.id ?? null,
        // As erasure leaves the payer's earlier events (retention.ts): the provider's payload may carry their e-mail.
        payload: payerErased
          ? { erased: true }
          : { type: event.type, reason: event.reason, money: event.money, data: event.payload },
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!stored) return { result: 'duplicate' };
    if (!purchase) return { result: 'unknown_purchase' };
    if (mismatch) {
      return {
        result: 'amount_mismatch',
        expected: { amount: purchase.amountPaid, currency: purchase.currency },
        received: event.money,
      };
    }

    const received = await tx
      .select({ kind: paymentEvents.kind })
      .from(paymentEvents)
      .where(eq(paymentEvents.purchaseId, purchase.id));
    const to = targetStatus(
      purchase.status,
      received.map((r) => r.kind as TRecordedEventKind),
    );
    if (to === 'completed' && purchase.status !== 'completed') {
      await completePurchase(tx, purchase, {
        now,
        // No card saved for an erased account (its token could still charge), no receipt to its unusable address.
        card: payerErased ? null : event.card,
        providerPaymentId: event.providerPaymentId,
        receipt: !payerErased,
      });
    } else if (to === 'cancelled' && purchase.status === 'pending') {
      await cancelPurchase(tx, purchase, { now, reason: event.reason ?? event.type });
    } else if (to === 'refunded' && purchase.status !== 'refunded') {
      await refundPurchase(tx, purchase, { now });
    }
    // A cancellation is recorded by cancelPurchase itself (it has other callers).
    if (to !== purchase.status && (to === 'completed' || to === 'refunded')) {
      await appendAudit(tx, systemOrigin(), [
        {
          action: `payment_${to}`,
          subjectId: purchase.userId,
          details: { purchase: purchase.id, provider: event.provider },
        },
      ]);
    }
    return { result: 'applied', from: purchase.status, to };
  });
}
