const secret = (tag: string) => `${tag}-${'x'.repeat(40)}`;

/** An APP_ENV=production environment the config accepts: every secret its own and long, live payments, PUBLIC_URL. */
export const PRODUCTION_TEST_ENV = {
  APP_ENV: 'production',
  PUBLIC_URL: 'https://therapy.example',
  PAYMENTS_PROVIDER: 'live',
  SANDBOX_WEBHOOK_SECRET: secret('sandbox'),
  VIDEO_TOKEN_SECRET: secret('video'),
  NOTES_MASTER_KEY: secret('notes'),
  SQIDS_ALPHABET: 'tKvMcRIJbohNxfrZjaLXHdDwil0UnmTVzY8pS6gB4qyOEu29WPsCF15eAQ7G3k',
  STRIPE_SECRET_KEY: secret('sk_live'),
  STRIPE_WEBHOOK_SECRET: secret('whsec'),
  CLOUDPAYMENTS_PUBLIC_ID: 'pk_public_id',
  CLOUDPAYMENTS_API_SECRET: secret('cp'),
} as const;

/** The same for APP_ENV=staging: sandbox payments, secrets still its own. */
export const STAGING_TEST_ENV = {
  APP_ENV: 'staging',
  PUBLIC_URL: 'https://staging.therapy.example',
  SANDBOX_WEBHOOK_SECRET: secret('sandbox'),
  VIDEO_TOKEN_SECRET: secret('video'),
  NOTES_MASTER_KEY: secret('notes'),
  SQIDS_ALPHABET: PRODUCTION_TEST_ENV.SQIDS_ALPHABET,
} as const;
