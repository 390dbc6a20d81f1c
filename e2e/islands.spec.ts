import { expect, type Page, test } from '@playwright/test';

/** Spec §1: apps are unmounted on browser back/forward navigation (and mounted afresh at the URL the browser went to). */

// The page's element of the app's header, kept on window: after an unmount it is no longer in the page.
async function markHeader(page: Page): Promise<void> {
  await page.evaluate('window.markedHeader = document.querySelector("header")');
}

const markedHeaderIsConnected = (page: Page): Promise<boolean> =>
  page.evaluate<boolean>('window.markedHeader?.isConnected === true');

test('back and forward unmount the app and mount it afresh; links inside the app keep it mounted', async ({ page }) => {
  await page.goto('/auth/sign-in');
  await page.getByLabel('E-mail').fill('client@example.com');
  await page.getByLabel('Пароль').fill('demo-password');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lk$/);
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  await expect(nav.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('aria-current', 'page');

  // A link inside the app changes the page without unmounting it: the header is the same element.
  await markHeader(page);
  await nav.getByRole('link', { name: 'Сессии' }).click();
  await expect(page).toHaveURL(/\/lk\/sessions$/);
  expect(await markedHeaderIsConnected(page)).toBe(true);

  // Back: the app is unmounted (its header element leaves the page) and mounted again at the previous URL.
  await page.goBack();
  await expect(page).toHaveURL(/\/lk$/);
  await expect(nav.getByRole('link', { name: 'Личный кабинет' })).toHaveAttribute('aria-current', 'page');
  expect(await markedHeaderIsConnected(page)).toBe(false);
  await expect(page.getByRole('banner')).toHaveCount(1);

  // Forward: the same again.
  await markHeader(page);
  await page.goForward();
  await expect(page).toHaveURL(/\/lk\/sessions$/);
  await expect(nav.getByRole('link', { name: 'Сессии' })).toHaveAttribute('aria-current', 'page');
  expect(await markedHeaderIsConnected(page)).toBe(false);

  // The remounted app works: its links navigate.
  await nav.getByRole('link', { name: 'Абонементы' }).click();
  await expect(page).toHaveURL(/\/lk\/passes$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
