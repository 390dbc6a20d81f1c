/** The signed-in areas of the web app, under which pages show health data (or, for employers, people's usage). */
const PRIVATE_AREAS = ['/lk', '/therapist', '/business'];

/** Sign-in pages live under the areas' prefixes but are public: the captcha may run there. */
const SIGN_IN = /^\/(therapist|business)\/auth\//;

/**
 * Whether a page belongs to a signed-in area (the client's /lk and its call, the therapist's client pages and
 * calls, the employer's tables): such a page admits no third-party script, so its CSP names no captcha host.
 */
export function isPrivatePage(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  if (SIGN_IN.test(path)) return false;
  return PRIVATE_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
}
