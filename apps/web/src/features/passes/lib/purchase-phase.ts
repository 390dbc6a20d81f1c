import type { TPurchaseStatus } from '@therapy/contract';

/**
 * Following a purchase after the payment page (spec §4): its status is polled. completed → the pass is active and
 * polling stops; cancelled → polling stops; any other status, or a failed poll (swallowed, spec §8), → poll again,
 * until a few minutes have passed without an answer either way.
 */
export const POLL_INTERVAL_MS = 2000;
export const POLL_TIMEOUT_MS = 3 * 60 * 1000;

export type TPurchasePhase = 'idle' | 'polling' | 'completed' | 'cancelled' | 'timed_out';

export function purchasePhase({
  purchaseId,
  status,
  polledForMs,
  timeoutMs = POLL_TIMEOUT_MS,
}: {
  purchaseId: string | null;
  /** The status of the last successful poll; undefined before one. */
  status: TPurchaseStatus | undefined;
  /** From the start of polling to the last poll, answered or failed. */
  polledForMs: number;
  timeoutMs?: number;
}): TPurchasePhase {
  if (purchaseId === null) return 'idle';
  if (status === 'completed') return 'completed';
  if (status === 'cancelled') return 'cancelled';
  return polledForMs >= timeoutMs ? 'timed_out' : 'polling';
}
