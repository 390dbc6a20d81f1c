/** A token bucket: `rate` messages a second on average, `burst` at once. */
export function createRateLimiter(rate: number, burst: number, now: () => number = performance.now.bind(performance)) {
  let tokens = burst;
  let last = now();
  return {
    /** Takes one token; false when the bucket is empty. */
    take(): boolean {
      const t = now();
      tokens = Math.min(burst, tokens + ((t - last) / 1000) * rate);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
