import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay } from './backoff.ts';

describe('reconnect back-off', () => {
  it('grows exponentially up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffCeiling(attempt))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });

  it('jitters within [ceiling/2, ceiling]', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.999_999)).toBe(4000);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(2, Math.random);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(2000);
    }
  });
});
