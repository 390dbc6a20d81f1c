import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { DEVELOPMENT_DEFAULTS } from './config-safety.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';
import { PRODUCTION_TEST_ENV, STAGING_TEST_ENV } from './test/production-env.ts';

const secret = (tag: string) => `${tag}-${'x'.repeat(40)}`;
const GOOD_PRODUCTION = PRODUCTION_TEST_ENV;

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env as NodeJS.ProcessEnv);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

const without = (key: keyof typeof GOOD_PRODUCTION) => ({ ...GOOD_PRODUCTION, [key]: undefined });

describe('production configuration', () => {
  it('loads a good production configuration, with no demo data', () => {
    const config = loadConfig(GOOD_PRODUCTION);
    expect(config.APP_ENV).toBe('production');
    expect(config.SEED_DEMO).toBe(false);
  });

  it('refuses the development defaults, one line per variable', () => {
    const problems = problemsOf({ ...GOOD_PRODUCTION, ...DEVELOPMENT_DEFAULTS });
    expect(problems).toHaveLength(4);
    for (const key of Object.keys(DEVELOPMENT_DEFAULTS)) {
      expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^${key}: is the public development default`)));
    }
  });

  it.each([
    'SANDBOX_WEBHOOK_SECRET',
    'VIDEO_TOKEN_SECRET',
    'SQIDS_ALPHABET',
    'NOTES_MASTER_KEY',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'CLOUDPAYMENTS_API_SECRET',
  ] as const)('refuses a missing or short %s', (key) => {
    expect(problemsOf(without(key))).toContainEqual(expect.stringMatching(new RegExp(`^${key}(: missing|: required)`)));
    const short = key === 'SQIDS_ALPHABET' ? 'abcdefghijklmnopqrstuvwxyz' : 'short-but-sixteen-chars';
    expect(problemsOf({ ...GOOD_PRODUCTION, [key]: short })).toEqual([
      `${key}: ${short.length} characters, at least 32 are required`,
    ]);
  });

  it('refuses TURN without a long secret of its own', () => {
    const turn = { ...GOOD_PRODUCTION, TURN_URLS: 'turn:turn.example:3478' };
    expect(problemsOf({ ...turn, TURN_SECRET: 'coturn-secret' })).toEqual([
      'TURN_SECRET: 13 characters, at least 32 are required',
    ]);
    expect(problemsOf({ ...turn, TURN_SECRET: secret('turn') })).toEqual([]);
  });

  it('refuses sandbox payments, demo data and a missing PUBLIC_URL, each named', () => {
    const problems = problemsOf({
      ...GOOD_PRODUCTION,
      PAYMENTS_PROVIDER: 'sandbox',
      SEED_DEMO: 'true',
      PUBLIC_URL: undefined,
    });
    expect(problems).toEqual([
      'PUBLIC_URL: missing; APP_ENV=production needs the address the platform is reached at',
      'PAYMENTS_PROVIDER: sandbox takes test cards as payment; production needs live',
      'SEED_DEMO: demo accounts (with a published password) are never created in production',
    ]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({ APP_ENV: 'production' });
    expect(problems.map((line) => line.split(':')[0])).toEqual([
      'SANDBOX_WEBHOOK_SECRET',
      'VIDEO_TOKEN_SECRET',
      'SQIDS_ALPHABET',
      'NOTES_MASTER_KEY',
      'PUBLIC_URL',
      'PAYMENTS_PROVIDER',
    ]);
  });
});

describe('staging configuration', () => {
  const staging = STAGING_TEST_ENV;

  it('allows sandbox payments and demo data', () => {
    const config = loadConfig({ ...staging, SEED_DEMO: 'true' });
    expect(config.PAYMENTS_PROVIDER).toBe('sandbox');
    expect(config.SEED_DEMO).toBe(true);
  });

  it('still requires secrets of its own', () => {
    expect(problemsOf({ ...staging, VIDEO_TOKEN_SECRET: DEVELOPMENT_DEFAULTS.VIDEO_TOKEN_SECRET })).toEqual([
      'VIDEO_TOKEN_SECRET: is the public development default; set a value of its own',
    ]);
  });
});

describe('development configuration', () => {
  it('runs on the built-in defaults with demo data', () => {
    const config = loadConfig({});
    expect(config.APP_ENV).toBe('development');
    expect(config.SEED_DEMO).toBe(true);
  });
});

describe('demo seed', () => {
  it('refuses a production database', async () => {
    // Refused before the database is touched, so none is needed.
    await expect(seedDemoIfEmpty({} as never, { appEnv: 'production' })).rejects.toThrow(/never created/);
  });
});

describe('captcha configuration', () => {
  it('is off unless a provider is named', () => {
    expect(loadConfig(GOOD_PRODUCTION).CAPTCHA_PROVIDER).toBeUndefined();
  });

  it('refuses a provider without its secret or site key, in every environment', () => {
    for (const env of [{}, GOOD_PRODUCTION]) {
      expect(problemsOf({ ...env, CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'site' })).toEqual([
        'CAPTCHA_SECRET_KEY: required when CAPTCHA_PROVIDER is set',
      ]);
      expect(problemsOf({ ...env, CAPTCHA_PROVIDER: 'yandex', CAPTCHA_SECRET_KEY: secret('ysc2') })).toEqual([
        'CAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER is set',
      ]);
    }
    expect(problemsOf({ CAPTCHA_PROVIDER: 'friendly-captcha' })).toEqual([
      expect.stringMatching(/^CAPTCHA_PROVIDER: /),
    ]);
  });

  it("refuses in production a provider's public test secret, which passes every token", () => {
    const captcha = { CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: '1x00000000000000000000AA' };
    expect(
      problemsOf({ ...GOOD_PRODUCTION, ...captcha, CAPTCHA_SECRET_KEY: '1x0000000000000000000000000000000AA' }),
    ).toEqual(["CAPTCHA_SECRET_KEY: is the provider's public test secret, which passes every token; set your own"]);
    expect(problemsOf({ ...GOOD_PRODUCTION, ...captcha, CAPTCHA_SECRET_KEY: secret('turnstile') })).toEqual([]);
  });
});
