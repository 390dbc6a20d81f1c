import { z } from 'zod';
import { ZPromocodeStateSchema } from './promocodes.ts';
import { ZTherapistTierSchema, ZTherapyTypeSchema } from './signup.ts';
import { ZCurrencySchema } from './users.ts';

/** One offer of the catalog, priced in the client's currency; amounts are minor units (kopecks, cents). */
export const ZPassOfferSchema = z.object({
  id: z.string(),
  tier: ZTherapistTierSchema,
  therapy_type: ZTherapyTypeSchema,
  sessions_count: z.number().int().positive(),
  currency: ZCurrencySchema,
  price: z.number().int().nonnegative(),
  /** The price after the client's applied promo code; equal to price without one. */
  discount_price: z.number().int().nonnegative(),
  price_per_session: z.number().int().nonnegative(),
  /** Months a bought pass stays valid. */
  valid_months: z.number().int().positive(),
});
export type TPassOffer = z.infer<typeof ZPassOfferSchema>;

export const ZClientPassStatusSchema = z.enum([
  'pending_purchase',
  'active',
  'used_up',
  'expired',
  'cancelled',
  'refunded',
]);
export type TClientPassStatus = z.infer<typeof ZClientPassStatusSchema>;

/** A pass the client owns or is paying for. */
export const ZClientPassSchema = z.object({
  id: z.string(),
  pass_id: z.string(),
  tier: ZTherapistTierSchema,
  therapy_type: ZTherapyTypeSchema,
  status: ZClientPassStatusSchema,
  sessions_total: z.number().int(),
  sessions_left: z.number().int(),
  activated_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type TClientPass = z.infer<typeof ZClientPassSchema>;

/**
 * The therapist the client has chosen (the one of a held time, else of the next session, else of the last held one),
 * with the tier a pass must have to pay for their sessions.
 */
export const ZPassTherapistSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tier: ZTherapistTierSchema,
});
export type TPassTherapist = z.infer<typeof ZPassTherapistSchema>;

/** GET /api/v1/user/passes: the catalog in the client's currency and the client's own passes, newest first. */
export const ZPassesResponseSchema = z.object({
  currency: ZCurrencySchema,
  passes: z.array(ZPassOfferSchema),
  client_passes: z.array(ZClientPassSchema),
  promocode: ZPromocodeStateSchema,
  /** A pass pays only for sessions with therapists of its tier: the one this client's therapist needs, if any. */
  therapist: ZPassTherapistSchema.nullable(),
});
export type TPassesResponse = z.infer<typeof ZPassesResponseSchema>;

export const ZPassParamsSchema = z.object({ id: z.string().max(32) });

/**
 * GET /api/v1/user/pass_status (spec §3 "Pass status"): pending_purchase while the newest
 * purchase is unpaid, otherwise active when a pass has sessions left.
 */
export const ZPassStatusSchema = z.object({
  status: z.enum(['active', 'pending_purchase', 'used_up', 'expired', 'none']),
  pass_purchase: z.object({ id: z.string() }).nullable(),
  /** Sessions left over all active passes. */
  sessions_left: z.number().int().nonnegative(),
  /** When the active pass that runs out first expires. */
  expires_at: z.string().nullable(),
});
export type TPassStatus = z.infer<typeof ZPassStatusSchema>;
