import type { TPurchaseStatus } from '@therapy/contract';
import type { TPaymentEventKind } from '../payment-providers/types.ts';

/**
 * How far along a purchase is. A purchase only ever moves forward, so whatever order events
 * arrive in, it ends where the furthest of them points: a success after a cancel still
 * completes (the money was taken), a failure after completion changes nothing, a refund wins.
 */
const RANK: Record<TPurchaseStatus, number> = { pending: 0, cancelled: 1, completed: 2, refunded: 3 };

/** What an event is stored as: its kind, or `amount_mismatch` for a success that did not pay the price. */
export type TRecordedEventKind = TPaymentEventKind | 'amount_mismatch';

const POINTS_TO: Record<TRecordedEventKind, TPurchaseStatus | null> = {
  succeeded: 'completed',
  amount_mismatch: null,
  cancelled: 'cancelled',
  refunded: 'refunded',
  failed: null,
  ignored: null,
};

/** Where a purchase should be, given where it is and every event received for it. */
export function targetStatus(current: TPurchaseStatus, kinds: readonly TRecordedEventKind[]): TPurchaseStatus {
  let target = current;
  for (const kind of kinds) {
    const next = POINTS_TO[kind];
    if (next && RANK[next] > RANK[target]) target = next;
  }
  return target;
}
