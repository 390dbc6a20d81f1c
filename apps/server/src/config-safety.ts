/**
 * What a deployed server (APP_ENV staging or production) refuses to start with. Development and
 * test keep their built-in defaults; anything reachable by others must hold its own secrets.
 */

/** The built-in values: published in this repository, so they protect nothing once deployed. */
export const DEVELOPMENT_DEFAULTS = {
  SQIDS_ALPHABET: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt',
  SANDBOX_WEBHOOK_SECRET: 'sandbox-webhook-secret-for-development',
  VIDEO_TOKEN_SECRET: 'video-token-secret-for-development',
  NOTES_MASTER_KEY: 'notes-master-key-for-development-only-never-deployed',
} as const;

export const MIN_SECRET_LENGTH = 32;

export type TDeployedEnv = 'staging' | 'production';

/**
 * The providers' published test secrets: every token passes with them, so in production the captcha would
 * protect nothing (reCAPTCHA's, hCaptcha's, and Turnstile's "always passes").
 */
export const CAPTCHA_TEST_SECRETS: readonly string[] = [
  '6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe',
  '0x0000000000000000000000000000000000000000',
  '1x0000000000000000000000000000000AA',
];

type TCheckedConfig = {
  APP_ENV: string;
  CAPTCHA_PROVIDER?: string | undefined;
  PAYMENTS_PROVIDER: string;
  SEED_DEMO: boolean;
  TURN_URLS: string[];
};

/** Which secrets this configuration holds and so must be real: some only with the feature that uses them. */
function secretsIn(config: TCheckedConfig): string[] {
  // The sandbox webhook route is always mounted, so its secret matters even with live payments.
  const secrets = ['SANDBOX_WEBHOOK_SECRET', 'VIDEO_TOKEN_SECRET', 'SQIDS_ALPHABET', 'NOTES_MASTER_KEY'];
  if (config.TURN_URLS.length > 0) secrets.push('TURN_SECRET');
  if (config.PAYMENTS_PROVIDER === 'live') {
    secrets.push('STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'CLOUDPAYMENTS_API_SECRET');
  }
  return secrets;
}

/** One line per problem, naming the variable; empty when the configuration may run. */
export function deploymentProblems(config: TCheckedConfig, env: NodeJS.ProcessEnv): string[] {
  const appEnv = config.APP_ENV;
  if (appEnv !== 'staging' && appEnv !== 'production') return [];
  const problems: string[] = [];
  for (const key of secretsIn(config)) {
    const value = env[key];
    const defaultValue = (DEVELOPMENT_DEFAULTS as Record<string, string | undefined>)[key];
    if (value === undefined || value === '') {
      problems.push(
        `${key}: missing; APP_ENV=${appEnv} needs a value of its own (at least ${MIN_SECRET_LENGTH} characters)`,
      );
    } else if (value === defaultValue) {
      problems.push(`${key}: is the public development default; set a value of its own`);
    } else if (value.length < MIN_SECRET_LENGTH) {
      problems.push(`${key}: ${value.length} characters, at least ${MIN_SECRET_LENGTH} are required`);
    }
  }
  if (!env.PUBLIC_URL) {
    problems.push(`PUBLIC_URL: missing; APP_ENV=${appEnv} needs the address the platform is reached at`);
  }
  if (appEnv === 'production') {
    if (config.PAYMENTS_PROVIDER === 'sandbox') {
      problems.push('PAYMENTS_PROVIDER: sandbox takes test cards as payment; production needs live');
    }
    if (config.SEED_DEMO) {
      problems.push('SEED_DEMO: demo accounts (with a published password) are never created in production');
    }
    if (config.CAPTCHA_PROVIDER && CAPTCHA_TEST_SECRETS.includes(env.CAPTCHA_SECRET_KEY ?? '')) {
      problems.push("CAPTCHA_SECRET_KEY: is the provider's public test secret, which passes every token; set your own");
    }
  }
  return problems;
}
