import { z } from 'zod';
import { CAPTCHA_PROVIDERS } from './rules/captcha.ts';
import { ZCurrentUserSchema } from './users.ts';

/** `window.App`: what the server renders into every page (DESIGN.md, Web). */
export const ZAppGlobalSchema = z.object({
  env: z.string(),
  user: ZCurrentUserSchema.nullable(),
  csrf_token: z.string().nullable(),
  sentry_dsn: z.string().nullable().optional(),
  /** The captcha plugin when enabled (spec §2: optional): its provider, public site key, and reCAPTCHA's recaptcha.net. */
  captcha: z
    .object({ provider: z.enum(CAPTCHA_PROVIDERS), site_key: z.string(), china_friendly: z.boolean() })
    .nullable()
    .optional(),
});
export type TAppGlobal = z.infer<typeof ZAppGlobalSchema>;
