import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencyEnum, users } from './users.ts';

export const promocodeKindEnum = pgEnum('promocode_kind', ['percent', 'fixed']);

/** A code lowering a price: a percentage, or a fixed amount in one currency's minor units. */
export const promocodes = pgTable(
  'promocodes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: promocodeKindEnum('kind').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    /** Only for purchases in this currency (required for fixed amounts). */
    currency: currencyEnum('currency'),
    description: text('description').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptionsCount: integer('redemptions_count').notNull().default(0),
    perUserLimit: integer('per_user_limit').notNull().default(1),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('promocodes_code_unique').on(sql`upper(${t.code})`),
    check('promocodes_percent', sql`${t.percentOff} is null or (${t.percentOff} between 1 and 100)`),
    check('promocodes_redemptions', sql`${t.maxRedemptions} is null or ${t.redemptionsCount} <= ${t.maxRedemptions}`),
  ],
);

/** The code a client has applied and not yet used; one at a time. */
export const appliedPromocodes = pgTable('applied_promocodes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  promocodeId: integer('promocode_id')
    .notNull()
    .references(() => promocodes.id),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TPromocodeRow = typeof promocodes.$inferSelect;
