import { ZTherapistTierSchema } from '@therapy/contract';
import { boolean, date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { pgEnumOf } from './contract-enum.ts';
import { users } from './users.ts';

export const curators = pgTable('curators', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  link: text('link'),
});

/**
 * One education entry. The seed's older entries carry only title, institution and year; the rest is
 * read with defaults (`modules/therapist-profile/education-entries.ts`).
 */
export type TEducation = {
  title: string;
  institution: string;
  year: number;
  id?: string;
  kind?: 'degree' | 'course' | 'certificate';
  /** A row of `therapist_files`. */
  documentId?: number | null;
  verification?: 'pending' | 'verified' | 'rejected';
};
/** Genom answers keyed by field code (see contract genom groups); arrays hold taxonomy labels or codes. */
export type TGenomAnswers = Record<string, string | boolean | string[] | null>;

/** Price category: passes are sold per tier, so a pass fits every therapist of its tier. */
export const therapistTierEnum = pgEnumOf('therapist_tier', ZTherapistTierSchema);

export const therapists = pgTable('therapists', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  female: boolean('female').notNull(),
  videoProfile: text('video_profile'),
  videoaskLink: text('videoask_link'),
  avatarThumb: text('avatar_thumb'),
  avatarLarge: text('avatar_large'),
  curatorId: integer('curator_id').references(() => curators.id),
  mustSignAgreement: boolean('must_sign_agreement').notNull().default(false),
  mustSignContract: boolean('must_sign_contract').notNull().default(false),
  education: jsonb('education').$type<TEducation[]>().notNull().default([]),
  practiceStart: date('practice_start'),
  single: boolean('single').notNull().default(true),
  couple: boolean('couple').notNull().default(false),
  genom: jsonb('genom').$type<TGenomAnswers>().notNull().default({}),
  tier: therapistTierEnum('tier').notNull().default('standard'),
  /** Length of one session and the pause kept after it, in minutes. */
  sessionMinutes: integer('session_minutes').notNull().default(50),
  bufferMinutes: integer('buffer_minutes').notNull().default(10),
  /** Whether new clients can find and book this therapist. */
  acceptingClients: boolean('accepting_clients').notNull().default(true),
  /** When the therapist last dismissed the genom-alert notice; it stays away for a while (spec §4). */
  genomAlertDismissedAt: timestamp('genom_alert_dismissed_at', { withTimezone: true }),
  /**
   * The secret of the private calendar feed URL (`/api/v1/calendar/<token>.ics`); made on first
   * read, replaced on reset so the old URL stops working. Kept readable: the URL is shown again.
   */
  calendarFeedToken: text('calendar_feed_token').unique('therapists_calendar_feed_token_key'),
});

export type TTherapistRow = typeof therapists.$inferSelect;
