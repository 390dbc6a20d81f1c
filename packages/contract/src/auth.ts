import { z } from 'zod';
import { ZRoleSchema } from './roles.ts';
import { ZCurrencySchema, ZCurrentUserSchema } from './users.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
/** Version of the consent text a client accepts at sign-up; bump it when the text changes. */
export const CONSENT_VERSION = '2026-11-01';

const email = z
  .string({ error: 'Укажите e-mail' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'Слишком длинный e-mail' })
  .pipe(z.email({ error: 'Укажите корректный e-mail' }));

export const ZSignInRequestSchema = z.object({
  email,
  password: z.string({ error: 'Укажите пароль' }).min(1, { error: 'Укажите пароль' }).max(PASSWORD_MAX_LENGTH),
  /** The role of the sign-in page used: an account of another role is refused (403) and sent to its own page. */
  role: ZRoleSchema.optional(),
  /** The captcha widget's token, once the server has asked for one (`captcha_required`, after repeated failures). */
  captcha_token: z.string().max(8192).optional(),
});
export type TSignInRequest = z.infer<typeof ZSignInRequestSchema>;

export const ZSignUpRequestSchema = z.object({
  email,
  password: z
    .string({ error: 'Укажите пароль' })
    .min(PASSWORD_MIN_LENGTH, { error: `Пароль должен быть не короче ${PASSWORD_MIN_LENGTH} символов` })
    .max(PASSWORD_MAX_LENGTH, { error: `Пароль должен быть не длиннее ${PASSWORD_MAX_LENGTH} символов` }),
  first_name: z.string({ error: 'Укажите имя' }).trim().min(1, { error: 'Укажите имя' }).max(100),
  tz: z.string().max(64).optional(),
  /** The currency the client will pay in, preselected on the form from the visitor's country or browser language. */
  currency: ZCurrencySchema.optional(),
  consent: z.literal(true, { error: 'Нужно согласие на обработку персональных данных и данных о здоровье' }),
  consent_version: z.string().max(32).optional(),
  /**
   * Signing up through an employer's invitation: whether the employer may see this person's usage
   * (session counts and money, never anything clinical). Absent or false: it may not.
   */
  share_usage_with_employer: z.boolean().optional(),
  /** The captcha widget's token: required when the captcha plugin is enabled. */
  captcha_token: z.string().max(8192).optional(),
});
export type TSignUpRequest = z.infer<typeof ZSignUpRequestSchema>;

export const ZSignInResponseSchema = z.object({
  user: ZCurrentUserSchema,
  csrf_token: z.string(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponseSchema>;

export const ZLogoutResponseSchema = z.object({ redirect_to: z.string() });
export type TLogoutResponse = z.infer<typeof ZLogoutResponseSchema>;

/** Body of the business logout: the CSRF token travels as a form field (spec §7). */
export const ZBusinessLogoutBodySchema = z.object({ authenticity_token: z.string().optional() }).passthrough();
