import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const therapyTypeEnum = pgEnum('therapy_type', ['single', 'couple']);
export const slotStatusEnum = pgEnum('slot_status', ['booked', 'completed', 'cancelled', 'missed']);

/** A booked session at a fixed time ("slot" in the spec). Cancelled ones stay as a state. */
export const slots = pgTable(
  'slots',
  {
    id: serial('id').primaryKey(),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMin: integer('duration_min').notNull().default(50),
    therapyType: therapyTypeEnum('therapy_type').notNull().default('single'),
    status: slotStatusEnum('status').notNull().default('booked'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A therapist cannot hold two live sessions at one start time: the database refuses the second.
    uniqueIndex('slots_therapist_start_live').on(t.therapistId, t.startsAt).where(sql`${t.status} <> 'cancelled'`),
    index('slots_client_idx').on(t.clientId, t.startsAt),
  ],
);
