import { randomBytes } from 'node:crypto';
import { PAYMENT_METHOD_OF_CURRENCY } from '@therapy/contract/rules';
import type { TDb } from '../db/client.ts';
import type { TPurchaseRow } from '../db/schema/index.ts';
import { appliedPromocodes, clientPasses, passPurchases, paymentCards, promocodes } from '../db/schema/index.ts';

type TPurchaseStatus = 'pending' | 'completed' | 'cancelled' | 'refunded';
const PASS_STATUS_OF = {
  pending: 'pending_purchase',
  completed: 'active',
  cancelled: 'cancelled',
  refunded: 'refunded',
} as const;

/** A purchase with the client pass it activates (pending: not yet); amounts default to 3 500 ₽. */
export async function createPurchase(
  db: TDb,
  o: {
    userId: number;
    passId: number;
    sessionsCount?: number;
    status?: TPurchaseStatus;
    currency?: 'rub' | 'eur';
    amount?: number;
    amountPaid?: number;
    provider?: TPurchaseRow['provider'];
    providerRef?: string | null;
    providerPaymentId?: string | null;
    promocodeId?: number | null;
    slotId?: number | null;
    idempotencyKey?: string;
    createdAt?: Date;
  },
) {
  const status = o.status ?? 'pending';
  const sessions = o.sessionsCount ?? 4;
  const createdAt = o.createdAt ?? new Date();
  const [clientPass] = await db
    .insert(clientPasses)
    .values({
      userId: o.userId,
      passId: o.passId,
      status: PASS_STATUS_OF[status],
      sessionsTotal: sessions,
      sessionsLeft: status === 'completed' ? sessions : 0,
      activatedAt: status === 'completed' ? createdAt : null,
      createdAt,
    })
    .returning();
  if (!clientPass) throw new Error('client pass not inserted');
  const currency = o.currency ?? 'rub';
  const amount = o.amount ?? (currency === 'eur' ? 40_00 : 3_500_00);
  const provider = o.provider ?? 'sandbox';
  const [purchase] = await db
    .insert(passPurchases)
    .values({
      userId: o.userId,
      passId: o.passId,
      clientPassId: clientPass.id,
      status,
      currency,
      amount,
      amountPaid: o.amountPaid ?? amount,
      promocodeId: o.promocodeId ?? null,
      provider,
      paymentMethodKey: PAYMENT_METHOD_OF_CURRENCY[currency],
      providerRef: o.providerRef === undefined ? `ref_${randomBytes(8).toString('hex')}` : o.providerRef,
      providerPaymentId: o.providerPaymentId ?? null,
      idempotencyKey: o.idempotencyKey ?? randomBytes(12).toString('hex'),
      slotId: o.slotId ?? null,
      createdAt,
      completedAt: status === 'completed' ? createdAt : null,
    })
    .returning();
  if (!purchase) throw new Error('purchase not inserted');
  return { purchase, clientPass };
}

/** A promo code; unique by default, 10 % off in any currency, one use per client. */
export async function createPromocode(
  db: TDb,
  o: Partial<{
    code: string;
    kind: 'percent' | 'fixed';
    percentOff: number | null;
    amountOff: number | null;
    currency: 'rub' | 'eur' | null;
    description: string;
    startsAt: Date | null;
    expiresAt: Date | null;
    maxRedemptions: number | null;
    redemptionsCount: number;
    perUserLimit: number;
    active: boolean;
  }> = {},
) {
  const kind = o.kind ?? 'percent';
  const [promocode] = await db
    .insert(promocodes)
    .values({
      code: o.code ?? `TEST${randomBytes(5).toString('hex').toUpperCase()}`,
      kind,
      percentOff: o.percentOff === undefined ? (kind === 'percent' ? 10 : null) : o.percentOff,
      amountOff: o.amountOff === undefined ? (kind === 'fixed' ? 500_00 : null) : o.amountOff,
      currency: o.currency === undefined ? (kind === 'fixed' ? 'rub' : null) : o.currency,
      description: o.description ?? 'Скидка 10 % на покупку',
      startsAt: o.startsAt ?? null,
      expiresAt: o.expiresAt ?? null,
      maxRedemptions: o.maxRedemptions ?? null,
      redemptionsCount: o.redemptionsCount ?? 0,
      perUserLimit: o.perUserLimit ?? 1,
      active: o.active ?? true,
    })
    .returning();
  if (!promocode) throw new Error('promo code not inserted');
  return promocode;
}

/** The client has applied this code (as POST /api/v1/user/promocode would). */
export async function applyPromocodeFor(db: TDb, userId: number, promocodeId: number) {
  await db
    .insert(appliedPromocodes)
    .values({ userId, promocodeId })
    .onConflictDoUpdate({ target: appliedPromocodes.userId, set: { promocodeId } });
}

/** A saved card of the client. */
export async function createCard(
  db: TDb,
  o: {
    userId: number;
    paymentMethodKey?: 'cloud_payments' | 'stripe';
    provider?: TPurchaseRow['provider'];
    cardLast?: string;
    brand?: string | null;
  },
) {
  const [card] = await db
    .insert(paymentCards)
    .values({
      userId: o.userId,
      paymentMethodKey: o.paymentMethodKey ?? 'cloud_payments',
      provider: o.provider ?? 'cloudpayments',
      cardLast: o.cardLast ?? '4242',
      brand: o.brand ?? 'visa',
      providerToken: `tok_${randomBytes(8).toString('hex')}`,
    })
    .returning();
  if (!card) throw new Error('card not inserted');
  return card;
}
