import path from 'node:path';
import { CAPTCHA_PROVIDERS } from '@therapy/contract/rules';
import { z } from 'zod';
import { DEVELOPMENT_DEFAULTS, deploymentProblems } from './config-safety.ts';
import { parseTrustProxy } from './lib/trust-proxy.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const ZConfigSchema = z.object({
  /** staging and production are deployments: they refuse development secrets (config-safety.ts). */
  APP_ENV: z.enum(['development', 'test', 'staging', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded and generated files (avatars, documents, reports); by default <DATA_DIR>/files. */
  FILES_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** A request waits this long for a database connection before answering 503 (PostgreSQL only). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(1_500),
  /** A statement running longer is cancelled (PostgreSQL's statement_timeout, and the client's own). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REDIS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Unset: demo data everywhere but production, which never has it. */
  SEED_DEMO: bool.optional(),
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
  SQIDS_ALPHABET: z.string().min(16).default(DEVELOPMENT_DEFAULTS.SQIDS_ALPHABET),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  SIGN_UP_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** At info, one in this many successful answers is logged (refusals, failures and slow ones always are). */
  LOG_REQUEST_SAMPLE: z.coerce.number().int().min(1).default(100),
  WEB_DIST_DIR: z.string().optional(),
  /** sandbox: our own test checkout for both currencies; live: CloudPayments for rub, Stripe for eur. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'live']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  CLOUDPAYMENTS_PUBLIC_ID: z.string().min(1).optional(),
  CLOUDPAYMENTS_API_SECRET: z.string().min(1).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).default(DEVELOPMENT_DEFAULTS.SANDBOX_WEBHOOK_SECRET),
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
  /** Signs the short-lived video join tokens; set your own in production. */
  VIDEO_TOKEN_SECRET: z.string().min(16).default(DEVELOPMENT_DEFAULTS.VIDEO_TOKEN_SECRET),
  /**
   * The master key of the therapists' notes (post-session forms, free-text notes): a long random
   * string (32+ characters; `openssl rand -base64 48`). It wraps the data key of each note
   * (lib/notes-crypto.ts). To rotate, set the new one here, the old one in NOTES_MASTER_KEY_PREVIOUS,
   * run `npm run notes:rotate-key -w apps/server`, then drop the previous key.
   */
  NOTES_MASTER_KEY: z.string().min(16).default(DEVELOPMENT_DEFAULTS.NOTES_MASTER_KEY),
  NOTES_MASTER_KEY_PREVIOUS: z.string().min(16).optional(),
  /** How long a join token from the video data stays usable (it never outlives the room). */
  VIDEO_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** The room opens this many minutes before the session starts... */
  VIDEO_JOIN_EARLY_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** ...and closes this many minutes after it ends; then the server ends the call ('time_up'). */
  VIDEO_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** Comma-separated STUN and TURN URLs handed out as ICE servers (stun:host:3478, turn:host:3478?transport=udp). */
  STUN_URLS: list,
  TURN_URLS: list,
  /** coturn's static-auth-secret: TURN credentials are minted from it per participant. */
  TURN_SECRET: z.string().min(1).optional(),
  TURN_CREDENTIAL_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(6 * 60),
  /** Where browsers open the signaling socket; by default the same host as the page. */
  VIDEO_SIGNAL_URL: z.string().url().optional(),
  /** Prefix of the Redis channels and keys of the video rooms (when REDIS_URL is set). */
  VIDEO_REDIS_PREFIX: z.string().min(1).default('therapy:video:'),
  /** Signaling messages one socket may send per second, and the burst above it. */
  VIDEO_SIGNAL_RATE: z.coerce.number().int().positive().default(30),
  VIDEO_SIGNAL_BURST: z.coerce.number().int().positive().default(60),
  /** How often a joined signaling socket checks that its sign-in still exists (logout or expiry ends the call). */
  VIDEO_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * Which proxies may tell us the client's address (X-Forwarded-For): a hop count, or a comma
   * list of IPs/CIDRs (loopback, linklocal, uniquelocal too). Default: none, the socket's peer is the client.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, check) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        check.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Failed sign-ins into one account before each further attempt has to wait. */
  SIGN_IN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  /** The first wait after those failures; it doubles with every further failure, up to the maximum. */
  SIGN_IN_ACCOUNT_BASE_DELAY_MS: z.coerce.number().int().min(1).default(1000),
  SIGN_IN_ACCOUNT_MAX_DELAY_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 60_000),
  /** Prefix of the rate-limit keys in Redis (when REDIS_URL is set): every node counts in the same keys. */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).default('therapy:rl:'),
  /**
   * The captcha plugin (spec §2, §5, §9), off unless a provider is named: its widget on sign-up, and on sign-in
   * after repeated failures, with the token checked at the provider's siteverify.
   */
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** reCAPTCHA only: script and verification from www.recaptcha.net, which is reachable where google.com is not. */
  CAPTCHA_RECAPTCHA_NET: bool.default(false),
  /** Where tokens are verified instead of the provider's own address (a proxy, or a test double). */
  CAPTCHA_VERIFY_URL: z.string().url().optional(),
  /** How long the provider may take to answer a verification; then the form is refused with 503. */
  CAPTCHA_VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Failed sign-ins into one account after which signing into it needs the captcha as well. */
  CAPTCHA_SIGN_IN_AFTER_FAILURES: z.coerce.number().int().min(0).default(3),
  /**
   * The external IP-information service (spec §7), ipinfo.io's protocol: `GET <GEOIP_URL>/<ip>?token=<GEOIP_TOKEN>`.
   * Without a token nothing is asked and the browser's time zone and language decide.
   */
  GEOIP_TOKEN: z.string().min(1).optional(),
  GEOIP_URL: z.string().url().default('https://ipinfo.io'),
  /** How long a lookup may take; slower, the visitor is treated as unknown (the page never waits for it). */
  GEOIP_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1_000),
  /** How long an address's answer is kept; a failed lookup is kept a minute, so a service that is down is not hammered. */
  GEOIP_CACHE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  /** Prefix of the session generation keys in Redis (lib/session-cache.ts), shared by every node. */
  SESSION_CACHE_REDIS_PREFIX: z.string().min(1).default('therapy:sess:'),
  /** Who may read /metrics: a comma list of IPs and CIDR ranges (the client address, as TRUST_PROXY decides it). */
  METRICS_ALLOW: z.string().default('127.0.0.0/8, ::1'),
});

const LIVE_PAYMENT_KEYS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'CLOUDPAYMENTS_PUBLIC_ID',
  'CLOUDPAYMENTS_API_SECRET',
] as const;

export type TConfig = Omit<z.infer<typeof ZConfigSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean; webDistDir: string };

/** The configuration cannot run: one line per problem, each naming its variable. */
export class ConfigError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.join('\n')}`);
    this.problems = problems;
  }
}

/** Reads the environment once and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZConfigSchema.superRefine((c, issues) => {
    if (c.TURN_URLS.length > 0 && !c.TURN_SECRET) {
      issues.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'required when TURN_URLS is set' });
    }
    if (c.CAPTCHA_PROVIDER) {
      for (const key of ['CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET_KEY'] as const) {
        if (!c[key]) issues.addIssue({ code: 'custom', path: [key], message: 'required when CAPTCHA_PROVIDER is set' });
      }
    }
    if (c.PAYMENTS_PROVIDER !== 'live') return;
    for (const key of LIVE_PAYMENT_KEYS) {
      if (!c[key]) issues.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENTS_PROVIDER=live' });
    }
  }).safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const SEED_DEMO = parsed.data.SEED_DEMO ?? parsed.data.APP_ENV !== 'production';
  const problems = deploymentProblems({ ...parsed.data, SEED_DEMO }, env);
  if (problems.length > 0) throw new ConfigError(problems);
  const webDistDir = parsed.data.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  return { ...parsed.data, SEED_DEMO, webDistDir };
}
