import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaError, loadCaptchaScript, renderCaptcha, type TCaptchaSettings } from './captcha.ts';

type TGlobals = Window & Record<string, unknown>;
const globals = window as unknown as TGlobals;

const scriptOf = (host: string): HTMLScriptElement => {
  const script = document.head.querySelector<HTMLScriptElement>(`script[src*="${host}"]`);
  if (!script) throw new Error(`no script from ${host}`);
  return script;
};

/** A provider's script as it behaves once loaded: sets its global and calls the page's onload function. */
function fakeScriptLoaded(script: HTMLScriptElement, globalName: string, api: unknown): void {
  globals[globalName] = api;
  const onload = new URL(script.src).searchParams.get('onload') ?? '';
  (globals[onload] as () => void)();
}

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  vi.useRealTimers();
});

describe('the captcha widget', () => {
  it("fails with 'Failed to load script' when the provider's script does not load, and may be tried again", async () => {
    document.body.innerHTML = '<div id="captcha"></div>';
    const settings: TCaptchaSettings = { provider: 'hcaptcha', site_key: 'site', china_friendly: false };
    const rendering = renderCaptcha('captcha', settings, { onToken: vi.fn() });
    const script = scriptOf('js.hcaptcha.com');
    expect(script.src).toBe('https://js.hcaptcha.com/1/api.js?render=explicit&onload=onCaptchaLoaded_hcaptcha&hl=ru');
    script.dispatchEvent(new Event('error'));
    await expect(rendering).rejects.toThrow(new CaptchaError('script'));
    await expect(rendering).rejects.toThrow('Failed to load script');
    expect(script.isConnected).toBe(false);

    // Tried again: a new script tag.
    const again = loadCaptchaScript(settings);
    const second = scriptOf('js.hcaptcha.com');
    expect(second).not.toBe(script);
    second.dispatchEvent(new Event('error'));
    await expect(again).rejects.toThrow('Failed to load script');
  });

  it("fails with 'Failed to load script' when the script loads but never calls back in time", async () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="captcha"></div>';
    const rendering = renderCaptcha(
      'captcha',
      { provider: 'yandex', site_key: 'ysc1_site', china_friendly: false },
      { onToken: vi.fn() },
    );
    const failed = expect(rendering).rejects.toThrow('Failed to load script');
    await vi.advanceTimersByTimeAsync(20_000);
    await failed;
  });

  it("fails with 'Captcha element is missing' when its element is not in the page, loading nothing", async () => {
    const settings: TCaptchaSettings = { provider: 'turnstile', site_key: 'site', china_friendly: false };
    await expect(renderCaptcha('nowhere', settings, { onToken: vi.fn() })).rejects.toThrow(
      'Captcha element is missing',
    );
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('fails when its element left the page while the script loaded', async () => {
    document.body.innerHTML = '<div id="captcha"></div>';
    const settings: TCaptchaSettings = { provider: 'turnstile', site_key: 'site', china_friendly: false };
    const rendering = renderCaptcha('captcha', settings, { onToken: vi.fn() });
    document.body.replaceChildren();
    fakeScriptLoaded(scriptOf('challenges.cloudflare.com'), 'turnstile', { render: vi.fn(), reset: vi.fn() });
    await expect(rendering).rejects.toThrow(new CaptchaError('element'));
  });

  it('renders reCAPTCHA from recaptcha.net when china-friendly, handing on its token, and resets it', async () => {
    document.body.innerHTML = '<div id="captcha"></div>';
    const onToken = vi.fn();
    const api = { render: vi.fn((_element: HTMLElement, _params: Record<string, unknown>) => 7), reset: vi.fn() };
    const rendering = renderCaptcha(
      'captcha',
      { provider: 'recaptcha', site_key: 'site-key', china_friendly: true },
      { onToken },
    );
    const script = scriptOf('recaptcha');
    expect(new URL(script.src).origin).toBe('https://www.recaptcha.net');
    fakeScriptLoaded(script, 'grecaptcha', api);
    const widget = await rendering;

    expect(api.render).toHaveBeenCalledWith(
      document.getElementById('captcha'),
      expect.objectContaining({ sitekey: 'site-key', hl: 'ru' }),
    );
    const params = api.render.mock.calls[0]?.[1] as unknown as Record<string, (token?: string) => void>;
    params.callback?.('token-1');
    expect(onToken).toHaveBeenLastCalledWith('token-1');
    params['expired-callback']?.();
    expect(onToken).toHaveBeenLastCalledWith(null);
    widget.reset();
    expect(api.reset).toHaveBeenCalledWith(7);
  });
});
