import type { TClient, TPaymentInfo } from '@therapy/contract';
import { normalizePaymentMethodKey } from '@therapy/contract/rules';
import { and, eq, isNull } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { paymentCards, type TUserRow } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';

const NO_CARD: TPaymentInfo = { payment_method_key: null, card_last: null };

/** spec §3 Client: the client's currency and payment_info, the saved card's method and last digits (or nulls). */
export async function getUserCard(ctx: TAppContext, user: TUserRow): Promise<TClient> {
  const [card] = await ctx.db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.userId, user.id), isNull(paymentCards.deletedAt)));
  return {
    currency: user.currency,
    payment_info: card
      ? { payment_method_key: normalizePaymentMethodKey(card.paymentMethodKey), card_last: card.cardLast }
      : NO_CARD,
  };
}

/** Forgets the saved card (a state: deleted_at). Purchases paid with it stay exactly as they are. */
export async function deleteUserCard(
  ctx: TAppContext,
  user: TUserRow,
  origin: TAuditOrigin,
  now = new Date(),
): Promise<TClient> {
  return ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .update(paymentCards)
      .set({ deletedAt: now })
      .where(and(eq(paymentCards.userId, user.id), isNull(paymentCards.deletedAt)))
      .returning({ id: paymentCards.id });
    if (deleted.length === 0) throw new AppError('not_found', 'Сохранённой карты нет');
    await appendAudit(tx, origin, [{ action: 'payment_card_deleted', subjectId: user.id }]);
    return { currency: user.currency, payment_info: NO_CARD };
  });
}
