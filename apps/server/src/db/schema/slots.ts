import { ZSlotStatusSchema, ZTherapyTypeSchema } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgEnumOf } from './contract-enum.ts';
import { users } from './users.ts';

export const therapyTypeEnum = pgEnumOf('therapy_type', ZTherapyTypeSchema);
/**
 * held: kept for the client during checkout until hold_expires_at; booked; completed;
 * cancelled (in time, the session goes back to the pass); late_cancelled (spent);
 * missed; rescheduled (replaced by the slot that points back to it); expired (a hold that lapsed).
 */
export const slotStatusEnum = pgEnumOf('slot_status', ZSlotStatusSchema);

/** Statuses that occupy the therapist's time; the exclusion constraint (migration) applies to these. */
export const LIVE_SLOT_STATUSES = ['held', 'booked', 'completed'] as const;

/** A session at a fixed time ("slot" in the spec). Nothing is deleted: every change is a status. */
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
    /** The second client of a couple session, joining the call from their own device. */
    partnerClientId: integer('partner_client_id').references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMin: integer('duration_min').notNull().default(50),
    /** End of the session plus the therapist's buffer: the time no other session may touch. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    therapyType: therapyTypeEnum('therapy_type').notNull().default('single'),
    status: slotStatusEnum('status').notNull().default('booked'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The client pass this session is paid from (null for employer-paid or historic sessions). */
    clientPassId: integer('client_pass_id'),
    rescheduledFromId: integer('rescheduled_from_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('slots_client_idx').on(t.clientId, t.startsAt),
    index('slots_therapist_idx').on(t.therapistId, t.startsAt),
    // The therapist's sessions grouped by client in start order: the clients list and the metrics
    // (bench/therapist-stats.ts) read it instead of sorting all of the therapist's sessions.
    index('slots_therapist_client_idx').on(t.therapistId, t.clientId, t.startsAt),
    index('slots_partner_idx').on(t.partnerClientId, t.startsAt).where(sql`${t.partnerClientId} is not null`),
    check('slots_partner_not_client', sql`${t.partnerClientId} <> ${t.clientId}`),
    // A session and its buffer fit in a day: reads bound their index ranges by it (a session not yet
    // over started less than a day ago; one overlapping [from, to) started after from minus a day).
    check(
      'slots_within_a_day',
      sql`${t.durationMin} between 1 and 1440 and ${t.blockedUntil} <= ${t.startsAt} + interval '1 day'`,
    ),
    index('slots_held_idx').on(t.holdExpiresAt).where(sql`${t.status} = 'held'`),
    // A client holds at most one time at once: a new hold releases the previous one in its transaction.
    uniqueIndex('slots_one_hold_per_client').on(t.clientId).where(sql`${t.status} = 'held'`),
  ],
);

export type TSlotRow = typeof slots.$inferSelect;
