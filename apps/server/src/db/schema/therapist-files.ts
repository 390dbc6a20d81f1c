import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { therapists } from './therapists.ts';

/** Files a therapist uploaded (education documents): the bytes live in the file store under `key`. */
export const therapistFiles = pgTable(
  'therapist_files',
  {
    id: serial('id').primaryKey(),
    therapistUserId: integer('therapist_user_id')
      .notNull()
      .references(() => therapists.userId, { onDelete: 'cascade' }),
    key: text('key').notNull().unique(),
    /** The name the file had on the therapist's computer, shown back to them. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('therapist_files_therapist_idx').on(t.therapistUserId)],
);

export type TTherapistFileRow = typeof therapistFiles.$inferSelect;
