/**
 * The captcha plugin's server side (spec §2, §5, §9): a widget token is checked with its provider's own
 * verification protocol, within a timeout. The widget sources (script, CSP origins) are the contract's
 * `CAPTCHA_WIDGETS`; what is here is what only the server knows: the secret and the verification endpoints.
 *
 * - reCAPTCHA, hCaptcha, Turnstile: `POST siteverify` with a form body `secret`, `response`, `remoteip`
 *   (hCaptcha also `sitekey`), answered `{"success": true|false, "error-codes": [...]}`.
 * - Yandex SmartCaptcha: `POST /validate` with a form body `secret`, `token`, `ip`, answered
 *   `{"status": "ok"|"failed", "message": "..."}`.
 *
 * A provider that does not answer in time, answers with an error status or with something else is "unavailable"
 * (503): the form is refused rather than let through, since letting it through would switch the captcha off
 * for anyone who can slow the provider down.
 */
import type { TAppGlobal } from '@therapy/contract';
import { CAPTCHA_WIDGETS, type TCaptchaProvider } from '@therapy/contract/rules';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TConfig } from '../config.ts';
import { AppError } from './errors.ts';

export type TCaptcha = {
  provider: TCaptchaProvider;
  siteKey: string;
  secretKey: string;
  chinaFriendly: boolean;
  verifyUrl: string;
  timeoutMs: number;
  /** Failed sign-ins into an account after which its sign-in needs a token. */
  signInAfterFailures: number;
};

const VERIFY_URLS: Record<TCaptchaProvider, (chinaFriendly: boolean) => string> = {
  recaptcha: (china) => `https://www.${china ? 'recaptcha.net' : 'google.com'}/recaptcha/api/siteverify`,
  hcaptcha: () => 'https://api.hcaptcha.com/siteverify',
  turnstile: () => 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  yandex: () => 'https://smartcaptcha.yandexcloud.net/validate',
};

/** The plugin as configured, or null when it is off (no CAPTCHA_PROVIDER). */
export function captchaFromConfig(config: TConfig): TCaptcha | null {
  const provider = config.CAPTCHA_PROVIDER;
  // loadConfig refuses a provider without both keys; the check keeps the types honest.
  if (!provider || !config.CAPTCHA_SITE_KEY || !config.CAPTCHA_SECRET_KEY) return null;
  const chinaFriendly = provider === 'recaptcha' && config.CAPTCHA_RECAPTCHA_NET;
  return {
    provider,
    siteKey: config.CAPTCHA_SITE_KEY,
    secretKey: config.CAPTCHA_SECRET_KEY,
    chinaFriendly,
    verifyUrl: config.CAPTCHA_VERIFY_URL ?? VERIFY_URLS[provider](chinaFriendly),
    timeoutMs: config.CAPTCHA_VERIFY_TIMEOUT_MS,
    signInAfterFailures: config.CAPTCHA_SIGN_IN_AFTER_FAILURES,
  };
}

/** What the page's `window.App.captcha` says: never the secret. */
export function presentCaptcha(captcha: TCaptcha | null): TAppGlobal['captcha'] {
  return captcha
    ? { provider: captcha.provider, site_key: captcha.siteKey, china_friendly: captcha.chinaFriendly }
    : null;
}

/** The origins the page's CSP must allow for the widget: none when the plugin is off. */
export function captchaOrigins(captcha: TCaptcha | null): string[] {
  return captcha ? CAPTCHA_WIDGETS[captcha.provider].origins(captcha.chinaFriendly) : [];
}

const ZSiteverifySchema = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });
const ZYandexValidateSchema = z.object({ status: z.string(), message: z.string().optional() });

const UNAVAILABLE = 'Не удалось проверить «Я не робот»: сервис проверки не отвечает. Попробуйте ещё раз через минуту';

/** The provider's verdict on a token: true when it passed. Throws `unavailable` when the provider cannot say. */
async function askProvider(captcha: TCaptcha, token: string, ip: string, log: FastifyBaseLogger): Promise<boolean> {
  const body =
    captcha.provider === 'yandex'
      ? new URLSearchParams({ secret: captcha.secretKey, token, ip })
      : new URLSearchParams({
          secret: captcha.secretKey,
          response: token,
          remoteip: ip,
          ...(captcha.provider === 'hcaptcha' ? { sitekey: captcha.siteKey } : {}),
        });
  let json: unknown;
  try {
    const response = await fetch(captcha.verifyUrl, {
      method: 'POST',
      body,
      signal: AbortSignal.timeout(captcha.timeoutMs),
    });
    if (!response.ok) throw new Error(`captcha provider answered ${response.status}`);
    json = await response.json();
  } catch (err) {
    log.warn({ err, provider: captcha.provider }, 'captcha verification failed to get an answer');
    throw new AppError('unavailable', UNAVAILABLE);
  }
  if (captcha.provider === 'yandex') {
    const parsed = ZYandexValidateSchema.safeParse(json);
    if (parsed.success) return parsed.data.status === 'ok';
  } else {
    const parsed = ZSiteverifySchema.safeParse(json);
    if (parsed.success) {
      if (!parsed.data.success) log.info({ codes: parsed.data['error-codes'] }, 'captcha token refused');
      return parsed.data.success;
    }
  }
  log.warn({ provider: captcha.provider }, 'captcha provider answered in an unknown shape');
  throw new AppError('unavailable', UNAVAILABLE);
}

/** Passes when the token is the provider's good word for this visitor; `captcha_required` / `captcha_failed` otherwise. */
export async function verifyCaptcha(
  captcha: TCaptcha,
  token: string | undefined,
  ip: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!token) throw new AppError('captcha_required');
  if (!(await askProvider(captcha, token, ip, log))) throw new AppError('captcha_failed');
}
