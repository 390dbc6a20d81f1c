import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    accountUserId: integer('account_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    startedOn: date('started_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('businesses_account_idx').on(t.accountUserId)],
);

/** A member of a business's staff; the client account appears once the employee signs up. */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    promocodesBlocked: boolean('promocodes_blocked').notNull().default(false),
    joinedOn: date('joined_on').notNull(),
    leftOn: date('left_on'),
  },
  (t) => [
    uniqueIndex('employees_business_email_unique').on(t.businessId, sql`lower(${t.email})`),
    index('employees_user_idx').on(t.userId),
  ],
);
