import { useRef } from 'react';
import { newIdempotencyKey } from './idempotency-key.ts';

/**
 * The `Idempotency-Key` of one checkout attempt. The same attempt (same pass, currency and amount) reuses its key,
 * so a retry after a lost answer or a double click never buys twice; a changed attempt gets a fresh key.
 */
export function useAttemptKey(): (attempt: string) => string {
  const current = useRef<{ attempt: string; key: string } | null>(null);
  return (attempt: string) => {
    if (current.current?.attempt !== attempt) current.current = { attempt, key: newIdempotencyKey() };
    return current.current.key;
  };
}
