import { CAPTCHA_PROVIDERS } from '@therapy/contract/rules';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  FAKE_VERIFY_PATHS,
  startFakeCaptchaProvider,
  type TFakeCaptchaProvider,
} from '../test/fake-captcha-provider.ts';
import { captchaFromConfig, captchaOrigins, presentCaptcha, type TCaptcha, verifyCaptcha } from './captcha.ts';
import { AppError } from './errors.ts';

const SECRET = 'captcha-secret-of-the-test';
const log = pino({ level: 'silent' });
let fake: TFakeCaptchaProvider;
beforeAll(async () => {
  fake = await startFakeCaptchaProvider(SECRET);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

const captchaOf = (provider: (typeof CAPTCHA_PROVIDERS)[number], env: Record<string, string> = {}): TCaptcha => {
  const captcha = captchaFromConfig(
    loadConfig({
      APP_ENV: 'test',
      CAPTCHA_PROVIDER: provider,
      CAPTCHA_SITE_KEY: `site-key-${provider}`,
      CAPTCHA_SECRET_KEY: SECRET,
      CAPTCHA_VERIFY_URL: `${fake.origin}${FAKE_VERIFY_PATHS[provider]}`,
      CAPTCHA_VERIFY_TIMEOUT_MS: '300',
      ...env,
    }),
  );
  if (!captcha) throw new Error('captcha is off');
  return captcha;
};

const failureOf = async (promise: Promise<unknown>): Promise<{ code: string; status: number; message: string }> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('it passed');
};

describe('verifyCaptcha against each provider protocol', () => {
  it.each(CAPTCHA_PROVIDERS)(
    '%s: a good token passes once, with the secret, the token and the address sent as a form',
    async (provider) => {
      const captcha = captchaOf(provider);
      fake.goodTokens.add(`good-${provider}`);
      await verifyCaptcha(captcha, `good-${provider}`, '203.0.113.7', log);
      const [sent] = fake.requests;
      expect(sent?.path).toBe(FAKE_VERIFY_PATHS[provider]);
      expect(sent?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      expect(sent?.form).toEqual(
        provider === 'yandex'
          ? { secret: SECRET, token: `good-${provider}`, ip: '203.0.113.7' }
          : {
              secret: SECRET,
              response: `good-${provider}`,
              remoteip: '203.0.113.7',
              ...(provider === 'hcaptcha' ? { sitekey: 'site-key-hcaptcha' } : {}),
            },
      );
      // Spent: the same token again is refused, as the providers do.
      expect(await failureOf(verifyCaptcha(captcha, `good-${provider}`, '203.0.113.7', log))).toMatchObject({
        code: 'captcha_failed',
        status: 422,
      });
    },
  );

  it.each(CAPTCHA_PROVIDERS)('%s: a wrong token is captcha_failed, no token captcha_required', async (provider) => {
    const captcha = captchaOf(provider);
    expect(await failureOf(verifyCaptcha(captcha, 'forged', '203.0.113.7', log))).toEqual({
      code: 'captcha_failed',
      status: 422,
      message: 'Проверка «Я не робот» не пройдена: пройдите её ещё раз и отправьте форму снова',
    });
    expect(await failureOf(verifyCaptcha(captcha, undefined, '203.0.113.7', log))).toMatchObject({
      code: 'captcha_required',
      status: 422,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it.each(CAPTCHA_PROVIDERS)('%s: a wrong secret is refused by the provider', async (provider) => {
    const captcha = { ...captchaOf(provider), secretKey: 'someone-elses-secret' };
    fake.goodTokens.add(`secret-${provider}`);
    expect((await failureOf(verifyCaptcha(captcha, `secret-${provider}`, '203.0.113.7', log))).code).toBe(
      'captcha_failed',
    );
  });

  it('a provider slower than the timeout, broken or down is 503 unavailable, never a pass', async () => {
    const captcha = captchaOf('turnstile');
    fake.goodTokens.add('slow-token');
    fake.mode = 'slow';
    fake.slowMs = 2_000;
    const started = Date.now();
    expect(await failureOf(verifyCaptcha(captcha, 'slow-token', '203.0.113.7', log))).toEqual({
      code: 'unavailable',
      status: 503,
      message: 'Не удалось проверить «Я не робот»: сервис проверки не отвечает. Попробуйте ещё раз через минуту',
    });
    expect(Date.now() - started).toBeLessThan(1_500);

    fake.mode = 'broken';
    expect((await failureOf(verifyCaptcha(captcha, 'slow-token', '203.0.113.7', log))).code).toBe('unavailable');

    const down = { ...captcha, verifyUrl: 'http://127.0.0.1:9/turnstile/v0/siteverify' };
    expect((await failureOf(verifyCaptcha(down, 'slow-token', '203.0.113.7', log))).code).toBe('unavailable');
  });
});

describe('captcha configuration', () => {
  it('is off by default: nothing in the page, no CSP origins', () => {
    const captcha = captchaFromConfig(loadConfig({ APP_ENV: 'test' }));
    expect(captcha).toBeNull();
    expect(presentCaptcha(captcha)).toBeNull();
    expect(captchaOrigins(captcha)).toEqual([]);
  });

  it("verifies at each provider's own address, reCAPTCHA at recaptcha.net when asked", () => {
    const at = (provider: (typeof CAPTCHA_PROVIDERS)[number], env: Record<string, string> = {}) =>
      captchaFromConfig(
        loadConfig({
          APP_ENV: 'test',
          CAPTCHA_PROVIDER: provider,
          CAPTCHA_SITE_KEY: 's',
          CAPTCHA_SECRET_KEY: 'k',
          ...env,
        }),
      );
    expect(at('recaptcha')?.verifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(at('recaptcha', { CAPTCHA_RECAPTCHA_NET: 'true' })?.verifyUrl).toBe(
      'https://www.recaptcha.net/recaptcha/api/siteverify',
    );
    expect(captchaOrigins(at('recaptcha', { CAPTCHA_RECAPTCHA_NET: 'true' }))).toContain('https://www.recaptcha.net');
    expect(at('hcaptcha')?.verifyUrl).toBe('https://api.hcaptcha.com/siteverify');
    expect(at('turnstile')?.verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(at('yandex')?.verifyUrl).toBe('https://smartcaptcha.yandexcloud.net/validate');
    expect(presentCaptcha(at('yandex'))).toEqual({ provider: 'yandex', site_key: 's', china_friendly: false });
    // recaptcha.net is reCAPTCHA's alone.
    expect(at('hcaptcha', { CAPTCHA_RECAPTCHA_NET: 'true' })?.chinaFriendly).toBe(false);
  });
});
