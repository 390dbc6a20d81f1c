import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A client's «Скачать мои данные» archive (a ZIP with the JSON of everything held about them and a
 * readable summary), built by a background job and kept 7 days in the file store, then deleted.
 * The row stays as `expired` so the page can say what happened to the archive.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** queued → building → ready → expired, or failed. */
    status: text('status').notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    /** The archive in the file store (lib/file-store.ts); null until ready and after it is deleted. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    /** Seven days after it is ready; the download refuses it from then and the sweep deletes the file. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    // One archive in the making per client: a second request meets this and gets the running one back.
    uniqueIndex('data_exports_one_running').on(t.userId).where(sql`${t.status} in ('queued', 'building')`),
    index('data_exports_expiry_idx').on(t.expiresAt).where(sql`${t.fileKey} is not null`),
    check('data_exports_status', sql`${t.status} in ('queued', 'building', 'ready', 'expired', 'failed')`),
  ],
);

export type TDataExportRow = typeof dataExports.$inferSelect;
