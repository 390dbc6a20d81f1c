import { and, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { TDb } from '../../db/client.ts';
import { appliedPromocodes, clientPasses, passes, passPurchases, type TPurchaseRow } from '../../db/schema/index.ts';
import { scheduleJob } from '../../lib/jobs.ts';
import { bookHeldSlot } from '../booking/book-held-slot.ts';
import { saveCard } from '../cards/save-card.ts';
import type { TCardInfo } from '../payment-providers/types.ts';
import { reservePromocode } from '../promocodes/applied-promocode.ts';

/** An open transaction: savepoints nest inside it. */
export type TTransaction = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * The money is taken: the pass becomes active with all its sessions, the promo code is
 * used up, a receipt is queued and the held slot (onboarding checkout) is booked, all in
 * the caller's transaction. A slot that can no longer be booked does not undo the payment:
 * the pass stays active and the purchase records why.
 */
export async function completePurchase(
  tx: TTransaction,
  purchase: TPurchaseRow,
  input: { now: Date; card: TCardInfo | null; providerPaymentId: string | null; receipt?: boolean },
): Promise<void> {
  const { now } = input;
  const [pass] = await tx.select().from(passes).where(eq(passes.id, purchase.passId));
  const expiresAt = DateTime.fromJSDate(now, { zone: 'utc' })
    .plus({ months: pass?.validMonths ?? 6 })
    .toJSDate();
  const [clientPass] = await tx
    .select()
    .from(clientPasses)
    .where(eq(clientPasses.id, purchase.clientPassId))
    .for('update');
  if (clientPass && (clientPass.status === 'pending_purchase' || clientPass.status === 'cancelled')) {
    await tx
      .update(clientPasses)
      .set({ status: 'active', sessionsLeft: clientPass.sessionsTotal, activatedAt: now, expiresAt })
      .where(eq(clientPasses.id, clientPass.id));
  }

  if (purchase.promocodeId !== null) {
    // A cancelled purchase gave its redemption back; a late payment takes one again if any is left.
    if (purchase.status === 'cancelled') await reservePromocode(tx, purchase.promocodeId);
    await tx
      .delete(appliedPromocodes)
      .where(
        and(eq(appliedPromocodes.userId, purchase.userId), eq(appliedPromocodes.promocodeId, purchase.promocodeId)),
      );
  }

  let slotBookingError: string | null = null;
  if (purchase.slotId !== null) {
    const slotId = purchase.slotId;
    try {
      // A savepoint: a booking that fails for any reason leaves the rest of the completion intact.
      const result = await tx.transaction((sp) =>
        bookHeldSlot(sp, { slotId, clientId: purchase.userId, clientPassId: purchase.clientPassId }),
      );
      if (!result.booked) slotBookingError = result.reason;
    } catch (error) {
      slotBookingError = `error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    }
  }

  await tx
    .update(passPurchases)
    .set({
      status: 'completed',
      completedAt: now,
      providerPaymentId: purchase.providerPaymentId ?? input.providerPaymentId,
      slotBookingError,
    })
    .where(and(eq(passPurchases.id, purchase.id), inArray(passPurchases.status, ['pending', 'cancelled'])));

  if (input.receipt !== false) {
    await scheduleJob(tx, {
      kind: 'email.payment_receipt',
      dedupeKey: `receipt:${purchase.id}`,
      payload: { purchase_id: purchase.id },
    });
  }

  if (input.card) {
    await saveCard(tx, {
      userId: purchase.userId,
      provider: purchase.provider,
      paymentMethodKey: purchase.paymentMethodKey,
      card: input.card,
      now,
    });
  }
}
