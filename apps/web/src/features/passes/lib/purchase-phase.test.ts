import type { TPurchaseStatus } from '@therapy/contract';
import { describe, expect, it } from 'vitest';
import { POLL_TIMEOUT_MS, purchasePhase } from './purchase-phase.ts';

describe('purchasePhase (spec §4)', () => {
  const polling = { purchaseId: 'p-1', polledForMs: 4000 };

  it('follows nothing without a stored purchase id', () => {
    expect(purchasePhase({ purchaseId: null, status: 'completed', polledForMs: 0 })).toBe('idle');
  });

  it('polls until the first answer', () => {
    expect(purchasePhase({ ...polling, status: undefined })).toBe('polling');
  });

  it('completed: the pass is active and polling stops; cancelled: polling stops', () => {
    expect(purchasePhase({ ...polling, status: 'completed' })).toBe('completed');
    expect(purchasePhase({ ...polling, status: 'cancelled' })).toBe('cancelled');
  });

  it('pending: keeps polling', () => {
    expect(purchasePhase({ ...polling, status: 'pending' satisfies TPurchaseStatus })).toBe('polling');
  });

  it('refunded is settled: polling stops', () => {
    expect(purchasePhase({ ...polling, status: 'refunded' })).toBe('refunded');
  });

  it('a purchase the server does not know for this client (a stale link) stops at once', () => {
    expect(purchasePhase({ ...polling, status: undefined, notFound: true })).toBe('not_found');
    expect(purchasePhase({ ...polling, status: undefined, notFound: false })).toBe('polling');
  });

  it('gives up after the time limit, unless the answer came', () => {
    expect(purchasePhase({ purchaseId: 'p-1', status: 'pending', polledForMs: POLL_TIMEOUT_MS })).toBe('timed_out');
    expect(purchasePhase({ purchaseId: 'p-1', status: undefined, polledForMs: 10_000, timeoutMs: 10_000 })).toBe(
      'timed_out',
    );
    expect(purchasePhase({ purchaseId: 'p-1', status: 'completed', polledForMs: POLL_TIMEOUT_MS })).toBe('completed');
  });
});
