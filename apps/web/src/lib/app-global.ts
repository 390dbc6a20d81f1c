/** `window.App`, rendered by the server into every page: env, the signed-in user, the CSRF token (DESIGN.md, Web). */
import { type TAppGlobal, type TCurrentUser, ZAppGlobalSchema } from '@therapy/contract';

declare global {
  interface Window {
    App?: TAppGlobal;
  }
}

/** The global app object when present and well-formed; null otherwise (a static page, a dev server). */
export function readAppGlobal(win: Window = window): TAppGlobal | null {
  if (win.App === undefined) return null;
  const parsed = ZAppGlobalSchema.safeParse(win.App);
  if (!parsed.success) {
    console.warn('window.App does not match the contract', parsed.error.issues);
    return null;
  }
  return parsed.data;
}

/** The signed-in user from `window.App`, or null when signed out. */
export function readCurrentUser(win: Window = window): TCurrentUser | null {
  return readAppGlobal(win)?.user ?? null;
}

/** The current CSRF token: `window.App.csrf_token`, else `<meta name="csrf-token">`, else null. */
export function readCsrfToken(win: Window = window): string | null {
  const fromGlobal = win.App?.csrf_token;
  if (typeof fromGlobal === 'string' && fromGlobal !== '') return fromGlobal;
  const meta = win.document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
  return meta?.content || null;
}

/** The captcha plugin's settings from `window.App`, or null when the plugin is off (spec §2: optional). */
export function readCaptchaSettings(win: Window = window): NonNullable<TAppGlobal['captcha']> | null {
  return readAppGlobal(win)?.captcha ?? null;
}
