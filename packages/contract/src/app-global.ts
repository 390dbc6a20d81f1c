import { z } from 'zod';
import { ZCurrentUserSchema } from './users.ts';

/** `window.App`: what the server renders into every page (DESIGN.md, Web). */
export const ZAppGlobalSchema = z.object({
  env: z.string(),
  user: ZCurrentUserSchema.nullable(),
  csrf_token: z.string().nullable(),
  sentry_dsn: z.string().nullable().optional(),
  captcha: z.object({ site_key: z.string(), china_friendly: z.boolean() }).nullable().optional(),
});
export type TAppGlobal = z.infer<typeof ZAppGlobalSchema>;
