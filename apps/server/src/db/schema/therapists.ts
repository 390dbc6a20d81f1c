import { boolean, date, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const curators = pgTable('curators', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  link: text('link'),
});

export type TEducation = { title: string; institution: string; year: number };
/** Genom answers keyed by field code (see contract genom groups); arrays hold taxonomy labels or codes. */
export type TGenomAnswers = Record<string, string | boolean | string[] | null>;

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
});

export type TTherapistRow = typeof therapists.$inferSelect;
