/**
 * The optional captcha plugin (spec §2, §5, §9): which providers there are, where each one's widget
 * script comes from (reCAPTCHA also from its China-friendly domain, recaptcha.net), the global its script
 * sets, and the origins its widget needs in the page's Content-Security-Policy. Server and web read this one table.
 */
export const CAPTCHA_PROVIDERS = ['recaptcha', 'hcaptcha', 'turnstile', 'yandex'] as const;
export type TCaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

export type TCaptchaWidgetSource = {
  /** The script, loaded for explicit rendering; `onload` names the global function it calls when ready. */
  scriptUrl: (onload: string, chinaFriendly: boolean) => string;
  /** Origins the widget loads scripts, frames, styles and calls from. */
  origins: (chinaFriendly: boolean) => string[];
};

export const CAPTCHA_WIDGETS: Readonly<Record<TCaptchaProvider, TCaptchaWidgetSource>> = {
  recaptcha: {
    scriptUrl: (onload, china) =>
      `https://www.${china ? 'recaptcha.net' : 'google.com'}/recaptcha/api.js?render=explicit&onload=${onload}&hl=ru`,
    origins: (china) => [china ? 'https://www.recaptcha.net' : 'https://www.google.com', 'https://www.gstatic.com'],
  },
  hcaptcha: {
    scriptUrl: (onload) => `https://js.hcaptcha.com/1/api.js?render=explicit&onload=${onload}&hl=ru`,
    origins: () => ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
  },
  turnstile: {
    scriptUrl: (onload) => `https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=${onload}`,
    origins: () => ['https://challenges.cloudflare.com'],
  },
  yandex: {
    scriptUrl: (onload) => `https://smartcaptcha.yandexcloud.net/captcha.js?render=onload&onload=${onload}`,
    origins: () => ['https://smartcaptcha.yandexcloud.net'],
  },
};

/** The message a widget fails with when its script does not load (spec §8). */
export const CAPTCHA_SCRIPT_FAILED = 'Failed to load script';
/** The message a widget fails with when the element it should render into is not in the page (spec §5). */
export const CAPTCHA_ELEMENT_MISSING = 'Captcha element is missing';
