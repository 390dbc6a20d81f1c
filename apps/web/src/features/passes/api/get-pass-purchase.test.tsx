import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiError, server } from '../../../testing/api-server.ts';
import { renderHookWithProviders } from '../../../testing/render.tsx';
import { usePurchasePolling } from './get-pass-purchase.ts';

/** Quick polls; the time limit only where a test is about it. */
const FAST = { intervalMs: 20, timeoutMs: 60_000 };
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers the purchase's polls in turn (the last answer repeats) and counts them. */
function answerPolls(
  ...answers: Array<'pending' | 'completed' | 'cancelled' | 'refunded' | 'network' | 'server' | 'missing'>
) {
  const polls = { count: 0 };
  server.use(
    http.get('/api/v1/user/pass_purchases/:id', ({ params }) => {
      const answer = answers[Math.min(polls.count, answers.length - 1)];
      polls.count += 1;
      if (answer === 'network') return HttpResponse.error();
      if (answer === 'server') return apiError(500, 'internal', 'Сбой');
      if (answer === 'missing') return apiError(404, 'not_found', 'Покупка не найдена');
      return HttpResponse.json({ id: params.id, status: answer });
    }),
  );
  return polls;
}

describe('usePurchasePolling (spec §4)', () => {
  it('polls at once, then through pending and failed polls until completed, and stops', async () => {
    const polls = answerPolls('pending', 'network', 'server', 'pending', 'completed');
    const { result } = renderHookWithProviders(() => usePurchasePolling('pur-1', FAST));
    expect(result.current.phase).toBe('polling');
    await waitFor(() => expect(result.current.phase).toBe('completed'));
    expect(polls.count).toBe(5);
    await settle(150);
    expect(polls.count).toBe(5);
  });

  it('stops at cancelled', async () => {
    const polls = answerPolls('pending', 'cancelled');
    const { result } = renderHookWithProviders(() => usePurchasePolling('pur-2', FAST));
    await waitFor(() => expect(result.current.phase).toBe('cancelled'));
    await settle(150);
    expect(polls.count).toBe(2);
  });

  it('stops at refunded', async () => {
    const polls = answerPolls('pending', 'refunded');
    const { result } = renderHookWithProviders(() => usePurchasePolling('pur-4', FAST));
    await waitFor(() => expect(result.current.phase).toBe('refunded'));
    await settle(150);
    expect(polls.count).toBe(2);
  });

  it('a stale or foreign link (404) is asked about once, not polled', async () => {
    const polls = answerPolls('missing');
    const { result } = renderHookWithProviders(() => usePurchasePolling('pur-gone', FAST));
    await waitFor(() => expect(result.current.phase).toBe('not_found'));
    await settle(150);
    expect(polls.count).toBe(1);
  });

  it('gives up after the time limit, and checks again on restart', async () => {
    const polls = answerPolls('pending');
    const { result } = renderHookWithProviders(() => usePurchasePolling('pur-3', { ...FAST, timeoutMs: 300 }));
    await waitFor(() => expect(result.current.phase).toBe('timed_out'));
    const count = polls.count;
    expect(count).toBeGreaterThan(1);
    await settle(150);
    expect(polls.count).toBe(count);

    act(() => result.current.restart());
    expect(result.current.phase).toBe('polling');
    await waitFor(() => expect(polls.count).toBeGreaterThan(count + 1));
  });

  it('does nothing without a purchase id', async () => {
    const polls = answerPolls('completed');
    const { result } = renderHookWithProviders(() => usePurchasePolling(null, FAST));
    await settle(100);
    expect(result.current.phase).toBe('idle');
    expect(polls.count).toBe(0);
  });
});
