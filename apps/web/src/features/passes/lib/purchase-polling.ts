/**
 * The purchase-status rules of spec §4, as a pure reducer: after buying, the purchase id is kept and its status
 * polled. completed → the pass is active and polling stops; cancelled → polling stops; any other status → poll
 * again. A failed poll is swallowed silently (spec §8). Polling gives up after a few minutes with a message.
 */
import type { TPurchaseStatus } from '@therapy/contract';

export const POLL_INTERVAL_MS = 2000;
export const POLL_TIMEOUT_MS = 3 * 60 * 1000;

export type TPurchasePolling =
  | { phase: 'idle' }
  | { phase: 'polling'; purchaseId: string; startedAt: number; polls: number }
  | { phase: 'completed'; purchaseId: string }
  | { phase: 'cancelled'; purchaseId: string }
  | { phase: 'timed_out'; purchaseId: string };

export type TPurchasePollingEvent =
  | { type: 'start'; purchaseId: string; now: number }
  | { type: 'polled'; purchaseId: string; status: TPurchaseStatus; now: number }
  | { type: 'poll_failed'; purchaseId: string; now: number }
  | { type: 'reset' };

export const IDLE: TPurchasePolling = { phase: 'idle' };

export function purchasePollingReducer(
  state: TPurchasePolling,
  event: TPurchasePollingEvent,
  timeoutMs: number = POLL_TIMEOUT_MS,
): TPurchasePolling {
  if (event.type === 'reset') return IDLE;
  if (event.type === 'start') return { phase: 'polling', purchaseId: event.purchaseId, startedAt: event.now, polls: 0 };
  // An answer for another purchase, or one that arrives after polling stopped, changes nothing.
  if (state.phase !== 'polling' || state.purchaseId !== event.purchaseId) return state;
  if (event.type === 'polled') {
    if (event.status === 'completed') return { phase: 'completed', purchaseId: state.purchaseId };
    if (event.status === 'cancelled') return { phase: 'cancelled', purchaseId: state.purchaseId };
  }
  if (event.now - state.startedAt >= timeoutMs) return { phase: 'timed_out', purchaseId: state.purchaseId };
  return { ...state, polls: state.polls + 1 };
}

/** Whether another poll is due: only while polling. */
export function isPolling(state: TPurchasePolling): state is Extract<TPurchasePolling, { phase: 'polling' }> {
  return state.phase === 'polling';
}
