import type { TBuyPassRequest, TBuyPassResponse } from '@therapy/contract';
import { formatMoney, PAYMENT_METHOD_OF_CURRENCY } from '@therapy/contract/rules';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TAppContext } from '../../context.ts';
import { clientPasses, passes, passPurchases, type TPurchaseRow, type TUserRow, users } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { scheduleJob, type TExecutor } from '../../lib/jobs.ts';
import { priceOf } from '../passes/pass-labels.ts';
import type { TPaymentProviders } from '../payment-providers/payment-providers.ts';
import { findAppliedPromocode, reservePromocode } from '../promocodes/applied-promocode.ts';
import { discountedAmount } from '../promocodes/promocode-rules.ts';
import { cancelPurchase } from './cancel-purchase.ts';
import { ensureCheckout } from './ensure-checkout.ts';
import { findHeldSlotForPass } from './held-slot-for-pass.ts';
import { presentBoughtPurchase } from './present-purchase.ts';
import { RECONCILE_JOB } from './reconcile-purchases.ts';

const ZIdempotencyKeySchema = z
  .string({ error: 'Нужен заголовок Idempotency-Key: случайная строка, одна на попытку покупки' })
  .trim()
  .min(8, { error: 'Idempotency-Key должен быть не короче 8 символов' })
  .max(200, { error: 'Idempotency-Key должен быть не длиннее 200 символов' })
  .regex(/^[\x21-\x7e]+$/, { error: 'Idempotency-Key может содержать только латинские буквы, цифры и знаки' });

/** Raised inside the buying transaction when another request with the same key won: roll back, read theirs. */
class KeyAlreadyUsed extends Error {}

const findByKey = async (db: TExecutor, userId: number, key: string): Promise<TPurchaseRow | null> =>
  (
    await db
      .select()
      .from(passPurchases)
      .where(and(eq(passPurchases.userId, userId), eq(passPurchases.idempotencyKey, key)))
  )[0] ?? null;

/**
 * Buys a pass: a pending purchase and the pass it will activate, in one transaction, then
 * the provider's checkout page. The same Idempotency-Key always answers with the same
 * purchase: a unique index on (client, key) makes a second one impossible, however many
 * requests race. A newer purchase replaces the client's unpaid ones. The applied promo code
 * takes one redemption here, atomically, and gets it back if the purchase is cancelled.
 */
export async function buyPass(
  ctx: TAppContext,
  payments: TPaymentProviders,
  user: TUserRow,
  input: { passHashid: string; idempotencyKey: unknown; body: TBuyPassRequest; origin: TAuditOrigin },
  now = new Date(),
): Promise<TBuyPassResponse> {
  const parsedKey = ZIdempotencyKeySchema.safeParse(input.idempotencyKey);
  if (!parsedKey.success) {
    const message = parsedKey.error.issues[0]?.message ?? 'Некорректный Idempotency-Key';
    throw new AppError('validation_failed', message, { 'Idempotency-Key': message });
  }
  const key = parsedKey.data;
  const { body } = input;
  const passId = ctx.hashids.decode('pass', input.passHashid);
  const [pass] = passId === null ? [] : await ctx.db.select().from(passes).where(eq(passes.id, passId));
  if (!pass) throw new AppError('not_found', 'Абонемент не найден');

  const existing = await findByKey(ctx.db, user.id, key);
  if (existing) return answerForKey(ctx, payments, existing, pass.id, body);

  if (!pass.active) throw new AppError('not_found', 'Этот абонемент больше не продаётся');
  if (body.payment_method_key !== PAYMENT_METHOD_OF_CURRENCY[body.currency]) {
    const message = 'Способ оплаты не подходит к валюте: cloud_payments — рубли, stripe — евро';
    throw new AppError('validation_failed', message, { payment_method_key: message });
  }
  const slot = body.slot_hashid ? await findHeldSlotForPass(ctx, user, body.slot_hashid, pass, now) : null;
  const provider = payments.forCurrency(body.currency);

  let purchase: TPurchaseRow;
  try {
    purchase = await ctx.db.transaction(async (tx) => {
      // One purchase decision per client at a time; the key is checked again under the lock.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const again = await findByKey(tx, user.id, key);
      if (again) return again;

      const unpaid = await tx
        .select()
        .from(passPurchases)
        .where(and(eq(passPurchases.userId, user.id), eq(passPurchases.status, 'pending')))
        .orderBy(asc(passPurchases.id))
        .for('update');
      for (const old of unpaid)
        await cancelPurchase(tx, old, {
          now,
          reason: 'replaced_by_newer_purchase',
          keepHold: true,
          origin: input.origin,
        });

      const amount = priceOf(pass, body.currency);
      const applied = await findAppliedPromocode(tx, {
        userId: user.id,
        now,
        currency: body.currency,
        countPending: true,
        forUpdate: true,
      });
      const usable = applied && applied.problem === null ? applied.code : null;
      const amountPaid = discountedAmount(amount, body.currency, usable);
      if (body.amount !== undefined && body.amount !== amountPaid) {
        const message = `Сумма к оплате сейчас ${formatMoney(amountPaid, body.currency)}, а не ${formatMoney(body.amount, body.currency)}: цена или скидка изменились. Проверьте сумму и повторите`;
        throw new AppError('amount_mismatch', message, { amount: message });
      }
      const promocode = usable && amountPaid < amount ? usable : null;
      if (promocode && !(await reservePromocode(tx, promocode.id))) {
        const message = 'Этот промокод уже использовали максимальное число раз';
        throw new AppError('promocode_invalid', message, { code: message });
      }

      const [clientPass] = await tx
        .insert(clientPasses)
        .values({
          userId: user.id,
          passId: pass.id,
          status: 'pending_purchase',
          sessionsTotal: pass.sessionsCount,
          sessionsLeft: 0,
          createdAt: now,
        })
        .returning({ id: clientPasses.id });
      if (!clientPass) throw new Error('client pass not inserted');
      const [created] = await tx
        .insert(passPurchases)
        .values({
          userId: user.id,
          passId: pass.id,
          clientPassId: clientPass.id,
          currency: body.currency,
          amount,
          amountPaid,
          promocodeId: promocode?.id ?? null,
          provider: provider.name,
          paymentMethodKey: body.payment_method_key,
          idempotencyKey: key,
          slotId: slot?.id ?? null,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [passPurchases.userId, passPurchases.idempotencyKey] })
        .returning();
      if (!created) throw new KeyAlreadyUsed();
      await appendAudit(tx, input.origin, [
        {
          action: 'payment_started',
          subjectId: user.id,
          details: { purchase: created.id, provider: created.provider, amount: amountPaid, currency: body.currency },
        },
      ]);
      // If no webhook ever comes, the provider is asked.
      await scheduleJob(tx, {
        kind: RECONCILE_JOB,
        dedupeKey: `reconcile:${created.id}:0`,
        runAt: new Date(now.getTime() + ctx.config.PAYMENTS_RECONCILE_AFTER_MINUTES * 60_000),
        payload: { purchase_id: created.id, attempt: 0 },
      });
      return created;
    });
  } catch (error) {
    if (!(error instanceof KeyAlreadyUsed)) throw error;
    const winner = await findByKey(ctx.db, user.id, key);
    if (!winner) throw error;
    purchase = winner;
  }
  return answerForKey(ctx, payments, purchase, pass.id, body);
}

/** A repeated key gets its own purchase back (with the same checkout page), never a new one. */
async function answerForKey(
  ctx: TAppContext,
  payments: TPaymentProviders,
  purchase: TPurchaseRow,
  passId: number,
  body: TBuyPassRequest,
): Promise<TBuyPassResponse> {
  if (purchase.passId !== passId || purchase.currency !== body.currency) {
    throw new AppError('conflict', 'Этот Idempotency-Key уже использован для другой покупки: начните покупку заново');
  }
  return presentBoughtPurchase(ctx, await ensureCheckout(ctx, payments, purchase));
}
