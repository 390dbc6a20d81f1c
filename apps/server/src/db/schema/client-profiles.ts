import { integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { therapyTypeEnum } from './slots.ts';
import { users } from './users.ts';

export type TClientPreferences = {
  therapist_sex?: 'female' | 'male' | 'any';
  therapist_age?: { min?: number; max?: number };
  language_ids?: string[];
  price_tiers?: ('standard' | 'senior' | 'expert')[];
  method_codes?: string[];
};

/** The sign-up answers, saved step by step (spec §7 signup/profile and signup/questions). */
export const clientProfiles = pgTable('client_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  therapyType: therapyTypeEnum('therapy_type'),
  age: integer('age'),
  topicCodes: jsonb('topic_codes').$type<string[]>().notNull().default([]),
  preferences: jsonb('preferences').$type<TClientPreferences>().notNull().default({}),
  /** The step the client reached, so a reload resumes there. */
  step: text('step').notNull().default('profile'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The latest ranking for a client, with a readable reason per therapist. */
export const therapistSuggestions = pgTable(
  'therapist_suggestions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id),
    rank: integer('rank').notNull(),
    score: real('score').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('therapist_suggestions_user_therapist').on(t.userId, t.therapistId)],
);
