import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every dedupe key ever scheduled, with the pg-boss job it made (lib/jobs.ts). Written in the
 * same transaction as the job, and kept after pg-boss deletes finished jobs, so a key scheduled
 * again (a retried request, a replayed webhook) never makes a second job.
 */
export const jobKeys = pgTable('job_keys', {
  dedupeKey: text('dedupe_key').primaryKey(),
  kind: text('kind').notNull(),
  jobId: uuid('job_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
