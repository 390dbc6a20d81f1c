import { integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { passPurchases } from './passes.ts';
import { currencyEnum } from './users.ts';

/**
 * open: waiting for a card; requires_confirmation: the 3-D Secure step; succeeded and
 * cancelled are final; expired: abandoned past its lifetime.
 */
export const sandboxCheckoutStatusEnum = pgEnum('sandbox_checkout_status', [
  'open',
  'requires_confirmation',
  'succeeded',
  'cancelled',
  'expired',
]);

/** The sandbox provider's own checkout sessions: what a real provider would keep on its side. */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: serial('id').primaryKey(),
    /** The unguessable part of the checkout page's address. */
    token: text('token').notNull(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => passPurchases.id),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    description: text('description').notNull(),
    returnUrl: text('return_url').notNull(),
    status: sandboxCheckoutStatusEnum('status').notNull().default('open'),
    cardLast: text('card_last'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_checkouts_token').on(t.token),
    uniqueIndex('sandbox_checkouts_purchase').on(t.purchaseId),
  ],
);

export type TSandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;
