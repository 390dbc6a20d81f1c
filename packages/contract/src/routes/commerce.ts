import { ZCheckoutSchema, ZSetCurrencyRequestSchema, ZSetCurrencyResponseSchema } from '../checkout.ts';
import { ZPassesResponseSchema, ZPassParamsSchema, ZPassStatusSchema } from '../passes.ts';
import {
  ZBuyPassRequestSchema,
  ZBuyPassResponseSchema,
  ZPassPurchaseParamsSchema,
  ZPassPurchaseSchema,
  ZUserCardSchema,
} from '../payments.ts';
import { ZApplyPromocodeRequestSchema, ZUserPromocodeSchema } from '../promocodes.ts';
import type { TRouteDef } from '../route-def.ts';

const client = ['client'] as const;

/** Passes, purchases, the saved card, promo codes, the onboarding checkout and currency. */
export const commerceRoutes = {
  userPasses: { method: 'GET', path: '/api/v1/user/passes', roles: client, response: ZPassesResponseSchema },
  buyPass: {
    method: 'POST',
    path: '/api/v1/user/passes/:id/buy',
    roles: client,
    params: ZPassParamsSchema,
    body: ZBuyPassRequestSchema,
    response: ZBuyPassResponseSchema,
  },
  passPurchase: {
    method: 'GET',
    path: '/api/v1/user/pass_purchases/:id',
    roles: client,
    params: ZPassPurchaseParamsSchema,
    response: ZPassPurchaseSchema,
  },
  passStatus: { method: 'GET', path: '/api/v1/user/pass_status', roles: client, response: ZPassStatusSchema },
  userCard: { method: 'GET', path: '/api/v1/user/card', roles: client, response: ZUserCardSchema },
  deleteUserCard: { method: 'DELETE', path: '/api/v1/user/card', roles: client, response: ZUserCardSchema },
  userPromocode: { method: 'GET', path: '/api/v1/user/promocode', roles: client, response: ZUserPromocodeSchema },
  applyPromocode: {
    method: 'POST',
    path: '/api/v1/user/promocode',
    roles: client,
    body: ZApplyPromocodeRequestSchema,
    response: ZUserPromocodeSchema,
  },
  checkout: { method: 'GET', path: '/api/v1/user/checkout', roles: client, response: ZCheckoutSchema },
  setCurrency: {
    method: 'PUT',
    path: '/api/v1/user/set_currency',
    roles: client,
    body: ZSetCurrencyRequestSchema,
    response: ZSetCurrencyResponseSchema,
  },
} as const satisfies Record<string, TRouteDef>;
