import { ZClientPassStatusSchema, ZPurchaseStatusSchema } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { pgEnumOf } from './contract-enum.ts';
import { therapyTypeEnum } from './slots.ts';
import { therapistTierEnum } from './therapists.ts';
import { currencyEnum, users } from './users.ts';

/** What can be bought: a bundle of sessions of one therapy type with therapists of one tier. Prices in minor units. */
export const passes = pgTable('passes', {
  id: serial('id').primaryKey(),
  tier: therapistTierEnum('tier').notNull(),
  therapyType: therapyTypeEnum('therapy_type').notNull(),
  sessionsCount: integer('sessions_count').notNull(),
  priceRub: integer('price_rub').notNull(),
  priceEur: integer('price_eur').notNull(),
  /** Months a bought pass stays valid. */
  validMonths: integer('valid_months').notNull().default(6),
  active: boolean('active').notNull().default(true),
});

export const clientPassStatusEnum = pgEnumOf('client_pass_status', ZClientPassStatusSchema);

/** A pass a client owns (or is paying for); sessions_left only moves inside transactions. */
export const clientPasses = pgTable(
  'client_passes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    status: clientPassStatusEnum('status').notNull().default('pending_purchase'),
    sessionsTotal: integer('sessions_total').notNull(),
    sessionsLeft: integer('sessions_left').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('client_passes_user_idx').on(t.userId),
    check('client_passes_sessions_left', sql`${t.sessionsLeft} >= 0 and ${t.sessionsLeft} <= ${t.sessionsTotal}`),
  ],
);

export const purchaseStatusEnum = pgEnumOf('purchase_status', ZPurchaseStatusSchema);
export const paymentProviderEnum = pgEnum('payment_provider', ['sandbox', 'stripe', 'cloudpayments']);

/** One payment for one pass. The idempotency key makes a repeated buy return the same purchase. */
export const passPurchases = pgTable(
  'pass_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passId: integer('pass_id')
      .notNull()
      .references(() => passes.id),
    clientPassId: integer('client_pass_id')
      .notNull()
      .references(() => clientPasses.id),
    status: purchaseStatusEnum('status').notNull().default('pending'),
    currency: currencyEnum('currency').notNull(),
    /** Full price and what the client pays after a promo code, in minor units. */
    amount: integer('amount').notNull(),
    amountPaid: integer('amount_paid').notNull(),
    promocodeId: integer('promocode_id'),
    provider: paymentProviderEnum('provider').notNull(),
    paymentMethodKey: text('payment_method_key').notNull(),
    /** The provider's id for the checkout (session id, invoice id). */
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A held slot to book when the payment completes (the onboarding checkout). */
    slotId: integer('slot_id'),
    failureReason: text('failure_reason'),
    /** Where the browser pays (the provider's hosted page); set once per purchase. */
    checkoutUrl: text('checkout_url'),
    /** The provider's id of the payment itself (Stripe payment intent, CloudPayments transaction): refunds name it. */
    providerPaymentId: text('provider_payment_id'),
    /** Why the held slot was not booked when the payment completed (the pass stays active). */
    slotBookingError: text('slot_booking_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pass_purchases_idempotency').on(t.userId, t.idempotencyKey),
    uniqueIndex('pass_purchases_provider_ref').on(t.provider, t.providerRef),
    index('pass_purchases_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every webhook event once: a replay finds its row and changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    provider: paymentProviderEnum('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    purchaseId: integer('purchase_id'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event').on(t.provider, t.eventId)],
);

/** A saved card: only the key, brand and last digits; the provider keeps the rest. Deleting is a state. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentMethodKey: text('payment_method_key').notNull(),
    provider: paymentProviderEnum('provider').notNull(),
    providerToken: text('provider_token'),
    brand: text('brand'),
    cardLast: text('card_last').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_cards_one_live').on(t.userId).where(sql`${t.deletedAt} is null`)],
);

export type TPassRow = typeof passes.$inferSelect;
export type TClientPassRow = typeof clientPasses.$inferSelect;
export type TPurchaseRow = typeof passPurchases.$inferSelect;
