import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

/** Signs a demo account in on a role's sign-in page and waits until the page has left it. */
export async function signInDemo(page: Page, signInPath: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(signInPath);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).not.toHaveURL(/sign-in/, { timeout: 15_000 });
}

/**
 * Screenshots at 1280 and 375 px into `dir` (full page unless told), each checked to be no wider than the window.
 * Charts and week views lay themselves out again after a resize, so the width is polled until it settles.
 */
export async function shootAtWidths(
  page: Page,
  name: string,
  { dir = 'e2e/screenshots', fullPage = true }: { dir?: string; fullPage?: boolean } = {},
) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), {
        message: `${name} at ${width} px is no wider than the window`,
      })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
