import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  it('allows the burst at once, then the rate', () => {
    let clock = 0;
    const limiter = createRateLimiter(30, 60, () => clock);
    const taken = Array.from({ length: 70 }, () => limiter.take()).filter(Boolean).length;
    expect(taken).toBe(60);
    clock += 1000;
    expect(Array.from({ length: 40 }, () => limiter.take()).filter(Boolean).length).toBe(30);
    clock += 100;
    expect(Array.from({ length: 10 }, () => limiter.take()).filter(Boolean).length).toBe(3);
  });
});
