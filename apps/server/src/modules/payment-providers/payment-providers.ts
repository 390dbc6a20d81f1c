import { PAYMENT_METHOD_OF_CURRENCY, type TCurrency, type TPaymentMethodKey } from '@therapy/contract/rules';
import type { TAppContext } from '../../context.ts';
import { createCloudPaymentsProvider } from './cloudpayments/cloudpayments-provider.ts';
import { createSandboxProvider } from './sandbox/sandbox-provider.ts';
import { createStripeProvider } from './stripe/stripe-provider.ts';
import type { TPaymentProvider, TProviderName, TWebhookSender } from './types.ts';

/**
 * The payment providers of one app instance, built once from its config in `buildApp` and
 * handed to whoever takes or checks a payment (`app.payments`, then plain arguments).
 */
export type TPaymentProviders = {
  /** How our sandbox delivers its webhooks; tests swap it for one that calls `app.inject`. */
  sendWebhook: TWebhookSender;
  /** The HTTP client the real providers' API calls go through (tests swap it: no network in tests). */
  fetch: typeof fetch;
  /** A configured provider by name (a purchase remembers which one took it). */
  named(name: TProviderName): TPaymentProvider;
  /** Who takes a new payment: the sandbox for everything, or the provider of the currency's method (spec §9). */
  forCurrency(currency: TCurrency): TPaymentProvider;
};

declare module 'fastify' {
  interface FastifyInstance {
    payments: TPaymentProviders;
  }
}

const sendByFetch: TWebhookSender = async (delivery) => {
  const response = await fetch(delivery.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return { status: response.status };
};

/** The provider behind each payment method key. */
const PROVIDER_OF_METHOD = { cloud_payments: 'cloudpayments', stripe: 'stripe' } as const satisfies Record<
  TPaymentMethodKey,
  TProviderName
>;

export function createPaymentProviders(ctx: TAppContext): TPaymentProviders {
  const { config } = ctx;
  const providers: Partial<Record<TProviderName, TPaymentProvider>> = {};
  const payments: TPaymentProviders = {
    sendWebhook: sendByFetch,
    fetch: (...args) => fetch(...args),
    named(name) {
      const provider = providers[name];
      if (!provider) throw new Error(`payment provider ${name} is not configured`);
      return provider;
    },
    forCurrency(currency) {
      if (config.PAYMENTS_PROVIDER === 'sandbox') return payments.named('sandbox');
      return payments.named(PROVIDER_OF_METHOD[PAYMENT_METHOD_OF_CURRENCY[currency]]);
    },
  };
  // Through `payments.fetch`, read at call time, so a test's swap reaches the providers built here.
  const fetchVia: typeof fetch = (...args) => payments.fetch(...args);
  providers.sandbox = createSandboxProvider(ctx);
  if (config.STRIPE_SECRET_KEY) providers.stripe = createStripeProvider(config, fetchVia);
  if (config.CLOUDPAYMENTS_PUBLIC_ID && config.CLOUDPAYMENTS_API_SECRET) {
    providers.cloudpayments = createCloudPaymentsProvider(config, fetchVia);
  }
  return payments;
}
