import type Stripe from 'stripe';
import type { TConfig } from '../../../config.ts';
import { createHashids } from '../../../lib/ids.ts';
import { publicBaseUrl } from '../../../lib/public-base-url.ts';
import type { TPaymentProvider } from '../types.ts';
import { stripeSessionOutcome } from './stripe-event.ts';

/** Stripe Checkout for euros: a hosted page per purchase; the webhook tells how it ended. */
export function createStripeProvider(config: TConfig, fetchVia: typeof fetch): TPaymentProvider {
  // The SDK is hundreds of modules: loaded by the first checkout or reconcile, not at start.
  let client: Promise<Stripe> | undefined;
  const stripeClient = () => {
    client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(config.STRIPE_SECRET_KEY ?? '', {
          httpClient: StripeSdk.createFetchHttpClient(fetchVia),
          maxNetworkRetries: 2,
          timeout: 20_000,
        }),
    );
    return client;
  };
  const hashids = createHashids(config.SQIDS_ALPHABET);
  return {
    name: 'stripe',
    async createCheckout(_tx, input) {
      const returnUrl = `${publicBaseUrl(config)}${input.returnPath}`;
      const stripe = await stripeClient();
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.purchaseHashid,
          customer_email: input.email,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amount,
                product_data: { name: input.description },
              },
            },
          ],
          metadata: { purchase_id: input.purchaseHashid },
          payment_intent_data: { metadata: { purchase_id: input.purchaseHashid } },
          success_url: returnUrl,
          cancel_url: returnUrl,
          locale: 'ru',
          expires_at: Math.floor(Date.now() / 1000) + 60 * 60,
        },
        // A retried call returns the same session instead of opening a second one.
        { idempotencyKey: `purchase-${input.purchaseId}` },
      );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { providerRef: session.id, url: session.url };
    },
    async reconcile(_db, purchase) {
      if (!purchase.providerRef) return [];
      const stripe = await stripeClient();
      const session = await stripe.checkout.sessions.retrieve(purchase.providerRef);
      return stripeSessionOutcome(hashids, session);
    },
  };
}
