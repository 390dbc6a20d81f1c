import { act, renderHook } from '@testing-library/react';
import type { TPassPurchase, TPurchaseStatus } from '@therapy/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE, POLL_TIMEOUT_MS, purchasePollingReducer, type TPurchasePolling } from './purchase-polling.ts';
import { usePurchasePolling } from './use-purchase-polling.ts';

describe('purchasePollingReducer (spec §4)', () => {
  const polling: TPurchasePolling = { phase: 'polling', purchaseId: 'p-1', startedAt: 0, polls: 0 };

  it('starts polling the stored purchase id', () => {
    expect(purchasePollingReducer(IDLE, { type: 'start', purchaseId: 'p-1', now: 0 })).toEqual(polling);
  });

  it('completed: the pass is active and polling stops', () => {
    const next = purchasePollingReducer(polling, { type: 'polled', purchaseId: 'p-1', status: 'completed', now: 10 });
    expect(next).toEqual({ phase: 'completed', purchaseId: 'p-1' });
  });

  it('cancelled: polling stops', () => {
    const next = purchasePollingReducer(polling, { type: 'polled', purchaseId: 'p-1', status: 'cancelled', now: 10 });
    expect(next).toEqual({ phase: 'cancelled', purchaseId: 'p-1' });
  });

  it.each<TPurchaseStatus>(['pending', 'refunded'])('%s: keeps polling', (status) => {
    const next = purchasePollingReducer(polling, { type: 'polled', purchaseId: 'p-1', status, now: 10 });
    expect(next).toEqual({ ...polling, polls: 1 });
  });

  it('a failed poll is swallowed: polling goes on', () => {
    expect(purchasePollingReducer(polling, { type: 'poll_failed', purchaseId: 'p-1', now: 10 })).toEqual({
      ...polling,
      polls: 1,
    });
  });

  it('gives up after the time limit', () => {
    const next = purchasePollingReducer(polling, {
      type: 'polled',
      purchaseId: 'p-1',
      status: 'pending',
      now: POLL_TIMEOUT_MS,
    });
    expect(next).toEqual({ phase: 'timed_out', purchaseId: 'p-1' });
  });

  it('ignores answers for another purchase or after polling stopped', () => {
    const other = { type: 'polled', purchaseId: 'p-2', status: 'completed', now: 1 } as const;
    expect(purchasePollingReducer(polling, other)).toBe(polling);
    const done: TPurchasePolling = { phase: 'cancelled', purchaseId: 'p-1' };
    expect(purchasePollingReducer(done, { type: 'polled', purchaseId: 'p-1', status: 'completed', now: 1 })).toBe(done);
  });
});

describe('usePurchasePolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const answers = (...replies: Array<TPurchaseStatus | Error>) => {
    const fetchPurchase = vi.fn(async (id: string): Promise<TPassPurchase> => {
      const reply = replies.shift() ?? 'pending';
      if (reply instanceof Error) throw reply;
      return { id, status: reply };
    });
    return fetchPurchase;
  };

  const advance = async (ms: number) => {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  };

  it('polls every 2 s through pending and a failed poll until completed, then stops', async () => {
    const fetchPurchase = answers('pending', new TypeError('Failed to fetch'), 'pending', 'completed');
    const { result } = renderHook(() => usePurchasePolling('p-1', { fetchPurchase }));
    await advance(0);
    expect(fetchPurchase).toHaveBeenCalledTimes(1);
    expect(result.current.state.phase).toBe('polling');
    await advance(2000);
    expect(fetchPurchase).toHaveBeenCalledTimes(2);
    expect(result.current.state.phase).toBe('polling');
    await advance(2000);
    await advance(2000);
    expect(fetchPurchase).toHaveBeenCalledTimes(4);
    expect(result.current.state).toEqual({ phase: 'completed', purchaseId: 'p-1' });
    await advance(10_000);
    expect(fetchPurchase).toHaveBeenCalledTimes(4);
    expect(fetchPurchase).toHaveBeenCalledWith('p-1', expect.any(AbortSignal));
  });

  it('stops at cancelled', async () => {
    const fetchPurchase = answers('pending', 'cancelled');
    const { result } = renderHook(() => usePurchasePolling('p-1', { fetchPurchase }));
    await advance(0);
    await advance(2000);
    expect(result.current.state.phase).toBe('cancelled');
    await advance(10_000);
    expect(fetchPurchase).toHaveBeenCalledTimes(2);
  });

  it('times out after a few minutes of pending, and can be restarted', async () => {
    const fetchPurchase = answers();
    const { result } = renderHook(() => usePurchasePolling('p-1', { fetchPurchase, timeoutMs: 10_000 }));
    await advance(0);
    for (let second = 0; second < 10; second += 2) await advance(2000);
    expect(result.current.state.phase).toBe('timed_out');
    const calls = fetchPurchase.mock.calls.length;
    await advance(10_000);
    expect(fetchPurchase).toHaveBeenCalledTimes(calls);

    act(() => result.current.restart());
    await advance(0);
    expect(result.current.state.phase).toBe('polling');
    expect(fetchPurchase).toHaveBeenCalledTimes(calls + 1);
  });

  it('does nothing without a purchase id', async () => {
    const fetchPurchase = answers();
    const { result } = renderHook(() => usePurchasePolling(null, { fetchPurchase }));
    await advance(10_000);
    expect(result.current.state).toEqual({ phase: 'idle' });
    expect(fetchPurchase).not.toHaveBeenCalled();
  });
});
