import type Stripe from 'stripe';
import type { THashids } from '../../../lib/ids.ts';
import type { TPaymentEvent, TPaymentEventKind } from '../types.ts';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

function purchaseIdOf(hashids: THashids, ...candidates: (string | null | undefined)[]): number | null {
  for (const candidate of candidates) {
    const id = candidate ? hashids.decode('purchase', candidate) : null;
    if (id !== null) return id;
  }
  return null;
}

function sessionEvent(
  hashids: THashids,
  event: { id: string; type: string },
  session: Stripe.Checkout.Session,
  kind: TPaymentEventKind,
): TPaymentEvent {
  return {
    provider: 'stripe',
    eventId: event.id,
    type: event.type,
    kind,
    purchaseId: purchaseIdOf(hashids, session.metadata?.purchase_id, session.client_reference_id),
    providerRef: session.id,
    providerPaymentId: idOf(session.payment_intent),
    card: null,
    money:
      session.amount_total === null || !session.currency
        ? null
        : { amount: session.amount_total, currency: session.currency.toLowerCase() },
    reason: kind === 'cancelled' ? event.type : null,
    payload: event,
  };
}

/**
 * A verified Stripe event as the purchase state machine reads it. A completed session is
 * paid unless its payment is asynchronous (then async_payment_succeeded/failed follows);
 * an expired session or a failed async payment ends the checkout; a fully refunded charge
 * refunds the purchase. Anything else is recorded and ignored.
 */
export function stripePaymentEvent(hashids: THashids, event: Stripe.Event): TPaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return sessionEvent(hashids, event, session, paid ? 'succeeded' : 'ignored');
    }
    case 'checkout.session.async_payment_succeeded':
      return sessionEvent(hashids, event, event.data.object, 'succeeded');
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return sessionEvent(hashids, event, event.data.object, 'cancelled');
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        // A partial refund leaves the pass as it is.
        kind: charge.refunded ? 'refunded' : 'ignored',
        purchaseId: purchaseIdOf(hashids, charge.metadata?.purchase_id),
        providerRef: null,
        providerPaymentId: idOf(charge.payment_intent),
        card: null,
        money: null,
        reason: null,
        payload: event,
      };
    }
    default:
      return {
        provider: 'stripe',
        eventId: event.id,
        type: event.type,
        kind: 'ignored',
        purchaseId: null,
        providerRef: null,
        providerPaymentId: null,
        card: null,
        money: null,
        reason: null,
        payload: event,
      };
  }
}

/** What a retrieved session says when its webhook never came (reconciliation). */
export function stripeSessionOutcome(hashids: THashids, session: Stripe.Checkout.Session): TPaymentEvent[] {
  const synthetic = (suffix: string) => ({ id: `reconcile_${session.id}_${suffix}`, type: `reconcile.${suffix}` });
  if (session.status === 'complete' && session.payment_status === 'paid') {
    return [sessionEvent(hashids, synthetic('paid'), session, 'succeeded')];
  }
  if (session.status === 'expired') return [sessionEvent(hashids, synthetic('expired'), session, 'cancelled')];
  return [];
}
