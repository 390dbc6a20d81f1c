import { z } from 'zod';
import { CURRENCIES } from './rules/currency.ts';
import { PAYMENT_METHOD_KEYS } from './rules/payment-method.ts';
import { ZCurrencySchema } from './users.ts';

/** spec §9: stripe means eur, cloud_payments means rub (`rules/payment-method.ts`). */
export const ZPaymentMethodKeySchema = z.enum(PAYMENT_METHOD_KEYS, {
  error: 'Выберите способ оплаты: cloud_payments (рубли) или stripe (евро)',
});
export type { TPaymentMethodKey } from './rules/payment-method.ts';

export const ZPurchaseStatusSchema = z.enum(['pending', 'completed', 'cancelled', 'refunded']);
export type TPurchaseStatus = z.infer<typeof ZPurchaseStatusSchema>;

/** GET /api/v1/user/pass_purchases/:id (spec §3 "Pass purchase"). */
export const ZPassPurchaseSchema = z.object({
  id: z.string(),
  status: ZPurchaseStatusSchema,
});
export type TPassPurchase = z.infer<typeof ZPassPurchaseSchema>;

export const ZPassPurchaseParamsSchema = z.object({ id: z.string().max(32) });

/**
 * POST /api/v1/user/passes/:id/buy, with an `Idempotency-Key` header. `amount` is what the
 * client saw (minor units): a different price now is refused instead of charged.
 */
export const ZBuyPassRequestSchema = z.object({
  currency: z.enum(CURRENCIES, { error: 'Укажите валюту: rub или eur' }),
  payment_method_key: ZPaymentMethodKeySchema,
  /** A slot the client holds: it is booked when the payment completes (the onboarding checkout). */
  slot_hashid: z.string({ error: 'Некорректный идентификатор сессии' }).max(32).optional(),
  amount: z
    .number({ error: 'Сумма должна быть числом' })
    .int({ error: 'Сумма указывается целым числом в копейках или центах' })
    .nonnegative({ error: 'Сумма не может быть отрицательной' })
    .optional(),
});
export type TBuyPassRequest = z.infer<typeof ZBuyPassRequestSchema>;

/** The purchase, what it costs, and where to send the browser to pay (null once it is no longer pending). */
export const ZBuyPassResponseSchema = ZPassPurchaseSchema.extend({
  amount: z.number().int().nonnegative(),
  currency: ZCurrencySchema,
  payment_url: z.string().nullable(),
});
export type TBuyPassResponse = z.infer<typeof ZBuyPassResponseSchema>;

/** spec §3 Client payment_info: the saved card's method and last digits; both null when no card is saved. */
export const ZPaymentInfoSchema = z.object({
  payment_method_key: ZPaymentMethodKeySchema.nullable(),
  card_last: z.string().nullable(),
});
export type TPaymentInfo = z.infer<typeof ZPaymentInfoSchema>;

/** spec §3 Client: the currency the client pays in (lower-cased) and the saved card. GET and DELETE /api/v1/user/card. */
export const ZClientSchema = z.object({
  currency: ZCurrencySchema,
  payment_info: ZPaymentInfoSchema,
});
export type TClient = z.infer<typeof ZClientSchema>;
