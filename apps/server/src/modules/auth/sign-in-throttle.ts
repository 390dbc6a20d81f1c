import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sha256 } from '../../lib/tokens.ts';

/**
 * Failed sign-ins per account, with a growing wait between attempts: after `freeFailures`
 * failures each attempt must wait `baseMs · 2^(failures − freeFailures)`, at most `maxMs`.
 * Never a lockout: once the wait is over one attempt goes through, and the right password
 * then signs in and clears the count. While an attempt is under way the next one waits the
 * same time again, so parallel guesses cannot slip through one opening. The count is
 * forgotten a day after the last failure.
 */
export type TSignInThrottleRule = { freeFailures: number; baseMs: number; maxMs: number };

export type TSignInThrottle = {
  /** 0 when an attempt may go ahead now (the turn is taken), else the milliseconds to wait. */
  take(email: string, now: number): Promise<number>;
  failed(email: string, now: number): Promise<void>;
  /** The account's failed attempts counted now (the captcha is asked for after a number of them). */
  failures(email: string, now: number): Promise<number>;
  succeeded(email: string): Promise<void>;
};

const FORGET_AFTER_MS = 24 * 3_600_000;

export function delayAfter(failures: number, rule: TSignInThrottleRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.baseMs * 2 ** Math.min(failures - rule.freeFailures, 40), rule.maxMs);
}

/** The key of an account: a hash of the e-mail, so the store holds no addresses. */
const keyOf = (email: string) => sha256(`sign-in.${email.trim().toLowerCase()}`);

type TState = { failures: number; until: number; touched: number };

/** One process's counts: without Redis, and while Redis is unreachable. */
function createMemoryThrottle(rule: TSignInThrottleRule): TSignInThrottle {
  const states = new Map<string, TState>();
  const stateOf = (key: string, now: number): TState => {
    const state = states.get(key);
    if (state && now - state.touched < FORGET_AFTER_MS) return state;
    if (states.size > 100_000) {
      for (const [k, s] of states) if (now - s.touched >= FORGET_AFTER_MS) states.delete(k);
    }
    const fresh = { failures: 0, until: 0, touched: now };
    states.set(key, fresh);
    return fresh;
  };
  return {
    async take(email, now) {
      const state = stateOf(keyOf(email), now);
      if (now < state.until) return state.until - now;
      const hold = delayAfter(state.failures, rule);
      if (hold > 0) state.until = now + hold;
      return 0;
    },
    async failed(email, now) {
      const state = stateOf(keyOf(email), now);
      state.failures += 1;
      state.touched = now;
      state.until = now + delayAfter(state.failures, rule);
    },
    async failures(email, now) {
      const state = states.get(keyOf(email));
      return state && now - state.touched < FORGET_AFTER_MS ? state.failures : 0;
    },
    async succeeded(email) {
      states.delete(keyOf(email));
    },
  };
}

// The same rule as `delayAfter`, atomically in Redis: hash fields f (failures) and u (wait until).
const DELAY = `
local function delay(f, free, base, max)
  if f < free then return 0 end
  return math.min(base * 2 ^ math.min(f - free, 40), max)
end`;
const TAKE = `${DELAY}
local f = tonumber(redis.call('hget', KEYS[1], 'f') or '0')
local u = tonumber(redis.call('hget', KEYS[1], 'u') or '0')
local now = tonumber(ARGV[1])
if now < u then return u - now end
local hold = delay(f, tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]))
if hold > 0 then
  redis.call('hset', KEYS[1], 'u', now + hold)
  redis.call('pexpire', KEYS[1], ARGV[5])
end
return 0`;
const FAILED = `${DELAY}
local f = redis.call('hincrby', KEYS[1], 'f', 1)
local now = tonumber(ARGV[1])
redis.call('hset', KEYS[1], 'u', now + delay(f, tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])))
redis.call('pexpire', KEYS[1], ARGV[5])
return f`;

/**
 * Counts shared by every node through Redis; should Redis fail, this process's own counts
 * stand in (logged), so sign-in keeps working and stays limited.
 */
export function createSignInThrottle(
  rule: TSignInThrottleRule,
  o: { redis: Redis | null; prefix: string; log: FastifyBaseLogger },
): TSignInThrottle {
  const memory = createMemoryThrottle(rule);
  const { redis } = o;
  if (!redis) return memory;
  const args = (now: number) => [now, rule.freeFailures, rule.baseMs, rule.maxMs, FORGET_AFTER_MS];
  const key = (email: string) => `${o.prefix}sign-in:${keyOf(email)}`;
  const orMemory = async <T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> => {
    try {
      return await shared();
    } catch (err) {
      o.log.warn({ err }, 'sign-in throttle: Redis failed, counting in this process');
      return local();
    }
  };
  return {
    take: (email, now) =>
      orMemory(
        async () => Number(await redis.eval(TAKE, 1, key(email), ...args(now))),
        () => memory.take(email, now),
      ),
    failed: (email, now) =>
      orMemory(
        async () => {
          await redis.eval(FAILED, 1, key(email), ...args(now));
        },
        () => memory.failed(email, now),
      ),
    failures: (email, now) =>
      orMemory(
        async () => Number((await redis.hget(key(email), 'f')) ?? 0),
        () => memory.failures(email, now),
      ),
    succeeded: (email) =>
      orMemory(
        async () => {
          await redis.del(key(email));
        },
        () => memory.succeeded(email),
      ),
  };
}
