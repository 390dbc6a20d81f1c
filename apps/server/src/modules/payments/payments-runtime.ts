import type { TCurrency } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import { createCloudPaymentsProvider } from './providers/cloudpayments/cloudpayments-provider.ts';
import { createSandboxProvider } from './providers/sandbox/sandbox-provider.ts';
import { createStripeProvider } from './providers/stripe/stripe-provider.ts';
import type { TPaymentProvider, TProviderName } from './providers/types.ts';

export type TWebhookDelivery = { url: string; headers: Record<string, string>; body: string };
/** Sends one webhook the way a provider does; tests swap it for one that calls `app.inject`. */
export type TWebhookSender = (delivery: TWebhookDelivery) => Promise<{ status: number }>;

export type TPaymentsRuntime = {
  sendWebhook: TWebhookSender;
  /** The HTTP client the real providers' API calls go through (tests swap it: no network in tests). */
  fetch: typeof fetch;
  providers: Partial<Record<TProviderName, TPaymentProvider>>;
};

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

const runtimes = new WeakMap<TAppContext, TPaymentsRuntime>();

/** The payment providers of one app instance, built from its config on first use. */
export function paymentsOf(ctx: TAppContext): TPaymentsRuntime {
  let runtime = runtimes.get(ctx);
  if (runtime) return runtime;
  const created: TPaymentsRuntime = { sendWebhook: sendByFetch, fetch: (...args) => fetch(...args), providers: {} };
  const fetchVia: typeof fetch = (...args) => created.fetch(...args);
  const { config } = ctx;
  created.providers.sandbox = createSandboxProvider(ctx);
  if (config.STRIPE_SECRET_KEY) created.providers.stripe = createStripeProvider(config, fetchVia);
  if (config.CLOUDPAYMENTS_PUBLIC_ID && config.CLOUDPAYMENTS_API_SECRET) {
    created.providers.cloudpayments = createCloudPaymentsProvider(config, fetchVia);
  }
  runtimes.set(ctx, created);
  runtime = created;
  return runtime;
}

/** Who takes a new payment: the sandbox for everything, or CloudPayments for roubles and Stripe for euros. */
export function providerForCurrency(ctx: TAppContext, currency: TCurrency): TPaymentProvider {
  if (ctx.config.PAYMENTS_PROVIDER === 'sandbox') return providerNamed(ctx, 'sandbox');
  return providerNamed(ctx, currency === 'eur' ? 'stripe' : 'cloudpayments');
}

export function providerNamed(ctx: TAppContext, name: TProviderName): TPaymentProvider {
  const provider = paymentsOf(ctx).providers[name];
  if (!provider) throw new Error(`payment provider ${name} is not configured`);
  return provider;
}
