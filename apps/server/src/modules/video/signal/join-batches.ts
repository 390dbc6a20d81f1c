import DataLoader from 'dataloader';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import {
  authSessions,
  slots,
  type TSlotRow,
  users,
  videoChatMessages,
  videoParticipants,
} from '../../../db/schema/index.ts';

/**
 * The database work of joins, in batches: when many people join at once (the hour's sessions starting), the joins
 * read in one turn of the event loop share one statement. A join still
 * waits for its own answer, so nothing is decided on stale data and no write is acknowledged before it is stored.
 */
export type TJoinBatches = {
  /**
   * Whether the sign-in behind a socket (its session key) still exists for this user, neither logged out nor past
   * its lifetime or idle limit, marking it used (a call is activity).
   */
  sessionAlive(sessionKey: string, userId: number): Promise<boolean>;
  /** A session and one of its people (null: not a participant), and whether its chat has lines. */
  participant(slotId: number, userId: number): Promise<TJoinRow | null>;
  /**
   * Notes that the person entered the room (the first time is kept); resolves once it is stored, tried again a few
   * times if the database fails. The join does not wait for it; `flush` waits for every record under way.
   */
  recordJoin(slotId: number, userId: number, at: Date): Promise<void>;
  /** Resolves once every join recorded so far is stored (or has failed for good): before reading who joined, and on close. */
  flush(): Promise<void>;
};

/** What the check beside a join needs of the session: who is in it, its status and its time. */
export type TJoinSlot = Pick<
  TSlotRow,
  'id' | 'status' | 'therapistId' | 'clientId' | 'partnerClientId' | 'startsAt' | 'durationMin'
>;

export type TJoinRow = {
  slot: TJoinSlot;
  user: { id: number; role: string; firstName: string; lastName: string; tz: string };
  hasChat: boolean;
};

/** How often a record of who joined is tried (0.4 s, 0.8 s, 1.6 s, 3.2 s apart) before it is given up and logged. */
const RECORD_ATTEMPTS = 5;

/** The largest batch, so one statement stays a reasonable size. */
const MAX_BATCH = 500;

/**
 * How long the check beside the joins (the session's row read again) gathers before its statement goes: the joins
 * of a burst are answered over a few hundred milliseconds, and its statements would take turns with them. It is
 * also how long a person whose session was cancelled after their token was minted stays in the room at most.
 */
const BESIDE_THE_JOIN_MS = 250;

/** Who joined waits longer still: nothing waits for it but the room's time-up and a shutdown (`flush`). */
const AFTER_THE_JOIN_MS = 1_000;

/**
 * A loader with a group commit: a batch is sent at the end of the event loop's turn (or `gatherMs` later, for work
 * that no join waits for), or, while the one before is still running, as soon as that one is done, carrying
 * everything that arrived meanwhile. A burst of joins thus makes a few statements instead of one per join, and a
 * quiet node answers a lone join at once.
 */
function batched<K, V>(load: (keys: readonly K[]) => Promise<V[]>, gatherMs = 0): DataLoader<K, V> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return new DataLoader<K, V>(
    async (keys) => {
      running += 1;
      try {
        return await load(keys);
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        if (running > 0) waiting.push(dispatch);
        else if (gatherMs > 0) setTimeout(dispatch, gatherMs);
        else setImmediate(dispatch);
      },
    },
  );
}

type TJoinKey = { slotId: number; userId: number };
type TJoinRecord = TJoinKey & { at: Date };

type TSessionKey = { sessionKey: string; userId: number };

export function createJoinBatches(ctx: Pick<TAppContext, 'db' | 'config'>): TJoinBatches {
  const sessions = batched<TSessionKey, boolean>(async (keys) => {
    const now = new Date();
    const idleSince = new Date(now.getTime() - ctx.config.SESSION_IDLE_MINUTES * 60_000);
    const touched = await ctx.db
      .update(authSessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          inArray(authSessions.tokenHash, [...new Set(keys.map((key) => key.sessionKey))]),
          gt(authSessions.expiresAt, now),
          gt(authSessions.lastSeenAt, idleSince),
        ),
      )
      .returning({ tokenHash: authSessions.tokenHash, userId: authSessions.userId });
    const owners = new Map(touched.map((row) => [row.tokenHash, row.userId]));
    return keys.map((key) => owners.get(key.sessionKey) === key.userId);
  });

  const participants = batched<TJoinKey, TJoinRow | null>(async (keys) => {
    const slotIds = [...new Set(keys.map((key) => key.slotId))];
    // Each session with each of its people (therapist, client, the couple's partner): one row per person.
    const rows = await ctx.db
      .select({
        // Only what the check reads: a burst reads hundreds of rows, and each column costs to decode.
        slot: {
          id: slots.id,
          status: slots.status,
          therapistId: slots.therapistId,
          clientId: slots.clientId,
          partnerClientId: slots.partnerClientId,
          startsAt: slots.startsAt,
          durationMin: slots.durationMin,
        },
        user: {
          id: users.id,
          role: users.role,
          firstName: users.firstName,
          lastName: users.lastName,
          tz: users.tz,
        },
        hasChat: sql<boolean>`exists (select 1 from ${videoChatMessages} where ${videoChatMessages.slotId} = ${slots.id})`,
      })
      .from(slots)
      .innerJoin(
        users,
        or(eq(users.id, slots.therapistId), eq(users.id, slots.clientId), eq(users.id, slots.partnerClientId)),
      )
      .where(inArray(slots.id, slotIds));
    const byKey = new Map(
      rows.map((row) => [`${row.slot.id}:${row.user.id}`, { ...row, hasChat: Boolean(row.hasChat) }]),
    );
    return keys.map((key) => byKey.get(`${key.slotId}:${key.userId}`) ?? null);
  }, BESIDE_THE_JOIN_MS);

  const pending = new Set<Promise<void>>();
  const joins = batched<TJoinRecord, true>(async (records) => {
    // One row per person and session: a statement may not touch a row twice.
    const merged = new Map<string, { slotId: number; userId: number; first: Date; last: Date }>();
    for (const { slotId, userId, at } of records) {
      const key = `${slotId}:${userId}`;
      const entry = merged.get(key);
      if (!entry) merged.set(key, { slotId, userId, first: at, last: at });
      else {
        if (at < entry.first) entry.first = at;
        if (at > entry.last) entry.last = at;
      }
    }
    await ctx.db
      .insert(videoParticipants)
      .values(
        [...merged.values()].map((entry) => ({
          slotId: entry.slotId,
          userId: entry.userId,
          firstJoinedAt: entry.first,
          lastJoinedAt: entry.last,
        })),
      )
      .onConflictDoUpdate({
        target: [videoParticipants.slotId, videoParticipants.userId],
        set: {
          firstJoinedAt: sql`coalesce(${videoParticipants.firstJoinedAt}, excluded.first_joined_at)`,
          lastJoinedAt: sql`greatest(${videoParticipants.lastJoinedAt}, excluded.last_joined_at)`,
        },
      });
    return records.map(() => true as const);
  }, AFTER_THE_JOIN_MS);

  return {
    sessionAlive: (sessionKey, userId) => sessions.load({ sessionKey, userId }),
    participant: (slotId, userId) => participants.load({ slotId, userId }),
    recordJoin: (slotId, userId, at) => {
      const work = (async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            await joins.load({ slotId, userId, at });
            return;
          } catch (err) {
            if (attempt >= RECORD_ATTEMPTS) throw err;
            await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
          }
        }
      })();
      pending.add(work);
      void work.finally(() => pending.delete(work)).catch(() => undefined);
      return work;
    },
    flush: async () => {
      await Promise.allSettled([...pending]);
    },
  };
}
