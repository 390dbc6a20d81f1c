import { z } from 'zod';

/** The client's promo code as checkout shows it (spec §3 "Onboarding checkout data": promocode). */
export const ZPromocodeStateSchema = z.object({
  active: z.boolean(),
  description: z.string().nullable(),
});
export type TPromocodeState = z.infer<typeof ZPromocodeStateSchema>;

/** GET and POST /api/v1/user/promocode: the applied code, if any and still usable. */
export const ZUserPromocodeSchema = ZPromocodeStateSchema.extend({
  code: z.string().nullable(),
});
export type TUserPromocode = z.infer<typeof ZUserPromocodeSchema>;

/** POST /api/v1/user/promocode */
export const ZApplyPromocodeRequestSchema = z.object({
  code: z
    .string({ error: 'Введите промокод' })
    .trim()
    .min(1, { error: 'Введите промокод' })
    .max(64, { error: 'Слишком длинный промокод' }),
});
export type TApplyPromocodeRequest = z.infer<typeof ZApplyPromocodeRequestSchema>;
