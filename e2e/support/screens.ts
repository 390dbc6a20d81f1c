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

/** Full-page screenshots at 1280 and 375 px into `dir`, each checked to be no wider than the window. */
export async function shootAtWidths(page: Page, name: string, dir = 'e2e/screenshots') {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, `${name} at ${width} px is no wider than the window`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
