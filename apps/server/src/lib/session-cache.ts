import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { TAuthSessionRow, TUserRow } from '../db/schema/index.ts';

type TCachedAuth = { user: TUserRow; session: TAuthSessionRow };

/**
 * Signed-in sessions kept in memory so a request with a cookie skips the database, without ever
 * serving one that was revoked (design notes in ARCHITECTURE.md, "Session cache").
 *
 * Every session has a generation (`<prefix><token hash>`, a Redis integer when Redis is shared, a
 * number in this process otherwise). Revoking a session or changing what its copy holds (logout,
 * rotation at sign-in, a password or profile change) raises it after the database write; a copy is
 * served only while the generation it was loaded under is still the current one, and a load reads
 * the generation before it reads the database, so a revocation racing a load leaves a copy that is
 * already outdated. With Redis that costs one GET per request (auto-pipelined), on every node alike.
 */
export type TSessionCache = {
  readonly mode: 'redis' | 'local' | 'off';
  /** The generation to load a session under: read it before reading the database. */
  generation(tokenHash: string): Promise<number | null>;
  /** A copy that is still current, or undefined (missing, outdated, or the generation unreadable). */
  get(tokenHash: string): Promise<{ auth: TCachedAuth; generation: number } | undefined>;
  set(tokenHash: string, auth: TCachedAuth, generation: number): void;
  /** Forgets this node's copy only (the database said the session is gone or expired). */
  drop(tokenHash: string): void;
  /** After the database write: every node drops its copies of these sessions. */
  invalidate(tokenHashes: readonly string[]): Promise<void>;
};

const MAX_ENTRIES = 20_000;
// A backstop only: correctness comes from the generations, not from copies ageing out.
const MAX_AGE_MS = 15 * 60_000;

type TEntry = { auth: TCachedAuth; generation: number };

/**
 * `redis` shared by the nodes; without it the cache is kept only when this process is the only one
 * that can revoke a session (`singleNode`: embedded PGlite), and is off otherwise.
 */
export function createSessionCache(options: {
  redis: Redis | null;
  prefix: string;
  singleNode: boolean;
  /** How long a generation key outlives its session at most. */
  sessionLifetimeMs: number;
}): TSessionCache {
  const { redis, prefix } = options;
  const entries = new LRUCache<string, TEntry>({ max: MAX_ENTRIES, ttl: MAX_AGE_MS });

  if (redis) {
    const read = async (tokenHash: string): Promise<number | null> => {
      // Redis away: no copy is trusted, at once rather than after a command timeout.
      if (redis.status !== 'ready') return null;
      try {
        return Number((await redis.get(prefix + tokenHash)) ?? 0);
      } catch {
        // Unreadable generation: no copy is trusted and none is stored; the database answers.
        return null;
      }
    };
    return {
      mode: 'redis',
      generation: read,
      async get(tokenHash) {
        const entry = entries.get(tokenHash);
        if (!entry) return undefined;
        const current = await read(tokenHash);
        if (current === entry.generation) return entry;
        entries.delete(tokenHash);
        return undefined;
      },
      set(tokenHash, auth, generation) {
        entries.set(tokenHash, { auth, generation });
      },
      drop(tokenHash) {
        entries.delete(tokenHash);
      },
      async invalidate(tokenHashes) {
        for (const tokenHash of tokenHashes) entries.delete(tokenHash);
        if (tokenHashes.length === 0) return;
        if (redis.status !== 'ready') throw new Error('session revocation: Redis is not connected');
        // Errors propagate: a revocation the other nodes did not hear of must not look done.
        const pipeline = redis.multi();
        for (const tokenHash of tokenHashes) {
          pipeline.incr(prefix + tokenHash).pexpire(prefix + tokenHash, options.sessionLifetimeMs);
        }
        const results = await pipeline.exec();
        const failed = results?.find(([error]) => error);
        if (!results || failed) throw failed?.[0] ?? new Error('session revocation not written to Redis');
      },
    };
  }

  if (options.singleNode) {
    // One process: a revocation anywhere is seen here at once. One counter for all sessions is enough,
    // since it only decides whether a load that raced a revocation may be kept.
    let epoch = 0;
    return {
      mode: 'local',
      generation: async () => epoch,
      async get(tokenHash) {
        return entries.get(tokenHash);
      },
      set(tokenHash, auth, generation) {
        if (generation === epoch) entries.set(tokenHash, { auth, generation });
      },
      drop(tokenHash) {
        entries.delete(tokenHash);
      },
      async invalidate(tokenHashes) {
        epoch++;
        for (const tokenHash of tokenHashes) entries.delete(tokenHash);
      },
    };
  }

  // Several nodes on one PostgreSQL and nothing to tell each other with: every request asks the database.
  return {
    mode: 'off',
    generation: async () => null,
    get: async () => undefined,
    set: () => {},
    drop: () => {},
    invalidate: async () => {},
  };
}
