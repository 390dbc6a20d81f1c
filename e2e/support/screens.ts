import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import type { TRole } from '@therapy/contract';

export const DEMO_PASSWORD = 'demo-password';

/** The sign-in form's words in each interface language (the e-mail field is «E-mail» in both). */
const SIGN_IN_WORDS = {
  ru: { password: 'Пароль', submit: 'Войти' },
  en: { password: 'Password', submit: 'Sign in' },
} as const;

export type TLanguage = keyof typeof SIGN_IN_WORDS;

/** Fills the sign-in form open on the page and sends it, whatever the answer. */
export async function submitSignIn(page: Page, email: string, password: string, language: TLanguage = 'ru') {
  const words = SIGN_IN_WORDS[language];
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(words.password).fill(password);
  // The form's own button, whatever else on the page may carry the same words.
  await page.locator('form').getByRole('button', { name: words.submit }).click();
}

/**
 * Signs an account (a demo one unless a password is given) in on a role's sign-in page, a path on the shared server
 * or an address on a spec's own, and waits until the page has left it (password hashing is slow on a loaded machine).
 */
export async function signInDemo(page: Page, signInPath: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(signInPath);
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/sign-in/, { timeout: 15_000 });
}

/** A request context of its own signed in through the API; `csrf` goes in the `x-csrf-token` header of its writes. */
export async function signInApi(
  baseURL: string,
  email: string,
  { password = DEMO_PASSWORD, role }: { password?: string; role?: TRole } = {},
): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await request.newContext({ baseURL });
  const signIn = await api.post('/api/v1/auth/sign_in', { data: { email, password, ...(role ? { role } : {}) } });
  expect(signIn.status(), `signing ${email} in`).toBe(200);
  const { csrf_token } = (await signIn.json()) as { csrf_token: string };
  return { api, csrf: csrf_token };
}

/** What a screen says while its data is still coming, in Russian and English. */
const LOADING = /^(Загрузка|Загружаем|Loading)…$/;

/** Waits until the screen shows its data: a role's shell paints before its screen, which then loads. */
export async function screenShown(page: Page) {
  await expect(page.getByText(LOADING)).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The page is no wider than the window. Charts and week views lay themselves out again after a resize, so the width
 * is polled until it settles.
 */
export async function expectFitsWindow(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), {
      message: `${what} is no wider than the window`,
    })
    .toBeLessThanOrEqual(0);
}

export type TShotOptions = {
  /** Where the png goes. */
  dir?: string;
  /** The whole page (the default), or only what the window shows. */
  fullPage?: boolean;
  height?: number;
  /** With a full-page shot, also what the window shows, as `<name>-<width>-top.png`. */
  top?: boolean;
};

/** A screenshot at `width` px into `<dir>/<name>-<width>.png` once the screen has loaded and fits the window. */
export async function shootAt(
  page: Page,
  name: string,
  width: number,
  { dir = 'e2e/screenshots', fullPage = true, height = 900, top = false }: TShotOptions = {},
) {
  await page.setViewportSize({ width, height });
  await screenShown(page);
  await expectFitsWindow(page, `${name} at ${width} px`);
  // From the top: a sticky header would otherwise stand where the window was scrolled to, mid-page.
  if (fullPage) await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  if (top) await page.screenshot({ path: `${dir}/${name}-${width}-top.png` });
}

/** `shootAt` at 1280 and 375 px (unless told other widths), then back to 1280 px. */
export async function shootAtWidths(
  page: Page,
  name: string,
  { widths = [1280, 375], ...options }: TShotOptions & { widths?: number[] } = {},
) {
  for (const width of widths) await shootAt(page, name, width, options);
  await page.setViewportSize({ width: 1280, height: 900 });
}
