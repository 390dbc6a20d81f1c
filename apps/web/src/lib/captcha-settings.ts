/**
 * The captcha plugin's settings from `window.App` (spec §2: optional). Apart from app-global.ts: only the forms with
 * a captcha read them, and the providers' table they are checked against should not weigh on every page's entry.
 */
import type { TAppGlobal } from '@therapy/contract';
import { CAPTCHA_PROVIDERS } from '@therapy/contract/rules';
import { isObject, readAppGlobal } from './app-global.ts';

export type TCaptchaGlobal = NonNullable<TAppGlobal['captcha']>;

/** The contract's captcha settings, checked by hand like the rest of `window.App`. */
function isCaptchaGlobal(value: unknown): value is TCaptchaGlobal {
  return (
    isObject(value) &&
    (CAPTCHA_PROVIDERS as readonly unknown[]).includes(value.provider) &&
    typeof value.site_key === 'string' &&
    typeof value.china_friendly === 'boolean'
  );
}

/** The captcha plugin's settings from `window.App`, or null when the plugin is off (spec §2: optional). */
export function readCaptchaSettings(win: Window = window): TCaptchaGlobal | null {
  const captcha = readAppGlobal(win)?.captcha;
  if (captcha === undefined || captcha === null) return null;
  if (!isCaptchaGlobal(captcha)) {
    console.warn('window.App.captcha does not match the contract', captcha);
    return null;
  }
  return captcha;
}
