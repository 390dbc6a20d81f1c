/** `window.App`, rendered by the server into every page: env, the signed-in user, the CSRF token (DESIGN.md, Web). */
import type { TAppGlobal, TCurrentUser } from '@therapy/contract';

declare global {
  interface Window {
    App?: TAppGlobal;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const USER_STRINGS = ['hashid', 'role', 'email', 'first_name', 'last_name', 'tz'] as const;
const ROLES: readonly string[] = ['client', 'therapist', 'business_account'] satisfies TCurrentUser['role'][];

/**
 * The shape of the contract's ZAppGlobalSchema, checked by hand: every page reads `window.App` before it renders,
 * and zod with the contract's schemas would be most of the page's first download.
 */
function isAppGlobal(value: unknown): value is TAppGlobal {
  if (!isObject(value) || typeof value.env !== 'string') return false;
  if (value.csrf_token !== null && typeof value.csrf_token !== 'string') return false;
  if (value.sentry_dsn !== undefined && value.sentry_dsn !== null && typeof value.sentry_dsn !== 'string') return false;
  const { user } = value;
  if (user === null) return true;
  return (
    isObject(user) &&
    USER_STRINGS.every((key) => typeof user[key] === 'string') &&
    ROLES.includes(user.role as string) &&
    typeof user.signed_up === 'boolean'
  );
}

/** The global app object when present and well-formed; null otherwise (a static page, a dev server). */
export function readAppGlobal(win: Window = window): TAppGlobal | null {
  if (win.App === undefined) return null;
  if (!isAppGlobal(win.App)) {
    console.warn('window.App does not match the contract', win.App);
    return null;
  }
  return win.App;
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
