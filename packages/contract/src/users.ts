import { z } from 'zod';
import { ZRoleSchema } from './roles.ts';

export const ZCurrencySchema = z.enum(['rub', 'eur']);
export type TCurrency = z.infer<typeof ZCurrencySchema>;

/** The signed-in user as every role sees it (spec §3 "Current user"). */
export const ZCurrentUserSchema = z.object({
  hashid: z.string(),
  role: ZRoleSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tz: z.string(),
  signed_up: z.boolean(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUserSchema>;

/** GET /api/v1/user/me: the client, with the spec §3 "Client" fields. */
export const ZUserMeResponseSchema = ZCurrentUserSchema.extend({
  currency: ZCurrencySchema,
  completed_sessions_count: z.number().int().nonnegative(),
});
export type TUserMeResponse = z.infer<typeof ZUserMeResponseSchema>;
