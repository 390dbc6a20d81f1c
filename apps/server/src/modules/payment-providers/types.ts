import type { TCurrency, TPurchaseStatus } from '@therapy/contract';
import type { paymentProviderEnum, TPurchaseRow } from '../../db/schema/index.ts';
import type { TExecutor } from '../../lib/jobs.ts';

export type TWebhookDelivery = { url: string; headers: Record<string, string>; body: string };
/** Sends one webhook the way a provider does; tests swap it for one that calls `app.inject`. */
export type TWebhookSender = (delivery: TWebhookDelivery) => Promise<{ status: number }>;

/** The providers a purchase can be taken by: the database enum is the one list. */
export type TProviderName = (typeof paymentProviderEnum.enumValues)[number];

/**
 * What a provider's event means for a purchase. succeeded: money taken; cancelled: the
 * checkout is over without payment (expired, abandoned, finally failed); refunded: money
 * returned; failed: one attempt was declined, the client may retry; ignored: nothing for us.
 */
export type TPaymentEventKind = 'succeeded' | 'failed' | 'cancelled' | 'refunded' | 'ignored';

export type TCardInfo = { last: string; brand: string | null; token: string | null };

/** What an event says was paid: minor units and a lower-case currency code, as the provider reported them. */
export type TEventMoney = { amount: number; currency: string };

/** A provider's event, verified and normalised: the one input of the purchase state machine. */
export type TPaymentEvent = {
  provider: TProviderName;
  /** Unique per provider: a replay carries the same id and changes nothing. */
  eventId: string;
  /** The provider's own name for it (checkout.session.completed, Pay, …). */
  type: string;
  kind: TPaymentEventKind;
  purchaseId: number | null;
  /** The checkout's id at the provider (session id, invoice id, sandbox token). */
  providerRef: string | null;
  /** The payment's id at the provider (payment intent, transaction id). */
  providerPaymentId: string | null;
  card: TCardInfo | null;
  /**
   * The amount the provider says it took, for a success: compared with the purchase to the
   * kopeck before it completes. Null when the event says nothing about money (a success
   * without it completes nothing).
   */
  money: TEventMoney | null;
  reason: string | null;
  payload: unknown;
};

/** What became of a delivered event: applied (the purchase moved, or stayed), a replay, or about no purchase of ours. */
export type TPaymentEventOutcome =
  | { result: 'duplicate' }
  | { result: 'unknown_purchase' }
  /** A success for another amount or currency than the purchase's: recorded, the purchase left as it was. */
  | { result: 'amount_mismatch'; expected: TEventMoney; received: TEventMoney | null }
  | { result: 'applied'; from: TPurchaseStatus; to: TPurchaseStatus };

/** Where the webhook routes hand a verified event: the purchases' state machine (given by `buildApp`). */
export type TPaymentEventSink = (event: TPaymentEvent) => Promise<TPaymentEventOutcome>;

export type TCheckoutInput = {
  purchaseId: number;
  purchaseHashid: string;
  userHashid: string;
  email: string;
  amount: number;
  currency: TCurrency;
  description: string;
  /** Where the browser comes back to, relative to our site (`/lk/passes?purchase=…`). */
  returnPath: string;
};

export type TCheckoutSession = { providerRef: string; url: string };

/** One payment provider: it opens a checkout and, asked later, tells what became of it. */
export type TPaymentProvider = {
  name: TProviderName;
  /** Opens a hosted checkout; called at most once per purchase, under the purchase's row lock. */
  createCheckout(tx: TExecutor, input: TCheckoutInput): Promise<TCheckoutSession>;
  /** What the provider knows about a pending purchase now, as events (none while it is still open). */
  reconcile(db: TExecutor, purchase: TPurchaseRow, now: Date): Promise<TPaymentEvent[]>;
};
