import type { TBuyPassResponse, TPassPurchase } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TPurchaseRow } from '../../db/schema/index.ts';

export const presentPurchase = (ctx: TAppContext, purchase: TPurchaseRow): TPassPurchase => ({
  id: ctx.hashids.encode('purchase', purchase.id),
  status: purchase.status,
});

export const presentBoughtPurchase = (ctx: TAppContext, purchase: TPurchaseRow): TBuyPassResponse => ({
  ...presentPurchase(ctx, purchase),
  amount: purchase.amountPaid,
  currency: purchase.currency,
  payment_url: purchase.status === 'pending' ? purchase.checkoutUrl : null,
});
