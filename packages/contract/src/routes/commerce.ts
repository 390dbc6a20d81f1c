import { ZCheckoutSchema, ZSetCurrencyRequestSchema, ZSetCurrencyResponseSchema } from '../checkout.ts';
import { ZPassesResponseSchema, ZPassParamsSchema, ZPassStatusSchema } from '../passes.ts';
import {
  ZBuyPassRequestSchema,
  ZBuyPassResponseSchema,
  ZClientSchema,
  ZPassPurchaseParamsSchema,
  ZPassPurchaseSchema,
} from '../payments.ts';
import { ZApplyPromocodeRequestSchema, ZUserPromocodeSchema } from '../promocodes.ts';
import type { TRouteDef } from '../route-def.ts';

const client = ['client'] as const;

/** Passes, purchases, the saved card, promo codes, the onboarding checkout and currency. */
export const commerceRoutes = {
  userPasses: {
    method: 'GET',
    path: '/api/v1/user/passes',
    summary: "Passes on sale in the client's currency, and the client's own passes",
    roles: client,
    response: ZPassesResponseSchema,
  },
  buyPass: {
    method: 'POST',
    path: '/api/v1/user/passes/:id/buy',
    summary: 'Buy a pass: a pending purchase and the payment page (Idempotency-Key header required)',
    errors: ['amount_mismatch', 'promocode_invalid', 'hold_expired', 'conflict', 'payment_failed'],
    roles: client,
    params: ZPassParamsSchema,
    body: ZBuyPassRequestSchema,
    response: ZBuyPassResponseSchema,
  },
  passPurchase: {
    method: 'GET',
    path: '/api/v1/user/pass_purchases/:id',
    summary: 'Where a purchase stands',
    roles: client,
    params: ZPassPurchaseParamsSchema,
    response: ZPassPurchaseSchema,
  },
  passStatus: {
    method: 'GET',
    path: '/api/v1/user/pass_status',
    summary: "The client's pass at a glance: active, pending purchase, used up or none",
    roles: client,
    response: ZPassStatusSchema,
  },
  userCard: {
    method: 'GET',
    path: '/api/v1/user/card',
    summary: 'The client (spec §3): the currency and the saved card as payment_info',
    roles: client,
    response: ZClientSchema,
  },
  deleteUserCard: {
    method: 'DELETE',
    path: '/api/v1/user/card',
    summary: "Forget the client's saved card",
    errors: ['not_found'],
    roles: client,
    response: ZClientSchema,
  },
  userPromocode: {
    method: 'GET',
    path: '/api/v1/user/promocode',
    summary: 'The promo code the client has applied',
    roles: client,
    response: ZUserPromocodeSchema,
  },
  applyPromocode: {
    method: 'POST',
    path: '/api/v1/user/promocode',
    summary: "Apply a promo code to the client's next purchase",
    errors: ['promocode_invalid', 'promocode_blocked'],
    roles: client,
    body: ZApplyPromocodeRequestSchema,
    response: ZUserPromocodeSchema,
  },
  checkout: {
    method: 'GET',
    path: '/api/v1/user/checkout',
    summary: 'Checkout for the held session: price in each currency, discount, therapist',
    errors: ['not_found'],
    roles: client,
    response: ZCheckoutSchema,
  },
  setCurrency: {
    method: 'PUT',
    path: '/api/v1/user/set_currency',
    summary: 'Switch the currency the client pays in',
    roles: client,
    body: ZSetCurrencyRequestSchema,
    response: ZSetCurrencyResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
