import { z } from 'zod';
import { ZPaymentMethodKeySchema } from './payments.ts';
import { ZPromocodeStateSchema } from './promocodes.ts';
import { CURRENCIES } from './rules/currency.ts';
import { ZTherapyTypeSchema } from './signup.ts';
import { ZCurrencySchema } from './users.ts';

/** One way to pay the onboarding checkout; amounts in minor units. */
export const ZCheckoutPaymentMethodSchema = z.object({
  key: ZPaymentMethodKeySchema,
  currency: ZCurrencySchema,
  price: z.number().int().nonnegative(),
  discount_price: z.number().int().nonnegative(),
});

/**
 * GET /api/v1/user/checkout: spec §3 "Onboarding checkout data" for the client's held slot.
 * `pass_id` and `slot_hashid` are what `POST /api/v1/user/passes/:id/buy` needs to pay for it.
 */
export const ZCheckoutSchema = z.object({
  currency: ZCurrencySchema,
  payment_methods: z.array(ZCheckoutPaymentMethodSchema),
  promocode: ZPromocodeStateSchema,
  therapy_type: ZTherapyTypeSchema,
  therapist: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    userpic_url: z.string().nullable(),
    picture: z.object({ transparent_thumb: z.string().nullable() }),
  }),
  scheduled_on: z.string(),
  pass_id: z.string(),
  slot_hashid: z.string(),
});
export type TCheckout = z.infer<typeof ZCheckoutSchema>;

/** PUT /api/v1/user/set_currency */
export const ZSetCurrencyRequestSchema = z.object({
  currency: z.enum(CURRENCIES, { error: 'Укажите валюту: rub или eur' }),
});
export const ZSetCurrencyResponseSchema = z.object({ currency: ZCurrencySchema });
