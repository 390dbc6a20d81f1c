import { ZAvailabilityExceptionKindSchema } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint } from 'drizzle-orm/pg-core';
import { pgEnumOf } from './contract-enum.ts';
import { users } from './users.ts';

/**
 * Weekly working hours in the therapist's own time zone: weekday 0 is Monday (spec §9),
 * minutes from local midnight.
 */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: serial('id').primaryKey(),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('availability_rules_therapist_idx').on(t.therapistId),
    check('availability_rules_weekday', sql`${t.weekday} between 0 and 6`),
    check(
      'availability_rules_window',
      sql`0 <= ${t.startMinute} and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
  ],
);

export const availabilityExceptionKindEnum = pgEnumOf('availability_exception_kind', ZAvailabilityExceptionKindSchema);

/** A day off (no minutes) or extra hours on one local date, overriding the weekly rules. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: serial('id').primaryKey(),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    onDate: date('on_date').notNull(),
    kind: availabilityExceptionKindEnum('kind').notNull(),
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
  },
  (t) => [index('availability_exceptions_therapist_idx').on(t.therapistId, t.onDate)],
);
