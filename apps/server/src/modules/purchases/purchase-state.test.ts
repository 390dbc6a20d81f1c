import { describe, expect, it } from 'vitest';
import type { TPaymentEventKind } from '../payment-providers/types.ts';
import { targetStatus } from './purchase-state.ts';

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** Applies events one by one, as webhooks arrive. */
const replay = (kinds: TPaymentEventKind[]) => {
  let status = 'pending' as ReturnType<typeof targetStatus>;
  const seen: TPaymentEventKind[] = [];
  for (const kind of kinds) {
    seen.push(kind);
    status = targetStatus(status, seen);
  }
  return status;
};

describe('purchase state machine', () => {
  it.each([
    [['succeeded'], 'completed'],
    [['failed'], 'pending'],
    [['failed', 'failed', 'succeeded'], 'completed'],
    [['cancelled'], 'cancelled'],
    [['cancelled', 'succeeded'], 'completed'],
    [['succeeded', 'cancelled'], 'completed'],
    [['succeeded', 'failed'], 'completed'],
    [['succeeded', 'refunded'], 'refunded'],
    [['refunded', 'succeeded'], 'refunded'],
    [['ignored'], 'pending'],
  ] as [TPaymentEventKind[], string][])('%j ends %s', (kinds, expected) => {
    expect(replay(kinds)).toBe(expected);
  });

  it('ends in the same state whatever the order and however often events repeat', () => {
    const events: TPaymentEventKind[] = ['failed', 'cancelled', 'succeeded', 'refunded', 'ignored'];
    for (const order of permutations(events)) {
      expect(replay(order)).toBe('refunded');
      expect(replay([...order, ...order])).toBe('refunded');
    }
    for (const order of permutations(['failed', 'cancelled', 'succeeded'] as TPaymentEventKind[])) {
      expect(replay(order)).toBe('completed');
    }
  });

  it('never moves a purchase back', () => {
    expect(targetStatus('completed', ['cancelled', 'failed'])).toBe('completed');
    expect(targetStatus('refunded', ['succeeded'])).toBe('refunded');
    expect(targetStatus('cancelled', [])).toBe('cancelled');
  });
});
