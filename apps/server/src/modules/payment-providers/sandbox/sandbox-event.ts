import { z } from 'zod';
import type { TSandboxCheckoutRow } from '../../../db/schema/index.ts';
import type { THashids } from '../../../lib/ids.ts';
import type { TPaymentEvent, TPaymentEventKind } from '../types.ts';

const KIND = {
  'checkout.succeeded': 'succeeded',
  'checkout.payment_failed': 'failed',
  'checkout.cancelled': 'cancelled',
  'checkout.expired': 'cancelled',
  'charge.refunded': 'refunded',
} as const satisfies Record<string, TPaymentEventKind>;

export type TSandboxEventType = keyof typeof KIND;

/** The sandbox's webhook body, shaped like a real provider's event. */
export const ZSandboxEventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(Object.keys(KIND) as [TSandboxEventType, ...TSandboxEventType[]]),
  created: z.number().int(),
  data: z.object({
    checkout: z.string().min(1).max(100),
    purchase_id: z.string().max(32),
    amount: z.number().int(),
    currency: z.enum(['rub', 'eur']),
    card_last: z.string().max(4).nullable(),
    card_brand: z.string().max(40).nullable(),
    reason: z.string().max(200).nullable(),
  }),
});
export type TSandboxEvent = z.infer<typeof ZSandboxEventSchema>;

/**
 * Event ids follow from the checkout and what happened to it, so the webhook and a later
 * reconciliation name the same event and it is applied once.
 */
export function sandboxEventId(token: string, type: TSandboxEventType, attempt?: number): string {
  const suffix = type.split('.')[1] ?? type;
  return attempt === undefined ? `evt_${token}_${suffix}` : `evt_${token}_${suffix}_${attempt}`;
}

export function buildSandboxEvent(
  hashids: THashids,
  checkout: TSandboxCheckoutRow,
  type: TSandboxEventType,
  options: { attempt?: number; reason?: string | null; now?: Date } = {},
): TSandboxEvent {
  return {
    id: sandboxEventId(checkout.token, type, options.attempt),
    type,
    created: Math.floor((options.now ?? new Date()).getTime() / 1000),
    data: {
      checkout: checkout.token,
      purchase_id: hashids.encode('purchase', checkout.purchaseId),
      amount: checkout.amount,
      currency: checkout.currency,
      card_last: checkout.cardLast,
      card_brand: checkout.cardLast ? 'visa' : null,
      reason: options.reason ?? null,
    },
  };
}

export function sandboxPaymentEvent(hashids: THashids, event: TSandboxEvent): TPaymentEvent {
  const kind = KIND[event.type];
  return {
    provider: 'sandbox',
    eventId: event.id,
    type: event.type,
    kind,
    purchaseId: hashids.decode('purchase', event.data.purchase_id),
    providerRef: event.data.checkout,
    providerPaymentId: kind === 'succeeded' ? `pay_${event.data.checkout}` : null,
    card:
      kind === 'succeeded' && event.data.card_last
        ? { last: event.data.card_last, brand: event.data.card_brand, token: `card_${event.data.checkout}` }
        : null,
    money: { amount: event.data.amount, currency: event.data.currency },
    reason: event.data.reason,
    payload: event,
  };
}
