/**
 * The captcha plugin's widget (spec §2, §5, §8, §9), free of React: loads the configured provider's script once
 * (reCAPTCHA from recaptcha.net when `china_friendly`) and renders its widget into an element of the page.
 *
 * It fails with a `CaptchaError`: 'Failed to load script' when the script does not load (blocked, offline, or it
 * loads without setting up its global in time), and 'Captcha element is missing' when the element to render into
 * is not in the page. Hand-written: the four providers' scripts share one shape (explicit rendering, an `onload`
 * callback, `render`/`reset`), and the spec names these failures exactly.
 */
import {
  CAPTCHA_ELEMENT_MISSING,
  CAPTCHA_SCRIPT_FAILED,
  CAPTCHA_WIDGETS,
  type TCaptchaProvider,
} from '@therapy/contract/rules';

export type TCaptchaSettings = { provider: TCaptchaProvider; site_key: string; china_friendly: boolean };

export class CaptchaError extends Error {
  readonly reason: 'script' | 'element';

  constructor(reason: 'script' | 'element') {
    super(reason === 'script' ? CAPTCHA_SCRIPT_FAILED : CAPTCHA_ELEMENT_MISSING);
    this.name = 'CaptchaError';
    this.reason = reason;
  }
}

type TWidgetId = string | number;
/** What each provider's script puts on window (grecaptcha, hcaptcha, turnstile, smartCaptcha). */
type TWidgetApi = {
  render: (element: HTMLElement, params: Record<string, unknown>) => TWidgetId;
  reset: (id?: TWidgetId) => void;
  remove?: (id: TWidgetId) => void;
  destroy?: (id: TWidgetId) => void;
};

const GLOBAL_OF: Record<TCaptchaProvider, string> = {
  recaptcha: 'grecaptcha',
  hcaptcha: 'hcaptcha',
  turnstile: 'turnstile',
  yandex: 'smartCaptcha',
};

/** How long a script may take to load and call back before the widget counts as failed. */
export const CAPTCHA_SCRIPT_TIMEOUT_MS = 20_000;

/** Scripts loading or loaded, by address; one whose tag was taken out of the page is loaded again. */
const loading = new Map<string, { script: HTMLScriptElement; api: Promise<TWidgetApi> }>();

type TWindowWithGlobals = Window & Record<string, unknown>;

/** The provider's widget API, its script loaded once per page; a failed load may be tried again later. */
export function loadCaptchaScript(settings: TCaptchaSettings, win: Window = window): Promise<TWidgetApi> {
  const onload = `onCaptchaLoaded_${settings.provider}`;
  const src = CAPTCHA_WIDGETS[settings.provider].scriptUrl(onload, settings.china_friendly);
  const pending = loading.get(src);
  if (pending?.script.isConnected) return pending.api;
  const globals = win as TWindowWithGlobals;
  const script = win.document.createElement('script');
  const api = new Promise<TWidgetApi>((resolve, reject) => {
    const fail = (): void => {
      win.clearTimeout(timer);
      loading.delete(src);
      script.remove();
      reject(new CaptchaError('script'));
    };
    const timer = win.setTimeout(fail, CAPTCHA_SCRIPT_TIMEOUT_MS);
    globals[onload] = () => {
      win.clearTimeout(timer);
      const widgets = globals[GLOBAL_OF[settings.provider]] as TWidgetApi | undefined;
      if (widgets && typeof widgets.render === 'function') resolve(widgets);
      else fail();
    };
    script.src = src;
    script.async = true;
    script.addEventListener('error', fail);
    win.document.head.append(script);
  });
  loading.set(src, { script, api });
  return api;
}

export type TCaptchaWidget = { reset: () => void; remove: () => void };

export type TCaptchaHandlers = {
  /** A solved widget's token; null when it expired or the widget failed, so the form needs a new one. */
  onToken: (token: string | null) => void;
};

/**
 * Renders the widget into the element with this id. Rejects with a `CaptchaError` (above); with an aborted
 * `signal` (the form went away while the script loaded) it renders nothing and rejects with the abort reason.
 */
export async function renderCaptcha(
  elementId: string,
  settings: TCaptchaSettings,
  { onToken }: TCaptchaHandlers,
  { signal, win = window }: { signal?: AbortSignal; win?: Window } = {},
): Promise<TCaptchaWidget> {
  const find = (): HTMLElement => {
    const element = win.document.getElementById(elementId);
    if (!element) throw new CaptchaError('element');
    return element;
  };
  find();
  const api = await loadCaptchaScript(settings, win);
  signal?.throwIfAborted();
  const element = find();
  const id = api.render(element, {
    sitekey: settings.site_key,
    hl: 'ru',
    callback: (token: unknown) => onToken(typeof token === 'string' && token !== '' ? token : null),
    'expired-callback': () => onToken(null),
    'error-callback': () => onToken(null),
  });
  return {
    reset: () => {
      api.reset(id);
      onToken(null);
    },
    remove: () => {
      (api.remove ?? api.destroy)?.call(api, id);
      element.replaceChildren();
    },
  };
}
