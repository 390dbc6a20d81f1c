import { z } from 'zod';
import type { TConfig } from '../../../config.ts';
import { createHashids } from '../../../lib/ids.ts';
import { publicBaseUrl } from '../../../lib/public-base-url.ts';
import type { TPaymentProvider } from '../types.ts';
import { cloudPaymentsEvent } from './cloudpayments-notification.ts';

const API = 'https://api.cloudpayments.ru';
/** An unpaid invoice is given up after a day. */
const ORDER_LIFETIME_MS = 24 * 3_600_000;

const ZOrderResponseSchema = z.object({
  Success: z.boolean(),
  Message: z.string().nullish(),
  Model: z.object({ Id: z.string(), Url: z.string() }).nullish(),
});
const ZFindResponseSchema = z.object({
  Success: z.boolean(),
  Model: z
    .object({
      TransactionId: z.number(),
      Amount: z.number(),
      Currency: z.string(),
      Status: z.string(),
      CardLastFour: z.string().nullish(),
      CardType: z.string().nullish(),
      Token: z.string().nullish(),
    })
    .nullish(),
});

/** CloudPayments for roubles: an invoice with a payment link (orders/create); notifications say how it ended. */
export function createCloudPaymentsProvider(config: TConfig, fetchVia: typeof fetch): TPaymentProvider {
  const auth = `Basic ${Buffer.from(`${config.CLOUDPAYMENTS_PUBLIC_ID}:${config.CLOUDPAYMENTS_API_SECRET}`).toString('base64')}`;
  const hashids = createHashids(config.SQIDS_ALPHABET);
  const call = async (path: string, body: unknown): Promise<unknown> => {
    const response = await fetchVia(`${API}${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`CloudPayments ${path}: HTTP ${response.status}`);
    return response.json();
  };
  return {
    name: 'cloudpayments',
    async createCheckout(_tx, input) {
      const returnUrl = `${publicBaseUrl(config)}${input.returnPath}`;
      const order = ZOrderResponseSchema.parse(
        await call('/orders/create', {
          Amount: input.amount / 100,
          Currency: input.currency.toUpperCase(),
          Description: input.description,
          Email: input.email,
          InvoiceId: input.purchaseHashid,
          AccountId: input.userHashid,
          RequireConfirmation: false,
          SendEmail: false,
          SuccessRedirectUrl: returnUrl,
          FailRedirectUrl: returnUrl,
        }),
      );
      if (!order.Success || !order.Model) throw new Error(`CloudPayments orders/create: ${order.Message ?? 'refused'}`);
      return { providerRef: order.Model.Id, url: order.Model.Url };
    },
    async reconcile(_db, purchase, now) {
      const purchaseHashid = hashids.encode('purchase', purchase.id);
      const found = ZFindResponseSchema.parse(await call('/v2/payments/find', { InvoiceId: purchaseHashid }));
      const model = found.Success ? found.Model : null;
      if (model?.Status === 'Completed') {
        const event = cloudPaymentsEvent(hashids, 'pay', {
          TransactionId: String(model.TransactionId),
          InvoiceId: purchaseHashid,
          Amount: model.Amount.toFixed(2),
          Currency: model.Currency,
          Status: 'Completed',
          ...(model.CardLastFour ? { CardLastFour: model.CardLastFour } : {}),
          ...(model.CardType ? { CardType: model.CardType } : {}),
          ...(model.Token ? { Token: model.Token } : {}),
        });
        return event ? [event] : [];
      }
      if (now.getTime() - purchase.createdAt.getTime() < ORDER_LIFETIME_MS) return [];
      return [
        {
          provider: 'cloudpayments',
          eventId: `reconcile_${purchase.id}_expired`,
          type: 'reconcile.expired',
          kind: 'cancelled',
          purchaseId: purchase.id,
          providerRef: purchase.providerRef,
          providerPaymentId: null,
          card: null,
          money: null,
          reason: 'invoice_expired',
          payload: found,
        },
      ];
    },
  };
}
