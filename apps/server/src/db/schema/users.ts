import { ZCurrencySchema, ZRoleSchema } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgEnumOf } from './contract-enum.ts';

export const roleEnum = pgEnumOf('role', ZRoleSchema);
export const currencyEnum = pgEnumOf('currency', ZCurrencySchema);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    tz: text('tz').notNull().default('Europe/Moscow'),
    signedUp: boolean('signed_up').notNull().default(false),
    currency: currencyEnum('currency').notNull().default('rub'),
    /** The interface language the user chose ('ru' | 'en'); null until they choose, then Accept-Language decides. */
    language: text('language'),
    /** Version of the personal and health data consent text the client accepted, and when. */
    consentVersion: text('consent_version'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the client deleted their account (modules/erasure): the row stays as a pseudonym that the
     * kept records (sessions, payments, the audit trail) point to, with every personal field erased.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_role_idx').on(t.role)],
);

export type TUserRow = typeof users.$inferSelect;
