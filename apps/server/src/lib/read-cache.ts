import { LRUCache } from 'lru-cache';
import type { TDatabase } from '../db/client.ts';
import type { TUserRow } from '../db/schema/index.ts';

/**
 * How long a cached answer may be served at most. Every write is seen at once (below); this bounds only
 * what an answer shows by the clock alone, a hold running out or a session starting, which may be this late.
 */
export const READ_CACHE_MAX_AGE_MS = 2_000;
const MAX_ENTRIES = 5_000;

// The rows the triggers of migration 0016 wrote for this user and for everyone (user 0), in the reader's
// snapshot. Rows are only added, and pruned only once an hour old, so any committed write changes the pair.
const VERSION_SQL = `select count(*)::int as n, coalesce(sum(seq), 0)::text as s from read_changes where user_id in (0, $1)`;

type TEntry = { value: unknown; version: string; at: number; user: TUserRow };

/**
 * A signed-in user's hot reads (the dashboard, passes, sessions, their profile) answered from memory while
 * nothing they show has changed (design notes in ARCHITECTURE.md, "Read cache"). Exact on every node: the
 * database triggers note each committed write in `read_changes` in the writing transaction, and a copy is
 * served only while the user's notes are what they were when it was loaded; checking costs one indexed
 * statement instead of the read's own. A copy also belongs to the user row it was loaded for (the session
 * cache's copy): a changed user is loaded anew, so it is never served from what the old row said.
 */
export type TReadCache = {
  read<T>(user: TUserRow, key: string, load: () => Promise<T>): Promise<T>;
};

/** Frozen, so no hook or handler can change the copy the next request gets. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

export function createReadCache(
  database: Pick<TDatabase, 'prepared'>,
  options: { maxAgeMs?: number; sessionsCached?: boolean } = {},
): TReadCache {
  const { maxAgeMs = READ_CACHE_MAX_AGE_MS, sessionsCached = true } = options;
  // Without a session cache every request brings a new user row, so no copy could ever be served:
  // the check would be one more statement per read for nothing.
  if (!sessionsCached) return { read: (_user, _key, load) => load() };
  const entries = new LRUCache<string, TEntry>({ max: MAX_ENTRIES, ttl: maxAgeMs });
  const versionOf = async (userId: number) => {
    const [row] = await database.prepared<{ n: number; s: string }>('read_version', VERSION_SQL, [userId]);
    return `${row?.n}:${row?.s}`;
  };
  return {
    async read(user, key, load) {
      const cacheKey = `${user.id} ${key}`;
      // Read before the answer is loaded: a write committing meanwhile leaves a copy that is already outdated.
      const version = await versionOf(user.id);
      const entry = entries.get(cacheKey);
      const now = performance.now();
      if (entry && entry.user === user && entry.version === version && now - entry.at < maxAgeMs) {
        return entry.value as Awaited<ReturnType<typeof load>>;
      }
      const value = deepFreeze(await load());
      entries.set(cacheKey, { value, version, at: now, user });
      return value;
    },
  };
}

/** Removes notes an hour old: every copy loaded before them has aged out long since. */
export async function pruneReadChanges(database: Pick<TDatabase, 'prepared'>): Promise<void> {
  await database.prepared('prune_read_changes', `delete from read_changes where at < now() - interval '1 hour'`, []);
}
