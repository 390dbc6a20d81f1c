import type { TPurchaseStatus } from '@therapy/contract';

/**
 * Following a purchase after the payment page (spec §4): its status is polled. completed → the pass is active and
 * polling stops; cancelled → polling stops; refunded is settled too (the money went back). A purchase the server
 * does not know for this client (a stale or someone else's link) is not polled again. Any other status, or a failed
 * poll (swallowed, spec §8), → poll again, until a few minutes have passed without an answer either way.
 */
export const POLL_INTERVAL_MS = 2000;
export const POLL_TIMEOUT_MS = 3 * 60 * 1000;

export type TPurchasePhase = 'idle' | 'polling' | 'completed' | 'cancelled' | 'refunded' | 'not_found' | 'timed_out';

export function purchasePhase({
  purchaseId,
  status,
  notFound = false,
  polledForMs,
  timeoutMs = POLL_TIMEOUT_MS,
}: {
  purchaseId: string | null;
  /** The status of the last successful poll; undefined before one. */
  status: TPurchaseStatus | undefined;
  /** The last poll was refused for good: no such purchase of this client (404). */
  notFound?: boolean;
  /** From the start of polling to the last poll, answered or failed. */
  polledForMs: number;
  timeoutMs?: number;
}): TPurchasePhase {
  if (purchaseId === null) return 'idle';
  if (status === 'completed') return 'completed';
  if (status === 'cancelled') return 'cancelled';
  if (status === 'refunded') return 'refunded';
  if (notFound) return 'not_found';
  return polledForMs >= timeoutMs ? 'timed_out' : 'polling';
}

/** Whether polling has stopped with an answer the client can act on (or a time-out). */
export const isPurchaseSettled = (phase: TPurchasePhase): boolean => phase !== 'idle' && phase !== 'polling';
