import type { TPassPurchase } from '@therapy/contract';
import { useCallback, useEffect, useReducer } from 'react';
import { getPassPurchase } from '../api/get-pass-purchase.ts';
import {
  IDLE,
  isPolling,
  POLL_INTERVAL_MS,
  POLL_TIMEOUT_MS,
  purchasePollingReducer,
  type TPurchasePolling,
  type TPurchasePollingEvent,
} from './purchase-polling.ts';

type TOptions = {
  fetchPurchase?: (id: string, signal: AbortSignal) => Promise<TPassPurchase>;
  intervalMs?: number;
  timeoutMs?: number;
};

/**
 * Polls a purchase's status by spec §4 while `purchaseId` is set: the first poll at once, then every `intervalMs`.
 * Returns the state and `restart` (to check again after a time-out).
 */
export function usePurchasePolling(
  purchaseId: string | null,
  { fetchPurchase = getPassPurchase, intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS }: TOptions = {},
): { state: TPurchasePolling; restart: () => void } {
  const [state, dispatch] = useReducer(
    (current: TPurchasePolling, event: TPurchasePollingEvent) => purchasePollingReducer(current, event, timeoutMs),
    IDLE,
  );

  useEffect(() => {
    dispatch(purchaseId ? { type: 'start', purchaseId, now: Date.now() } : { type: 'reset' });
  }, [purchaseId]);

  const polling = isPolling(state) ? state : null;
  const pollId = polling?.purchaseId ?? null;
  const polls = polling?.polls ?? 0;

  useEffect(() => {
    if (pollId === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(
      () => {
        fetchPurchase(pollId, controller.signal).then(
          (purchase) => {
            if (!controller.signal.aborted) {
              dispatch({ type: 'polled', purchaseId: pollId, status: purchase.status, now: Date.now() });
            }
          },
          // A failed poll is swallowed (spec §8): the next one is simply tried.
          () => {
            if (!controller.signal.aborted) dispatch({ type: 'poll_failed', purchaseId: pollId, now: Date.now() });
          },
        );
      },
      polls === 0 ? 0 : intervalMs,
    );
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [pollId, polls, fetchPurchase, intervalMs]);

  const restart = useCallback(() => {
    if (purchaseId) dispatch({ type: 'start', purchaseId, now: Date.now() });
  }, [purchaseId]);

  return { state, restart };
}
