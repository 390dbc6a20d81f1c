import { and, eq } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import { passPurchases } from '../../../db/schema/index.ts';
import type { THashids } from '../../../lib/ids.ts';
import type { TEventMoney, TPaymentEvent, TPaymentEventKind } from '../types.ts';

export const CLOUDPAYMENTS_KINDS = ['check', 'pay', 'fail', 'refund', 'confirm', 'cancel'] as const;
export type TCloudPaymentsKind = (typeof CLOUDPAYMENTS_KINDS)[number];
export type TCloudPaymentsNotification = Record<string, string>;

/** Notifications arrive form-encoded (the default) or as JSON, by the site's settings. */
export function parseCloudPaymentsNotification(
  raw: Buffer,
  contentType: string | undefined,
): TCloudPaymentsNotification | null {
  const text = raw.toString('utf8');
  if (contentType?.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
      const fields: TCloudPaymentsNotification = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (value !== null && value !== undefined)
          fields[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
      }
      return fields;
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** "3500.00" roubles → 350000 kopecks; null for anything that is not an amount. */
export function minorUnits(amount: string | undefined): number | null {
  if (!amount || !/^\d+(\.\d{1,2})?$/.test(amount.trim())) return null;
  return Math.round(Number(amount) * 100);
}

/** The amount and currency a notification names, or null when either is missing or unreadable. */
function moneyOf(n: TCloudPaymentsNotification): TEventMoney | null {
  const amount = minorUnits(n.Amount);
  const currency = n.Currency?.trim().toLowerCase();
  return amount === null || !currency ? null : { amount, currency };
}

/** Answers of a Check notification, as CloudPayments defines them. */
export const CHECK_CODE = { ok: 0, badInvoice: 10, badAccount: 11, badAmount: 12, refused: 13, expired: 20 } as const;

/**
 * Whether CloudPayments may take this payment: the invoice is one of our pending purchases,
 * for this client, for exactly this amount and currency. Anything else is refused before
 * money is taken.
 */
export async function checkCloudPaymentsPayment(ctx: TAppContext, n: TCloudPaymentsNotification): Promise<number> {
  const purchaseId = n.InvoiceId ? ctx.hashids.decode('purchase', n.InvoiceId) : null;
  if (purchaseId === null) return CHECK_CODE.badInvoice;
  const [purchase] = await ctx.db
    .select()
    .from(passPurchases)
    .where(and(eq(passPurchases.id, purchaseId), eq(passPurchases.provider, 'cloudpayments')));
  if (!purchase) return CHECK_CODE.badInvoice;
  if (n.AccountId && n.AccountId !== ctx.hashids.encode('user', purchase.userId)) return CHECK_CODE.badAccount;
  if (minorUnits(n.Amount) !== purchase.amountPaid || n.Currency?.toLowerCase() !== purchase.currency) {
    return CHECK_CODE.badAmount;
  }
  if (purchase.status === 'pending') return CHECK_CODE.ok;
  return purchase.status === 'completed' ? CHECK_CODE.refused : CHECK_CODE.expired;
}

/** A Pay, Fail, Refund, Confirm or Cancel notification as the purchase state machine reads it. */
export function cloudPaymentsEvent(
  hashids: THashids,
  kind: Exclude<TCloudPaymentsKind, 'check'>,
  n: TCloudPaymentsNotification,
): TPaymentEvent | null {
  const transactionId = n.TransactionId?.trim();
  if (!transactionId || !/^\d{1,20}$/.test(transactionId)) return null;
  const meaning: Record<typeof kind, TPaymentEventKind> = {
    // Authorized is a two-stage hold, not yet money: Confirm follows.
    pay: n.Status === undefined || n.Status === 'Completed' ? 'succeeded' : 'ignored',
    confirm: 'succeeded',
    fail: 'failed',
    cancel: 'cancelled',
    refund: 'refunded',
  };
  const eventKind = meaning[kind];
  return {
    provider: 'cloudpayments',
    eventId: `${kind}_${transactionId}`,
    type: kind,
    kind: eventKind,
    purchaseId: n.InvoiceId ? hashids.decode('purchase', n.InvoiceId) : null,
    providerRef: null,
    providerPaymentId: kind === 'refund' ? (n.PaymentTransactionId ?? null) : transactionId,
    card:
      eventKind === 'succeeded' && n.CardLastFour
        ? { last: n.CardLastFour.slice(-4), brand: n.CardType ?? null, token: n.Token ?? null }
        : null,
    money: moneyOf(n),
    reason: kind === 'fail' ? (n.Reason ?? n.ReasonCode ?? 'declined') : null,
    payload: n,
  };
}
