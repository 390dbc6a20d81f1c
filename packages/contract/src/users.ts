import { z } from 'zod';
import { ZLanguageSchema } from './language.ts';
import { ZRoleSchema } from './roles.ts';
import { CURRENCIES } from './rules/currency.ts';

export const ZCurrencySchema = z.enum(CURRENCIES);
export type { TCurrency } from './rules/currency.ts';

/** The signed-in user as every role sees it (spec §3 "Current user"). */
export const ZCurrentUserSchema = z.object({
  hashid: z.string(),
  role: ZRoleSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tz: z.string(),
  signed_up: z.boolean(),
  /** The interface language the user saved (PUT /api/v1/user/language); null until they choose one. */
  language: ZLanguageSchema.nullish(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

/** GET /api/v1/user/me: the signed-in client with their currency (the whole spec §3 Client, with payment_info, is GET /api/v1/user/card). */
export const ZUserMeResponseSchema = ZCurrentUserSchema.extend({
  currency: ZCurrencySchema,
  completed_sessions_count: z.number().int().nonnegative(),
});
export type TUserMeResponse = z.infer<typeof ZUserMeResponseSchema>;

/**
 * GET /api/v1/visitor/geo (spec §7): what the external IP-information service says of the visitor's address, to
 * preselect currency and time zone. Nulls when it is not configured, does not answer in time, or does not know.
 */
export const ZVisitorGeoSchema = z.object({
  /** ISO 3166-1 alpha-2, upper case ('RU'). */
  country: z.string().nullable(),
  /** An IANA zone ('Europe/Moscow'). */
  time_zone: z.string().nullable(),
  /** The currency for that country (euros in the euro area, roubles elsewhere); null when the country is unknown. */
  currency: ZCurrencySchema.nullable(),
});
export type TVisitorGeo = z.infer<typeof ZVisitorGeoSchema>;
