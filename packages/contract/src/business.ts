import { z } from 'zod';

export const ZBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  years: z.array(z.number().int()),
});
export type TBusiness = z.infer<typeof ZBusinessSchema>;

/** GET /api/v1/business_accounts/current_business_account */
export const ZCurrentBusinessAccountSchema = z.object({
  hashid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tz: z.string(),
  businesses: z.array(ZBusinessSchema),
});
export type TCurrentBusinessAccount = z.infer<typeof ZCurrentBusinessAccountSchema>;
