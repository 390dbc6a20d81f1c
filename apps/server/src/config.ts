import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const ZConfigSchema = z.object({
  APP_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: bool.default(true),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(14 * 24),
  /** Shuffled alphabet for public ids; set your own in production so ids cannot be decoded by others. */
  SQIDS_ALPHABET: z.string().min(16).default('k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt'),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  SIGN_UP_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** sandbox: our own test checkout for both currencies; live: CloudPayments for rub, Stripe for eur. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'live']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  CLOUDPAYMENTS_PUBLIC_ID: z.string().min(1).optional(),
  CLOUDPAYMENTS_API_SECRET: z.string().min(1).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default('sandbox-webhook-secret-for-development'),
  /** Minutes a sandbox checkout page stays payable. */
  SANDBOX_CHECKOUT_MINUTES: z.coerce.number().int().positive().default(30),
  /** A purchase still pending this long is checked with its provider. */
  PAYMENTS_RECONCILE_AFTER_MINUTES: z.coerce.number().int().positive().default(15),
  /** Buy and promo code calls per minute from one address. */
  PAYMENT_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /** Mail goes out over SMTP when set (smtp://user:pass@host:587); otherwise it is written to <DATA_DIR>/mail. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Терапия онлайн <no-reply@therapy.local>'),
  /** How long a chosen time is kept for the client during checkout. */
  SLOT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** The nearest time a client may book: now plus this notice. */
  BOOKING_MIN_NOTICE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(14 * 24 * 60)
    .default(180),
});

const LIVE_PAYMENT_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CLOUDPAYMENTS_PUBLIC_ID',
  'CLOUDPAYMENTS_API_SECRET',
] as const;

export type TConfig = z.infer<typeof ZConfigSchema> & { webDistDir: string };

/** Reads the environment once and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfigSchema.superRefine((c, issues) => {
    if (c.PAYMENTS_PROVIDER !== 'live') return;
    for (const key of LIVE_PAYMENT_KEYS) {
      if (!c[key]) issues.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENTS_PROVIDER=live' });
    }
  }).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const webDistDir = parsed.data.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  return { ...parsed.data, webDistDir };
}
