import { bigserial, index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per user whose cached reads a committed write made outdated (user 0: everyone's), written by
 * the triggers of migration 0016 in the writing transaction itself, so no write path can forget it.
 * Append-only, so writers never wait on each other here; lib/read-cache.ts compares a user's rows
 * (count and sum of `seq`) before serving a cached read. Rows older than an hour are pruned.
 */
export const readChanges = pgTable(
  'read_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('read_changes_user_idx').on(t.userId, t.seq), index('read_changes_at_idx').on(t.at)],
);
