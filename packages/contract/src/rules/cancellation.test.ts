import { describe, expect, it } from 'vitest';
import { FREE_CANCEL_HOURS, freeCancelUntil, isFreeCancellation } from './cancellation.ts';

describe('the free-cancellation window', () => {
  const startsAt = new Date('2026-11-22T11:30:00Z');

  it('ends 24 hours before the start, whatever form the start is given in', () => {
    expect(FREE_CANCEL_HOURS).toBe(24);
    expect(freeCancelUntil(startsAt).toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(freeCancelUntil('2026-11-22T14:30:00+03:00').toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(freeCancelUntil(startsAt.getTime()).toISOString()).toBe('2026-11-21T11:30:00.000Z');
  });

  it('counts hours, not calendar days, across a DST change', () => {
    // Berlin moves its clocks forward on 29.03.2026 at 01:00 UTC: still exactly 24 h earlier.
    expect(freeCancelUntil('2026-03-29T08:00:00Z').toISOString()).toBe('2026-03-28T08:00:00.000Z');
  });

  it('is free strictly before the end of the window, not at it or after', () => {
    const until = freeCancelUntil(startsAt).getTime();
    expect(isFreeCancellation(startsAt, until - 1)).toBe(true);
    expect(isFreeCancellation(startsAt, new Date(until - 60_000))).toBe(true);
    expect(isFreeCancellation(startsAt, until)).toBe(false);
    expect(isFreeCancellation(startsAt, until + 1)).toBe(false);
    expect(isFreeCancellation(startsAt, startsAt.getTime() + 1)).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isFreeCancellation(new Date(Date.now() + 25 * 3_600_000))).toBe(true);
    expect(isFreeCancellation(new Date(Date.now() + 23 * 3_600_000))).toBe(false);
  });
});
