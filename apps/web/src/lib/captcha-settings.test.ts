import { describe, expect, it, vi } from 'vitest';
import { readCaptchaSettings } from './captcha-settings.ts';

const page = (App: unknown) => ({ App }) as unknown as Window;

describe('window.App.captcha', () => {
  it('reads the captcha settings when the plugin is on, and nothing from a malformed or absent entry', () => {
    const captcha = { provider: 'yandex', site_key: 'ysc1_key', china_friendly: false };
    expect(readCaptchaSettings(page({ env: 'test', user: null, csrf_token: null, captcha }))).toEqual(captcha);
    expect(readCaptchaSettings(page({ env: 'test', user: null, csrf_token: null, captcha: null }))).toBeNull();
    expect(readCaptchaSettings(page({ env: 'test', user: null, csrf_token: null }))).toBeNull();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const broken of [{ ...captcha, provider: 'friendlycaptcha' }, { ...captcha, site_key: 1 }, 'turnstile']) {
      expect(readCaptchaSettings(page({ env: 'test', user: null, csrf_token: null, captcha: broken }))).toBeNull();
    }
    vi.restoreAllMocks();
  });
});
