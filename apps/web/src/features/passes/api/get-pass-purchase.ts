import { useQuery } from '@tanstack/react-query';
import { routes, type TPassPurchase } from '@therapy/contract';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { callRoute } from '../../../api/client.ts';
import { passKeys } from '../../../entities/pass/api/pass-keys.ts';
import { POLL_INTERVAL_MS, POLL_TIMEOUT_MS, purchasePhase, type TPurchasePhase } from '../lib/purchase-phase.ts';

/** One poll of a purchase's status (spec §4). */
export function getPassPurchase(id: string, signal?: AbortSignal): Promise<TPassPurchase> {
  return callRoute(routes.passPurchase, { params: { id }, signal });
}

/**
 * Polls a purchase's status while `purchaseId` is set: the first poll at once, then every `intervalMs` until the
 * purchase is completed, cancelled or refunded, the server says there is no such purchase, or `timeoutMs` has passed. A failed poll is not retried nor shown: the next
 * one comes on time. `restart` checks again after a time-out.
 */
export function usePurchasePolling(
  purchaseId: string | null,
  { intervalMs = POLL_INTERVAL_MS, timeoutMs = POLL_TIMEOUT_MS }: { intervalMs?: number; timeoutMs?: number } = {},
): { phase: TPurchasePhase; restart: () => void } {
  const [start, setStart] = useState(() => ({ purchaseId, at: Date.now() }));
  // Another purchase to follow starts its own clock.
  if (start.purchaseId !== purchaseId) setStart({ purchaseId, at: Date.now() });
  const startedAt = start.at;
  const phaseOf = (state: { data?: TPassPurchase; error: unknown; dataUpdatedAt: number; errorUpdatedAt: number }) =>
    purchasePhase({
      purchaseId,
      status: state.data?.status,
      // A 404 is the server's answer, not a failed poll: no such purchase of this client, however often asked.
      notFound: state.errorUpdatedAt > state.dataUpdatedAt && isApiError(state.error) && state.error.status === 404,
      polledForMs: Math.max(state.dataUpdatedAt, state.errorUpdatedAt) - startedAt,
      timeoutMs,
    });
  const query = useQuery({
    queryKey: passKeys.purchase(purchaseId ?? ''),
    queryFn: ({ signal }) => getPassPurchase(purchaseId ?? '', signal),
    enabled: purchaseId !== null,
    refetchInterval: (current) => (phaseOf(current.state) === 'polling' ? intervalMs : false),
    // The client may switch tabs while the payment settles: polling goes on.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const { refetch } = query;
  const restart = useCallback(() => {
    setStart({ purchaseId, at: Date.now() });
    void refetch();
  }, [purchaseId, refetch]);
  return { phase: phaseOf(query), restart };
}
