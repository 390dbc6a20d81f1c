import { and, eq, isNull, sql } from 'drizzle-orm';
import { paymentCards } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import type { TCardInfo, TProviderName } from '../payment-providers/types.ts';

/**
 * The card of a successful payment becomes the client's saved card. A different earlier
 * card is marked replaced (deleted_at), never removed; one live card per client is a
 * database rule, so two payments completing at once still leave one.
 */
export async function saveCard(
  tx: TExecutor,
  input: { userId: number; provider: TProviderName; paymentMethodKey: string; card: TCardInfo; now: Date },
): Promise<void> {
  const [live] = await tx
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, input.userId), isNull(paymentCards.deletedAt)))
    .for('update');
  if (
    live &&
    live.cardLast === input.card.last &&
    live.provider === input.provider &&
    live.paymentMethodKey === input.paymentMethodKey
  ) {
    return;
  }
  if (live) await tx.update(paymentCards).set({ deletedAt: input.now }).where(eq(paymentCards.id, live.id));
  await tx
    .insert(paymentCards)
    .values({
      userId: input.userId,
      provider: input.provider,
      paymentMethodKey: input.paymentMethodKey,
      providerToken: input.card.token,
      brand: input.card.brand,
      cardLast: input.card.last,
      createdAt: input.now,
    })
    .onConflictDoUpdate({
      target: paymentCards.userId,
      targetWhere: sql`${paymentCards.deletedAt} is null`,
      set: {
        provider: input.provider,
        paymentMethodKey: input.paymentMethodKey,
        providerToken: input.card.token,
        brand: input.card.brand,
        cardLast: input.card.last,
        createdAt: input.now,
      },
    });
}
