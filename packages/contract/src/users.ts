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

/** GET /api/v1/user/me: the client, with the spec §3 "Client" fields. */
export const ZUserMeResponseSchema = ZCurrentUserSchema.extend({
  currency: ZCurrencySchema,
  completed_sessions_count: z.number().int().nonnegative(),
});
export type TUserMeResponse = z.infer<typeof ZUserMeResponseSchema>;
