import Stripe from 'stripe';

/**
 * The event if the `Stripe-Signature` header signs this exact raw body with our endpoint
 * secret (and is fresh: the SDK's five-minute tolerance), else null.
 */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): Stripe.Event | null {
  if (!signature) return null;
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return null;
  }
}
