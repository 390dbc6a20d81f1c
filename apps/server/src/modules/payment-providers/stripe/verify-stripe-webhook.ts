import type Stripe from 'stripe';

/**
 * The event if the `Stripe-Signature` header signs this exact raw body with our endpoint
 * secret (and is fresh: the SDK's five-minute tolerance), else null.
 */
export async function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Promise<Stripe.Event | null> {
  if (!signature) return null;
  // The SDK is hundreds of modules: loaded by the first webhook, not at start.
  const { default: StripeSdk } = await import('stripe');
  try {
    return StripeSdk.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return null;
  }
}
