/**
 * Reconnect delays: exponential growth with a cap and "equal jitter" (half fixed, half random), so a room whose
 * server restarted does not reconnect in one burst, and no delay is ever near zero.
 */
export type TBackoffOptions = { baseMs: number; maxMs: number; factor: number };

export const DEFAULT_BACKOFF: TBackoffOptions = { baseMs: 500, maxMs: 15_000, factor: 2 };

/** The ceiling of the n-th retry (0-based): base · factor^n, at most max. */
export function backoffCeiling(attempt: number, options: TBackoffOptions = DEFAULT_BACKOFF): number {
  return Math.min(options.maxMs, options.baseMs * options.factor ** Math.max(0, attempt));
}

/** The delay before the n-th retry: somewhere in [ceiling / 2, ceiling). `random` is in [0, 1). */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  options: TBackoffOptions = DEFAULT_BACKOFF,
): number {
  const ceiling = backoffCeiling(attempt, options);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
